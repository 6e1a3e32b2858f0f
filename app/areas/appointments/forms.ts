import { z } from "zod";
import { checkRangeOrder, dateRangeFields, queryDateOf } from "~/lib/date-range";
import { appointmentsTexts } from "./texts";
import { timelineTexts } from "~/lib/texts/timeline";
import { yearBefore } from "~/lib/timeline-filter";

/**
 * The Appointments screen's two forms, apart from view.ts so that the page draws without zod: the browser fetches
 * them when the patient reaches for a form, the server parses with them (decisions/357).
 */

const t = appointmentsTexts;

/**
 * The History range (2§2): DD-MM-YYYY, both ends or neither, the start no earlier than one year before
 * the practice's today (YYYY-MM-DD) and the end not before the start.
 */
export function historyRangeSchema(today: string) {
  const earliest = yearBefore(today);
  return z
    .object(dateRangeFields)
    .superRefine(checkRangeOrder)
    .superRefine((value, ctx) => {
      const from = queryDateOf(value.from);
      if (value.from && !value.to) ctx.addIssue({ code: "custom", path: ["to"], message: timelineTexts.toMissing });
      if (value.to && !value.from) ctx.addIssue({ code: "custom", path: ["from"], message: timelineTexts.fromMissing });
      if (from && from < earliest) ctx.addIssue({ code: "custom", path: ["from"], message: timelineTexts.fromTooEarly });
    });
}

/** Cancelling (2§5): the appointment and a non-empty reason. */
export const CancelFormSchema = z.object({
  appointmentId: z.string().regex(/^[\w-]{1,64}$/),
  reason: z.string({ error: t.reasonRequired }).trim().min(1, t.reasonRequired).max(500, t.reasonTooLong),
});
