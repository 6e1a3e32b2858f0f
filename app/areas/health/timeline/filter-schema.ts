import { z } from "zod";
import { timelineTexts } from "~/lib/texts/timeline";
import { dateRangeFields, queryDateOf } from "~/lib/date-range";
import { yearBefore } from "~/lib/timeline-filter";

const t = timelineTexts;

/**
 * (Apart from timeline-filter.ts so that a page reading the timeline's views does not fetch zod with
 * them; the browser fetches this when the patient reaches for the filter, decisions/357.)
 *
 * The Timeline Search Filter's schema for one day (`today`, YYYY-MM-DD) and the practice's providers
 * (their ids): the browser checks with it before navigating, the loader checks the address with it.
 */
export function timelineFilterSchema(today: string, providerIds: readonly string[]) {
  const earliest = yearBefore(today);
  return z
    .object({
      ...dateRangeFields,
      q: z.string().trim().max(100, t.searchTooLong).default(""),
      provider: z.string().trim().default(""),
    })
    .superRefine((value, ctx) => {
      const from = queryDateOf(value.from);
      const to = queryDateOf(value.to);
      if (value.from && !value.to) ctx.addIssue({ code: "custom", path: ["to"], message: t.toMissing });
      if (value.to && !value.from) ctx.addIssue({ code: "custom", path: ["from"], message: t.fromMissing });
      // Query dates compare as text: YYYY-MM-DD sorts by time.
      if (from && from > today) ctx.addIssue({ code: "custom", path: ["from"], message: t.fromAfterToday });
      else if (from && from < earliest) ctx.addIssue({ code: "custom", path: ["from"], message: t.fromTooEarly });
      if (to && to > today) ctx.addIssue({ code: "custom", path: ["to"], message: t.toAfterToday });
      else if (from && to && to <= from) ctx.addIssue({ code: "custom", path: ["to"], message: t.toNotAfterFrom });
      if (value.provider && !providerIds.includes(value.provider)) ctx.addIssue({ code: "custom", path: ["provider"], message: t.providerUnknown });
    });
}
