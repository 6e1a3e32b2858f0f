import { data } from "react-router";
import { practiceKey } from "~/.server/access-record.server";
import { documentRate, documentRefusal, type DocumentRate } from "~/.server/document-rate.server";
import { config } from "~/.server/config.server";
import { currentRequestId, observability } from "~/.server/observability.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { publicOriginOf } from "./public-origin.server";
import { recordAccessBy } from "~/.server/record-access.server";
import { requireSession } from "~/.server/session.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { formatDateTime } from "~/lib/dates";
import { parseForm } from "~/lib/form-data";
import { summaryBundle } from "./fhir";
import { readSummaryRecord } from "./page.server";
import { assertShareOrigin, makeShareLink, qrCodeOf, shareLinkStore, ShareLinksUnavailable, shareLinkViews, ShareOriginTooLong, type ShareLinkStore } from "./share.server";
import { SHARE_ORIGIN_MAX, ShareLinkFormSchema } from "./shlink";
import { shareTexts as t } from "./texts";
import type { ShareLinkListItem, ShareReply } from "./view";

/**
 * Share by link on "My health summary" (issue 32, decisions/305-309): the person viewed's links
 * (the patient's own, or a family member's for a proxy: whose comes from the session only) and the
 * page's two intents, share-create and share-revoke, posted to /summary's own action by a fetcher.
 */

export const SHARE_INTENT = "share-";

export interface ShareDeps {
  store: ShareLinkStore;
  rate: DocumentRate;
  now: () => Date;
  /** PORTAL_ORIGIN: the origin a link names; unset, the request's (app/areas/summary/public-origin.server.ts). */
  origin?: string;
}

const portalDeps: ShareDeps = { store: shareLinkStore(), rate: documentRate, now: () => new Date(), origin: config.PORTAL_ORIGIN };

/** The person viewed's links, newest first; null when the portal's store cannot say just now. */
export async function shareLinksOf(request: Request, deps: ShareDeps = portalDeps): Promise<ShareLinkListItem[] | null> {
  const { user } = await requireSession(request);
  try {
    const rows = await deps.store.list(practiceKey(user.apiBase), user.userId);
    return shareLinkViews(rows, deps.now()).map((v) => ({ id: v.id, label: v.label, created: formatDateTime(v.created.getTime()), expires: formatDateTime(v.expires.getTime()), uses: v.uses, status: v.status }));
  } catch (error) {
    if (error instanceof ShareLinksUnavailable) return null;
    throw error;
  }
}

/** The page's share intents: make a link, revoke one. */
export async function shareAction(request: Request, form: FormData, deps: ShareDeps = portalDeps) {
  const signedIn = await requireSession(request);
  const { user } = signedIn;
  const intent = String(form.get("intent") ?? "");
  const answer = (reply: ShareReply, status = 200) => data<ShareReply>(reply, { status, headers: { "Cache-Control": "no-store" } });
  const now = deps.now();
  try {
    if (intent === "share-create") {
      const parsed = parseForm(form, ShareLinkFormSchema);
      if (!parsed.ok) return answer({ ok: false, intent, errors: parsed.errors }, 400);
      // Before the practice is asked or a document counted: at an origin too long for the link's
      // address no link can be made, and the patient is told so rather than shown a failure.
      const origin = publicOriginOf(request, deps.origin);
      assertShareOrigin(origin);
      // The whole summary leaves through the link: counted as a document (decisions/226).
      const refused = await documentRefusal(signedIn, deps.rate);
      if (refused) return answer({ ok: false, intent, message: refused.message }, 429);
      let record;
      try {
        record = await readSummaryRecord(signedIn.api, user.userId);
      } catch (error) {
        if (!(error instanceof PracticeApiError)) throw error;
        return answer({ ok: false, intent, message: error.kind === "forbidden" ? t.forbidden : t.failed }, error.kind === "forbidden" ? 403 : 503);
      }
      const json = JSON.stringify(summaryBundle(record, now));
      const maker = { apiBase: user.apiBase, patientId: user.userId, holderKey: accountHolderKey(user.apiBase, user.parentId) };
      const made = await makeShareLink(deps.store, maker, json, parsed.value, origin, now);
      recordAccessBy(signedIn, request, { area: "summary", action: "share-link-made", itemId: made.id });
      return answer({ ok: true, intent, made: { shlink: made.shlink, qr: await qrCodeOf(made.shlink), label: made.label, expires: formatDateTime(made.expiresAt.getTime()) } });
    }
    if (intent === "share-revoke") {
      const id = String(form.get("link") ?? "");
      const revoked = /^[A-Za-z0-9_-]{22}$/.test(id) && (await deps.store.revoke(practiceKey(user.apiBase), user.userId, id, now));
      if (!revoked) return answer({ ok: false, intent, message: t.notFound }, 404);
      recordAccessBy(signedIn, request, { area: "summary", action: "share-link-revoked", itemId: id });
      return answer({ ok: true, intent, message: t.revoked });
    }
    return answer({ ok: false, intent, message: "Unknown request" }, 400);
  } catch (error) {
    if (error instanceof ShareLinksUnavailable) return answer({ ok: false, intent, message: t.unavailable }, 503);
    if (error instanceof ShareOriginTooLong) {
      // For the operator: the length only, which says what to change (the origin is not a secret, but
      // the length is all that is needed). Nothing of the patient's.
      observability().logger.error({ kind: "share-link", requestId: currentRequestId(), originLength: error.originLength, originMax: SHARE_ORIGIN_MAX }, "share link refused: the portal's origin is too long for a share link");
      return answer({ ok: false, intent, message: t.originTooLong }, 503);
    }
    throw error;
  }
}
