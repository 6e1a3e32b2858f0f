import type { PracticeSettings } from "@contract/patient";
import { settingOn } from "@contract/truthy";
import { messagingViewOf, type MessagingPageData, type MessagingSettings } from "./view";
import { looksLikeHtml, messageRowOf } from "./message-views.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { getMessageCentres, getMessages } from "./practice.server";
import { getCounters, getPracticeSettings } from "~/.server/practice/patient.server";
import { getTerms } from "~/.server/practice/terms.server";
import { sanitiseResultHtml } from "~/.server/sanitise-html.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";

/**
 * What /emails loads (2§2 Messaging). Everything is the viewed patient's (user.userId): a proxy reads
 * the chosen family member's messages. Its steps are steps.server.ts's.
 */

export async function loadMessagingPage(request: Request): Promise<MessagingPageData> {
  return messagingPage(await requireSession(request), new URL(request.url));
}

export async function messagingPage({ api, user }: Pick<SignedIn, "api" | "user">, url: URL): Promise<MessagingPageData> {
  const view = messagingViewOf(url.searchParams);
  const [listing, counters, settings, compose, draft, centres] = await Promise.all([
    getMessages(api, user.userId, view.box, view.filter, 1),
    getCounters(api, user.userId),
    getPracticeSettings(api, user.userId),
    // 2§8: a disclaimer that fails to load is simply not shown.
    getTerms(api, user.parentId, "1").catch(() => null),
    getTerms(api, user.parentId, "2").catch(() => null),
    // The centre is only shown (decisions/373): without the lookup the form shows none, and writing goes on.
    getMessageCentres(api, user.userId).catch(() => []),
  ]).catch(practiceErrorResponse);
  return {
    view,
    rows: listing.resources.map((m, i) => messageRowOf(m, view.box, i)),
    total: listing.total,
    // A count the practice did not send (issue 68): no unread badge.
    unread: counters.InboxCounter ?? 0,
    settings: messagingSettingsOf(settings),
    disclaimers: { compose: disclaimerHtml(compose), draft: disclaimerHtml(draft) },
    centres: centres.map((c) => ({ id: c.id, name: c.name })),
  };
}

/**
 * 1§3: "1" means true, and "true" or "yes" too (decisions/240). A practice that says nothing leaves
 * writing on; a value that is neither a yes nor a no turns it off, as any value but "1" did before.
 */
export function messagingSettingsOf(s: PracticeSettings): MessagingSettings {
  const enabled = (value: string | undefined) => (value === undefined || value.trim() === "" ? true : settingOn(value, false));
  return { compose: enabled(s.PortalEnableCompose), reply: enabled(s.PortalEnableReply) };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The practice's disclaimer as safe HTML; plain text becomes paragraphs. Null when there is none ("N/A", 1§3). */
export function disclaimerHtml(text: string | null): string | null {
  const trimmed = text?.trim() ?? "";
  if (trimmed === "" || trimmed.toUpperCase() === "N/A") return null;
  const html = looksLikeHtml(trimmed) ? sanitiseResultHtml(trimmed) : trimmed.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p)}</p>`).join("");
  return html.trim() === "" ? null : html;
}
