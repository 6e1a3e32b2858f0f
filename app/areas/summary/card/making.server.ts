import { randomBytes } from "node:crypto";
import { documentRefusal, type DocumentRate } from "~/.server/document-rate.server";
import { anonymousSessionId, accountHolderKey } from "~/.server/opaque-names.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import type { Viewing } from "~/.server/proxy-access.server";
import { recordAccessBy } from "~/.server/record-access.server";
import { authenticationOptions, checkPasskey, PasskeysUnavailable, portalPasskeys, verdictMessage, type AssertionCeremony, type Passkeys } from "~/.server/sign-in-security/passkeys.server";
import { refuse, type Refusal, type StepHandlers } from "~/.server/steps.server";
import { practiceDateTime } from "~/lib/dates";
import { readSummaryRecord } from "../page.server";
import { cardContentsOf } from "./contents.server";
import type { summarySteps } from "../steps";
import { COPY_ID, HealthCardsUnavailable, portalHealthCards, type HealthCardStore } from "~/.server/health-cards.server";
import { cardTexts as t } from "./texts";

/** Keeping a health card (issue 71, decisions/405): the summary's steps card-options and card-make, for the person viewed; and the device's two questions. */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface CardStepContext {
  signedIn: Viewing;
  request: Request;
  deps: { passkeys?: Passkeys; cards?: HealthCardStore; rate?: DocumentRate };
}

/** The holder's card ceremony, bound to this session: an answer from another session's prompt is not taken. */
function ceremonyOf({ user, session }: Viewing): { holderKey: string; ceremony: AssertionCeremony } {
  return { holderKey: accountHolderKey(user.apiBase, user.parentId), ceremony: { purpose: "card", session: anonymousSessionId(session.id) } };
}

async function unlessUnavailable<R>(work: () => Promise<R | Refusal>): Promise<R | Refusal> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PasskeysUnavailable || error instanceof HealthCardsUnavailable) return refuse(t.unavailable, { status: 503 });
    throw error;
  }
}

/** The card steps' handlers, answered by the summary's dispatcher (steps.server.ts). */
export const cardHandlers: Pick<StepHandlers<typeof summarySteps, CardStepContext>, "card-options" | "card-make"> = {
  "card-options": (_, { signedIn, deps: { passkeys = portalPasskeys } }) =>
    unlessUnavailable(async () => {
      if (!passkeys.relyingParty) return refuse(t.unavailable, { status: 503 });
      const { holderKey, ceremony } = ceremonyOf(signedIn);
      const options = await authenticationOptions(passkeys, holderKey, ceremony);
      if ((options.allowCredentials ?? []).length === 0) return refuse(t.noPasskey, { status: 409 });
      return { options };
    }),
  "card-make": ({ answer, days }, { signedIn, request, deps: { passkeys = portalPasskeys, cards = portalHealthCards, rate } }) =>
    unlessUnavailable(async () => {
      const { holderKey, ceremony } = ceremonyOf(signedIn);
      const madeAt = new Date();
      // Only a passkey that may lock a card (its PRF said yes, or was not asked) makes one: the prompt offers no
      // other. Another account's is left to the check below, which says so.
      const [lockable, all] = await Promise.all([passkeys.store.credentials(holderKey, { lockable: true }), passkeys.store.credentials(holderKey)]);
      const named = (list: { id: string }[]) => list.some((credential) => credential.id === answer.id);
      if (named(all) && !named(lockable)) return refuse(t.passkeyNoPrf, { status: 400 });
      const verdict = await checkPasskey(passkeys, holderKey, answer, madeAt, ceremony);
      if (verdict !== "accepted") return refuse(verdictMessage(verdict), { status: 400 });
      // The whole summary leaves for the device: counted as a document, as its downloads are (decisions/226).
      const refused = await documentRefusal(signedIn, rate);
      if (refused) return refuse(refused.message, { status: 429 });
      let record;
      try {
        record = await readSummaryRecord(signedIn.api, signedIn.user.userId);
      } catch (error) {
        if (!(error instanceof PracticeApiError)) throw error;
        return error.kind === "forbidden" ? refuse(t.forbidden, { status: 403 }) : refuse(t.failed, { status: 503 });
      }
      // A parent's card of a child opens, at the latest, until the birthday from which the parent's view
      // no longer holds the summary (whānau access, decisions/382), as a share link ends.
      const until = signedIn.access?.reason === "age" && signedIn.access.changes ? practiceDateTime(signedIn.access.changes).toMillis() : Infinity;
      const expiresAt = new Date(Math.min(madeAt.getTime() + days * DAY_MS, until));
      // The view changes within the hour (the birthday, by the practice's date): no card worth keeping.
      if (expiresAt.getTime() - madeAt.getTime() < HOUR_MS) return refuse(t.viewChanging, { status: 409 });
      const copyId = randomBytes(16).toString("base64url");
      await cards.add({ copyId, holderKey, credentialId: answer.id, madeAt, expiresAt });
      recordAccessBy(signedIn, request, { area: "summary", action: "card-kept", itemId: copyId });
      const contacts = signedIn.access?.reaches("profile") ?? true;
      return { card: cardContentsOf(record, { copyId, madeAt, expiresAt, contacts }) };
    }),
};

/** GET /card/status?copies=a,b: of the copies asked about, those that stand. No session: a copy's id is a random name that opens nothing. */
export async function cardStatusResponse(request: Request, store: HealthCardStore = portalHealthCards): Promise<Response> {
  const asked = (new URL(request.url).searchParams.get("copies") ?? "").split(",");
  try {
    const standing = await store.standing(asked);
    return Response.json({ standing: [...standing] }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    // Unknown is not "ended": the device keeps its copies until the store can say.
    if (error instanceof HealthCardsUnavailable) return Response.json({ message: t.unavailable }, { status: 503, headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}

/** POST /card/end: the device wiped this copy ("Remove from this device"), so it stands no more. */
export async function cardEndResponse(request: Request, store: HealthCardStore = portalHealthCards): Promise<Response> {
  const copy = String((await request.formData()).get("copy") ?? "");
  if (!COPY_ID.test(copy)) return new Response(null, { status: 400 });
  try {
    await store.end(copy);
  } catch (error) {
    if (error instanceof HealthCardsUnavailable) return new Response(null, { status: 503 });
    throw error;
  }
  return new Response(null, { status: 204 });
}
