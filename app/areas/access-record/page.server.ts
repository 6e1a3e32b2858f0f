import { DateTime } from "luxon";
import { listAccess, type AccessEntry, type AccessQuery } from "~/.server/access-entries.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import type { PortalStore } from "~/.server/portal-store.server";
import { recordAccessBy } from "~/.server/record-access.server";
import { type SignedIn } from "~/.server/session.server";
import { holderReaches, requireSession } from "~/.server/proxy-access.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { linkedAccountsOf } from "~/.server/linked-accounts.server";
import type { AccessArea } from "~/lib/access-kinds";
import { queryDateOf } from "~/lib/date-range";
import { formatDateTime, PRACTICE_ZONE } from "~/lib/dates";
import { parseForm, resultOf } from "~/lib/form-data";
import { csvOf } from "./csv";
import { AccessFiltersSchema, accessSearch, cursorOf } from "./filters";
import { accessRecordTexts as t, AREA_WORDS } from "./texts";
import { describeAccess, whoOf, type AccessRecordPageData, type AccessRow } from "./view";
import { deviceName } from "~/lib/device-name";

/** "Who has looked at my record": the access record of the holder's own or a linked account's record, paged and as CSV; any other id lists nothing (decisions/160, 274). */

type Viewer = Pick<SignedIn, "api" | "user">;

/**
 * The people whose access record this login may read: the holder's own, and each other person (the one
 * viewed, the practice's linked accounts) only while the holder may see that person's access record by
 * the rules a view of their record follows now (issue 67, F2): a parent of a 14-year-old no longer does.
 */
async function peopleOf(signedIn: Viewer): Promise<{ id: string; name: string }[]> {
  const { api, user } = signedIn;
  const candidates: { id: string; name: string; relationship?: string }[] = [{ id: user.parentId, name: user.parentName }];
  if (user.userId !== user.parentId) candidates.push({ id: user.userId, name: user.userName, relationship: user.relationship });
  if (user.linked === true) {
    for (const account of await linkedAccountsOf(api, user.parentId).catch(practiceErrorResponse)) if (!candidates.some((p) => p.id === account.id)) candidates.push(account);
  }
  const allowed = await Promise.all(candidates.map((person) => holderReaches(signedIn, person, "access-record")));
  return candidates.filter((_, n) => allowed[n]).map(({ id, name }) => ({ id, name }));
}

interface View {
  typed: { person: string; area: string; from: string; to: string };
  people: { id: string; name: string }[];
  person: string;
  refusal: AccessRecordPageData["filtersResult"];
  query: Omit<AccessQuery, "after" | "pageSize"> | null;
}

/** The address's filters, checked with the form's own schema, and the person checked against this login's. */
async function viewOf(signedIn: Viewer, url: URL): Promise<View> {
  const { user } = signedIn;
  const read = (name: string) => url.searchParams.get(name) ?? "";
  const typed = { person: read("person"), area: read("area"), from: read("from"), to: read("to") };
  const people = await peopleOf(signedIn);
  const parsed = parseForm(new URLSearchParams(typed), AccessFiltersSchema);
  if (!parsed.ok) return { typed, people, person: user.userId, refusal: parsed.result, query: null };
  const person = parsed.value.person || user.userId;
  if (!people.some((p) => p.id === person)) return { typed, people, person: user.userId, refusal: resultOf({ person: t.notYours }) ?? null, query: null };
  // The days are the practice's: from the start of the first to the end of the last, in Pacific/Auckland.
  const from = queryDateOf(parsed.value.from);
  const to = queryDateOf(parsed.value.to);
  return {
    typed,
    people,
    person,
    refusal: null,
    query: {
      practice: user.apiBase,
      patientId: person,
      area: (parsed.value.area || undefined) as AccessArea | undefined,
      from: from ? DateTime.fromISO(from, { zone: PRACTICE_ZONE }).startOf("day").toJSDate() : undefined,
      to: to ? DateTime.fromISO(to, { zone: PRACTICE_ZONE }).plus({ days: 1 }).startOf("day").toJSDate() : undefined,
    },
  };
}

