import { z } from "zod";
import { timelineTexts } from "~/lib/texts/timeline";
import { dateRangeFields, queryDateOf } from "~/lib/date-range";
import { yearBefore } from "~/lib/timeline-filter";

const t = timelineTexts;

/** The Timeline Search Filter's schema, apart from timeline-filter.ts so zod is fetched only when the filter is reached (decisions/357). */
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
