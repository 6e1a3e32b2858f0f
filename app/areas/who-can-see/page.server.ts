import { data } from "react-router";
import { z } from "zod";
import { requireSession, whanauPolicy, type Viewing } from "~/.server/proxy-access.server";
import { recordAccessBy } from "~/.server/record-access.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { getPatient } from "~/.server/practice/patient.server";
import { practiceDate } from "~/.server/practice/practice-clock.server";
import { requestForm } from "~/.server/request-form.server";
import { whanauStore, WhanauUnavailable, type ParentRow, type WhanauStore } from "~/.server/whanau-parents.server";
import { parseForm } from "~/lib/form-data";
import { formatDateTime } from "~/lib/dates";
import type { AccessAction } from "~/lib/access-kinds";
import { ageOn, birthdayOf, proxyAccessOf, viewReaches, type ProxyView, type WhanauPolicy } from "~/lib/whanau-access";
import { limitedViewWords } from "~/lib/texts/whanau";
import { seesWords, sharingTexts as t } from "./texts";

/** "Who can see my record": a young person sees each parent who has acted for them and chooses what each sees; only the young person decides (decisions/382). */

export const SharingChoiceSchema = z.object({
  parent: z.string({ message: t.notListed }).regex(/^[A-Za-z0-9_-]{16,64}$/, t.notListed),
  view: z.enum(["rules", "full", "limited", "none"], { message: t.pickOne }),
});

export interface SharingParent {
  key: string;
  name: string;
  since: string;
  /** What they see now, in words ("your whole record"). */
  sees: string;
  /** The young person's choice: "rules" when none. */
  choice: "rules" | ProxyView;
  /** What the rules alone give now, in words. */
  byRules: string;
}

export interface SharingPageData {
  parents: SharingParent[];
  /** The young person may choose now. */
  decides: boolean;
  /** Before they may: when they can, in words; null once they can. */
  notYet: string | null;
  rules: string;
  limited: string;
}

export interface SharingDeps {
  requireSession: (request: Request) => Promise<Viewing>;
  store: Pick<WhanauStore, "parentsOf" | "choose">;
  policy: WhanauPolicy;
  today: (apiBase: string) => string;
}

const portalDeps: SharingDeps = { requireSession, store: whanauStore(), policy: whanauPolicy, today: practiceDate };

const ACTION: Record<"rules" | ProxyView, AccessAction> = { rules: "sharing-by-age", full: "sharing-full", limited: "sharing-limited", none: "sharing-none" };

/** The signed-in young person on their own record, their birth date and age on the practice's date; a proxy is refused in words. */
async function youngPersonOf(request: Request, deps: SharingDeps) {
  const signedIn = await deps.requireSession(request);
  const { user, api } = signedIn;
  if (user.proxy === "Yes" || user.userId !== user.parentId) throw data({ message: t.proxyOnly(user.userName) }, { status: 403, headers: { "Cache-Control": "no-store" } });
  const patient = await getPatient(api, user.userId).catch(practiceErrorResponse);
  const birthDate = patient?.birthDate ?? null;
  const today = deps.today(user.apiBase);
  const age = birthDate ? ageOn(birthDate, today) : null;
  return { signedIn, birthDate, today, decides: age !== null && age >= deps.policy.decidesFrom };
}

function parentOf(row: ParentRow, birthDate: string | null, today: string, policy: WhanauPolicy): SharingParent {
  const limited = limitedViewWords(policy);
  const viewOf = (choice: ProxyView | null) => proxyAccessOf({ relationship: row.relationship, birthDate, practiceDate: today, choice, policy }).view;
  return {
    key: row.holderKey,
    name: row.holderName,
    since: formatDateTime(row.firstSeen.getTime()),
    sees: seesWords(viewOf(row.view), limited),
    choice: row.view ?? "rules",
    byRules: seesWords(viewOf(null), limited),
  };
}

const unavailable = () => data({ message: t.unavailable }, { status: 503, headers: { "Cache-Control": "no-store" } });

export async function loadSharingPage(request: Request, deps: SharingDeps = portalDeps): Promise<SharingPageData> {
  const { signedIn, birthDate, today, decides } = await youngPersonOf(request, deps);
  const rows = await deps.store.parentsOf({ apiBase: signedIn.user.apiBase, patientId: signedIn.user.userId }).catch((error: unknown) => {
    if (error instanceof WhanauUnavailable) throw unavailable();
    throw error;
  });
  const policy = deps.policy;
  const limited = limitedViewWords(policy);
  const from = birthDate ? birthdayOf(birthDate, policy.decidesFrom) : null;
  return {
    parents: rows.map((row) => parentOf(row, birthDate, today, policy)),
    decides,
    notYet: decides ? null : from ? t.notYet(from.split("-").reverse().join("-"), policy.decidesFrom) : t.tooYoung(policy.decidesFrom),
    rules: t.rules(policy.limitedFrom, policy.adultFrom, limited),
    limited,
  };
}

type SharingAnswer = { ok: true; message: string; parent: string } | { ok: false; message: string; fields?: Record<string, string> };

/** The young person's choice for one parent: stored, on both access records, and told in words. */
export async function saveSharingChoice(request: Request, deps: SharingDeps = portalDeps) {
  const { signedIn, birthDate, today, decides } = await youngPersonOf(request, deps);
  if (!decides) return data({ ok: false, message: t.tooYoung(deps.policy.decidesFrom) } satisfies SharingAnswer, { status: 403 });
  const parsed = parseForm(await requestForm(request), SharingChoiceSchema);
  if (!parsed.ok) return data({ ok: false, message: Object.values(parsed.errors)[0] ?? t.pickOne, fields: parsed.errors as Record<string, string> } satisfies SharingAnswer, { status: 400 });
  const { parent, view } = parsed.value;
  const young = { apiBase: signedIn.user.apiBase, patientId: signedIn.user.userId };
  const choice = view === "rules" ? null : view;
  let chosen: Awaited<ReturnType<SharingDeps["store"]["choose"]>>;
  try {
    // What the parent sees once this is saved decides whether their share links of the summary end.
    const row = (await deps.store.parentsOf(young)).find((r) => r.holderKey === parent);
    if (!row) return data({ ok: false, message: t.notListed, fields: { parent: t.notListed } } satisfies SharingAnswer, { status: 400 });
    const sees = proxyAccessOf({ relationship: row.relationship, birthDate, practiceDate: today, choice, policy: deps.policy }).view;
    chosen = await deps.store.choose(young, parent, choice, { endShareLinks: !viewReaches(sees, "summary", deps.policy) });
  } catch (error) {
    if (error instanceof WhanauUnavailable) return data({ ok: false, message: t.unavailable } satisfies SharingAnswer, { status: 503 });
    throw error;
  }
  if (!chosen) return data({ ok: false, message: t.notListed, fields: { parent: t.notListed } } satisfies SharingAnswer, { status: 400 });
  const { row, endedLinks } = chosen;
  // On the young person's record (they chose), and on the parent's (what they see changed, and by whom).
  recordAccessBy(signedIn, request, { area: "sharing", action: ACTION[view] });
  recordAccessBy(signedIn, request, { area: "sharing", action: ACTION[view], patientId: row.holderId });
  for (const id of endedLinks) recordAccessBy(signedIn, request, { area: "summary", action: "share-link-revoked", itemId: id });
  const now = parentOf(row, birthDate, today, deps.policy);
  return { ok: true, message: t.saved(row.holderName, now.sees), parent: row.holderKey } satisfies SharingAnswer;
}