function rowsOf(entries: AccessEntry[], { user }: Viewer, people: View["people"]): AccessRow[] {
  const viewer = { holderKey: accountHolderKey(user.apiBase, user.parentId), names: new Map(people.map((p) => [accountHolderKey(user.apiBase, p.id), p.name])) };
  return entries.map((e) => ({
    id: e.id,
    when: formatDateTime(e.at.getTime()),
    iso: DateTime.fromJSDate(e.at, { zone: PRACTICE_ZONE }).toISO() ?? e.at.toISOString(),
    who: whoOf(e, viewer),
    what: describeAccess(e.area, e.action, e.itemId !== null),
    area: AREA_WORDS[e.area] ?? e.area,
    action: e.action,
    itemId: e.itemId,
    device: e.device && deviceName(e.device),
  }));
}

export async function loadAccessRecordPage(request: Request): Promise<AccessRecordPageData> {
  return accessRecordPage(await requireSession(request), new URL(request.url));
}

/** The page's data for one address; the store and the page size are the portal's unless a test gives its own. */
export async function accessRecordPage(signedIn: Viewer, url: URL, options: { store?: PortalStore; pageSize?: number } = {}): Promise<AccessRecordPageData> {
  const view = await viewOf(signedIn, url);
  const after = cursorOf(url.searchParams.get("after"));
  const common = {
    filters: view.typed,
    person: view.person,
    people: view.people.map((p) => ({ value: p.id, label: p.id === signedIn.user.parentId ? t.youNamed(p.name) : p.name })),
    filtersResult: view.refusal,
    paged: after !== null,
    filtered: view.typed.area !== "" || view.typed.from !== "" || view.typed.to !== "",
    download: `/access-record/download${accessSearch(view.typed)}`,
  };
  if (!view.query) return { ...common, rows: [], older: null };
  const page = await listAccess({ ...view.query, after, pageSize: options.pageSize ?? 50 }, ...(options.store ? [options.store] : []));
  return { ...common, rows: rowsOf(page.entries, signedIn, view.people), older: page.next ? `/access-record${accessSearch(view.typed, page.next)}` : null };
}

/** The most a CSV holds: 50 pages of the store's largest (200), ten thousand entries. */
const CSV_PAGES = 50;

const plain = (status: number, text: string) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** GET /access-record/download: the view's every entry (up to ten thousand) as a CSV file; the download itself is recorded. */
export async function accessCsvResponse(request: Request, options: { store?: PortalStore } = {}): Promise<Response> {
  const signedIn = await requireSession(request);
  const view = await viewOf(signedIn, new URL(request.url));
  if (!view.query) return plain(view.typed.person && view.refusal?.error?.person ? 403 : 400, Object.values(view.refusal?.error ?? {}).flat()[0] ?? t.notYours);
  const entries: AccessEntry[] = [];
  let after: string | null = null;
  for (let n = 0; n < CSV_PAGES; n++) {
    const page = await listAccess({ ...view.query, after, pageSize: 200 }, ...(options.store ? [options.store] : []));
    entries.push(...page.entries);
    after = page.next;
    if (!after) break;
  }
  const rows = rowsOf(entries, signedIn, view.people);
  const text = csvOf(
    ["When (New Zealand time)", "Who", "What", "Area", "Action", "Item", "Device"],
    rows.map((r) => [r.iso, r.who, r.what, r.area, r.action, r.itemId, r.device]),
  );
  recordAccessBy(signedIn, request, { area: "access-record", action: "download", patientId: view.query.patientId });
  const day = DateTime.now().setZone(PRACTICE_ZONE).toFormat("yyyy-MM-dd");
  return new Response(text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="access-record-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
