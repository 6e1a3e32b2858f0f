import { DateTime } from "luxon";
import { PRACTICE_ZONE } from "~/lib/dates";
import { parseForm } from "~/lib/form-data";
import { pagesOf } from "~/lib/listing";
import { timelineFilterSchema } from "./filter-schema";
import { displayOf, timelineQueryOf, timelineRangeOf, timelineViewOf, type TimelineView } from "~/lib/timeline-filter";
import { groupTimeline, timelineEntryOf, type TimelinePageData } from "./view";
import { readPages } from "../paged-reads.server";
import { healthPageSizes } from "@contract/health";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { getTimeline, getTimelineProviders } from "../practice.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";
import { timelinePageTexts } from "./texts";

/**
 * What /timeline loads (2§2 Timeline): the providers for the filter (IndiciLookup 14) and the entries, pages of 100; a
 * filter in the address is checked with the dialog's schema (2§5), one refused shown there while All is listed (decisions/082).
 */

export async function loadTimelinePage(request: Request): Promise<TimelinePageData> {
  return timelinePage(await requireSession(request), new URL(request.url));
}

const EMPTY = { from: "", to: "", q: "", provider: "" };

export async function timelinePage({ api, user }: Pick<SignedIn, "api" | "user">, url: URL, now = Date.now()): Promise<TimelinePageData> {
  const today = DateTime.fromMillis(now, { zone: PRACTICE_ZONE }).toISODate()!;
  const asked = timelineViewOf(url.searchParams);
  const providers = await getTimelineProviders(api, user.userId).catch(practiceErrorResponse);
  let view: TimelineView = asked;
  let filterResult: TimelinePageData["filterResult"] = null;
  if (asked.kind === "filter") {
    const parsed = parseForm(new URLSearchParams({ ...asked.filter }), timelineFilterSchema(today, providers.map((p) => p.id)));
    if (!parsed.ok) {
      filterResult = parsed.result;
      view = { kind: "all" };
    }
  }
  const query = timelineQueryOf(view, today);
  const read = await readPages(pagesOf(url.searchParams.get("pages")), healthPageSizes.timeline, (page) => getTimeline(api, user.userId, { ...query, ...timelineRangeOf(query, today) }, page));
  const entries = read.resources.map(timelineEntryOf);
  return {
    today,
    view,
    filter: asked.kind === "filter" ? asked.filter : EMPTY,
    filterResult,
    providers,
    summary: summaryOf(query, providers),
    days: groupTimeline(entries),
    shown: entries.length,
    total: read.total,
    pages: read.pages,
    more: read.more,
  };
}

function summaryOf(q: ReturnType<typeof timelineQueryOf>, providers: ReadonlyArray<{ id: string; name: string }>): string {
  const parts = q.from && q.to ? [timelinePageTexts.summaryRange(displayOf(q.from), displayOf(q.to))] : [];
  if (q.text) parts.push(timelinePageTexts.summaryContaining(q.text));
  if (q.providerId) parts.push(timelinePageTexts.summaryWith(providers.find((p) => p.id === q.providerId)?.name ?? timelinePageTexts.chosenProvider));
  return parts.join(", ");
}
