import { practiceKey } from "~/.server/access-entries.server";
import { documentRate, type DocumentRate } from "~/.server/document-rate.server";
import { config } from "~/.server/config.server";
import { requireSession, type Viewing } from "~/.server/proxy-access.server";
import { formatDateTime } from "~/lib/dates";
import { shareLinkViews } from "./share-link-making.server";
import { shareLinkStore, ShareLinksUnavailable, type ShareLinkStore } from "./share-link-store.server";
import type { ShareLinkListItem } from "./view";
import type { Passkeys } from "~/.server/sign-in-security/passkeys.server";
import type { HealthCardStore } from "~/.server/health-cards.server";

/**
 * Share by link on "My health summary" (issue 32, decisions/305-309): the viewed person's links (whose, from the session
 * only), which the page shows and its two steps answer with (their dispatcher: `./steps.server.ts`, decisions/377).
 */

export interface ShareDeps {
  store: ShareLinkStore;
  rate: DocumentRate;
  now: () => Date;
  /** PORTAL_ORIGIN: the origin a link names; unset, the request's (app/areas/summary/public-origin.server.ts). */
  origin?: string;
  /** A health card's passkeys and copies (decisions/405); the process's own unless a test gives its. */
  passkeys?: Passkeys;
  cards?: HealthCardStore;
}

export const portalDeps: ShareDeps = { store: shareLinkStore(), rate: documentRate, now: () => new Date(), origin: config.PORTAL_ORIGIN };

/** The person viewed's links, newest first; null when the portal's store cannot say just now. */
export async function shareLinksOf(request: Request, deps: ShareDeps = portalDeps): Promise<ShareLinkListItem[] | null> {
  const { user } = await requireSession(request);
  return linksOf(user, deps);
}

export async function linksOf(user: Viewing["user"], deps: ShareDeps): Promise<ShareLinkListItem[] | null> {
  try {
    const rows = await deps.store.list(practiceKey(user.apiBase), user.userId);
    return shareLinkViews(rows, deps.now()).map((v) => ({ id: v.id, label: v.label, created: formatDateTime(v.created.getTime()), expires: formatDateTime(v.expires.getTime()), uses: v.uses, status: v.status }));
  } catch (error) {
    if (error instanceof ShareLinksUnavailable) return null;
    throw error;
  }
}
