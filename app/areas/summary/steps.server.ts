import { practiceKey } from "~/.server/access-entries.server";
import { documentRefusal } from "~/.server/document-rate.server";
import { currentRequestId, observability } from "~/.server/observability.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { publicOriginOf } from "./public-origin.server";
import { recordAccessBy } from "~/.server/record-access.server";
import { requireSession, type Viewing } from "~/.server/proxy-access.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { refuse, stepDispatcher, type Refusal, type StepHandlers } from "~/.server/steps.server";
import { formatDateTime, practiceDateTime } from "~/lib/dates";
import { summaryBundle } from "./fhir";
import { readSummaryRecord } from "./page.server";
import { linksOf, portalDeps, type ShareDeps } from "./share-page.server";
import { assertShareOrigin, makeShareLink, qrCodeOf, ShareOriginTooLong } from "./share-link-making.server";
import { ShareLinksUnavailable } from "./share-link-store.server";
import { SHARE_ORIGIN_MAX } from "./shlink";
import { summarySteps } from "./steps";
import { cardHandlers } from "./card/making.server";
import { shareTexts as t } from "./texts";

/** /summary/step: Share by link's two steps, share-create and share-revoke (decisions/305-309, 377), and keeping a health card, card-options and card-make (decisions/405). */

/** What every share step is given: the session, the request it came with, and what the steps use. */
interface ShareStepContext {
  signedIn: Viewing;
  request: Request;
  deps: ShareDeps;
}

/** The portal's own store or origin could not serve a step: said in the patient's words, for the operator the origin's length only. */
async function unlessUnavailable<R>(work: () => Promise<R | Refusal>): Promise<R | Refusal> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShareLinksUnavailable) return refuse(t.unavailable, { status: 503 });
    if (error instanceof ShareOriginTooLong) {
      // For the operator: the length only, which says what to change (the origin is not a secret, but
      // the length is all that is needed). Nothing of the patient's.
      observability().logger.error({ kind: "share-link", requestId: currentRequestId(), originLength: error.originLength, originMax: SHARE_ORIGIN_MAX }, "share link refused: the portal's origin is too long for a share link");
      return refuse(t.originTooLong, { status: 503 });
    }
    throw error;
  }
}

const shareHandlers: Pick<StepHandlers<typeof summarySteps, ShareStepContext>, "share-create" | "share-revoke"> = {
  "share-create": (form, { signedIn, request, deps }) =>
    unlessUnavailable(async () => {
      const { user } = signedIn;
      const now = deps.now();
      // Before the practice is asked or a document counted: at an origin too long for the link's
      // address no link can be made, and the patient is told so rather than shown a failure.
      const origin = publicOriginOf(request, deps.origin);
      assertShareOrigin(origin);
      // The whole summary leaves through the link: counted as a document (decisions/226).
      const refused = await documentRefusal(signedIn, deps.rate);
      if (refused) return refuse(refused.message, { status: 429 });
      let record;
      try {
        record = await readSummaryRecord(signedIn.api, user.userId);
      } catch (error) {
        if (!(error instanceof PracticeApiError)) throw error;
        return error.kind === "forbidden" ? refuse(t.forbidden, { status: 403 }) : refuse(t.failed, { status: 503 });
      }
      const json = JSON.stringify(summaryBundle(record, now));
      const maker = { apiBase: user.apiBase, patientId: user.userId, holderKey: accountHolderKey(user.apiBase, user.parentId) };
      // A parent's link to a child's summary ends, at the latest, on the birthday from which the
      // parent's view no longer holds the summary (whānau access, decisions/382).
      const until = signedIn.access?.reason === "age" && signedIn.access.changes ? practiceDateTime(signedIn.access.changes).toJSDate() : null;
      const made = await makeShareLink(deps.store, maker, json, form, origin, now, until);
      recordAccessBy(signedIn, request, { area: "summary", action: "share-link-made", itemId: made.id });
      return { shlink: made.shlink, qr: await qrCodeOf(made.shlink), label: made.label, expires: formatDateTime(made.expiresAt.getTime()), links: await linksOf(user, deps) };
    }),
  "share-revoke": ({ link: id }, { signedIn, request, deps }) =>
    unlessUnavailable(async () => {
      const { user } = signedIn;
      const revoked = /^[A-Za-z0-9_-]{22}$/.test(id) && (await deps.store.revoke(practiceKey(user.apiBase), user.userId, id, deps.now()));
      if (!revoked) return refuse(t.notFound, { status: 404 });
      recordAccessBy(signedIn, request, { area: "summary", action: "share-link-revoked", itemId: id });
      return { message: t.revoked, links: await linksOf(user, deps) };
    }),
};

/** /summary/step's action: the person viewed's links and health cards only (whose comes from the session). */
export function answerSummarySteps(request: Request, deps: ShareDeps = portalDeps): Promise<Response> {
  return stepDispatcher<typeof summarySteps, ShareStepContext>(summarySteps, { ...shareHandlers, ...cardHandlers }, { begin: async (request) => ({ signedIn: await requireSession(request), request, deps }) })(request);
}
