import type { AccessAction, AccessArea } from "~/lib/access-kinds";
import { recordAccess, type AccessEvent } from "./access-entries.server";
import { currentRequestId, observability } from "./observability.server";
import { openSession, type SignedIn } from "./session.server";
import { accountHolderKey, anonymousSessionId } from "./opaque-names.server";
import { requestAddressOf } from "./request-address.server";

/** How the portal records an access: page views once by the shell, downloads and changes where they happen; never holds up or fails the page (decisions/270, 274). */

export interface AccessWhat {
  area: AccessArea;
  action: AccessAction;
  /** The practice's opaque id of the one item seen, downloaded or changed; none for a page or a list. */
  itemId?: string | null;
  /** Whose record, when not the viewed patient's: a linked account's access record downloaded by its holder. */
  patientId?: string;
}

const ITEM_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The proxy's name as the record may hold it (a name's characters only); a name left empty by that is still a proxy. */
function proxyNameOf(name: string): string {
  const cleaned = name.replace(/[\d\n\r\t<>]/g, " ").replace(/\s+/g, " ").trim().slice(0, 100);
  return cleaned || "A linked account holder";
}

/**
 * The event for one access by this session: on the viewed patient's record (userId), by the account
 * holder who signed in, named only when they act for someone else (a proxy). Never the patient's name
 * or anything of the record itself: the area, the action and an opaque id.
 */
export function accessEventOf({ session, user }: Pick<SignedIn, "session" | "user">, request: Request, what: AccessWhat): AccessEvent {
  const patientId = what.patientId ?? user.userId;
  return {
    practice: user.apiBase,
    patientId,
    holderKey: accountHolderKey(user.apiBase, user.parentId),
    proxyName: patientId !== user.parentId ? proxyNameOf(user.parentName) : null,
    area: what.area,
    action: what.action,
    itemId: what.itemId != null && ITEM_ID.test(what.itemId) ? what.itemId : null,
    userAgent: request.headers.get("User-Agent"),
    sessionId: anonymousSessionId(session.id),
  };
}

function lost(error: unknown) {
  observability().logger.error({ kind: "portal-store", operation: "access.record", requestId: currentRequestId(), error: error instanceof Error ? error.name : "unknown" }, "access not recorded");
}

/** Records one access of this signed-in session. Returns at once and never throws. */
export function recordAccessBy(signedIn: Pick<SignedIn, "session" | "user">, request: Request, what: AccessWhat): void {
  try {
    recordAccess(accessEventOf(signedIn, request, what));
  } catch (error) {
    lost(error);
  }
}

/**
 * Records one access of the request's signed-in session (openSession's, made once a request), for
 * code that holds only the request. A request with no session records nothing. Never throws.
 */
export function recordAccessOf(request: Request, what: AccessWhat): void {
  openSession(request).then(
    (signedIn) => recordAccessBy(signedIn, request, what),
    () => undefined,
  );
}

/**
 * The shell's record of a page view: a signed-in page (a document or its data request, GET) that was
 * answered 200, under the area its registry line declares, with the one item where the page shows one.
 */
export function recordPageView(request: Request, response: Response): void {
  if (request.method !== "GET" || response.status !== 200) return;
  try {
    // The view the whānau check and the page read (decisions/392): any spelling the router served.
    const page = requestAddressOf(request).view;
    if (page) recordAccessOf(request, { area: page.area, action: "view", itemId: page.itemId });
  } catch (error) {
    lost(error);
  }
}
