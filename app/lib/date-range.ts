import { z } from "zod";
import { dateRangeTexts } from "./texts/date-range";
import { queryDateOf } from "./display-date";

export { queryDateOf };

/**
 * The date fields of every screen's date search (2§5): typed as DD-MM-YYYY, sent as YYYY-MM-DD.
 * Plain calendar arithmetic, no luxon, because the forms' schemas run in the browser too (fetched when
 * the patient reaches for a form, decisions/357); the reading of a date is display-date.ts.
 */

const t = dateRangeTexts;

/** A date field that may be left empty; anything typed must be a real day. */
const displayDate = (invalid: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || queryDateOf(v) !== null, invalid);

/** The start and end fields, each checked on its own. */
export const dateRangeFields = { from: displayDate(t.fromInvalid), to: displayDate(t.toInvalid) };

/** The end may not be before the start; reported on the end field. */
export function checkRangeOrder(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const from = queryDateOf(value.from);
  const to = queryDateOf(value.to);
  // YYYY-MM-DD compares as text in time order.
  if (from && to && to < from) ctx.addIssue({ code: "custom", path: ["to"], message: t.toBeforeFrom });
}
