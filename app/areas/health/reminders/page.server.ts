import { pagesOf } from "~/lib/listing";
import { reminderCardOf, type RemindersPageData } from "./view";
import { readPages } from "../paged-reads.server";
import { healthPageSizes } from "@contract/health";
import { getReminders } from "../practice.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";

/** What /reminders loads (2§2 Reminders): the viewed patient's reminders (PatientAlerts), pages of 100. */

export async function loadRemindersPage(request: Request): Promise<RemindersPageData> {
  return remindersPage(await requireSession(request), new URL(request.url));
}

export async function remindersPage({ api, user }: Pick<SignedIn, "api" | "user">, url: URL): Promise<RemindersPageData> {
  const read = await readPages(pagesOf(url.searchParams.get("pages")), healthPageSizes.reminders, (page) => getReminders(api, user.userId, page));
  return { reminders: read.resources.map(reminderCardOf), total: read.total, pages: read.pages, more: read.more };
}
