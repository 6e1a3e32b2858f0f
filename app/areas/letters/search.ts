import { z } from "zod";
import { checkRangeOrder, dateRangeFields, queryDateOf } from "~/lib/date-range";
import { lettersTexts } from "./texts";

/**
 * The Letters screen's date search as the address carries it (2§2, 2§5): `from` and `to` as the
 * patient typed them (DD-MM-YYYY; app/lib/date-range.ts).
 */

const t = lettersTexts;

/**
 * The date range form: both dates or neither (neither is every letter, 2§5), the end not before the
 * start. The same schema checks the form in the browser and the address in the loader.
 */
export const LetterRangeSchema = z
  .object(dateRangeFields)
  .superRefine((value, ctx) => {
    if (value.from === "" && value.to !== "") ctx.addIssue({ code: "custom", path: ["from"], message: t.fromMissing });
    if (value.to === "" && value.from !== "") ctx.addIssue({ code: "custom", path: ["to"], message: t.toMissing });
    checkRangeOrder(value, ctx);
  });
export type LetterRange = z.output<typeof LetterRangeSchema>;

/** The practice's range (2§5): the start day from 00:00:00, the end day to 23:59:59; null for no range. */
export function rangeQuery(range: LetterRange): { StartDate: string; EndDate: string } | null {
  const from = queryDateOf(range.from);
  const to = queryDateOf(range.to);
  if (!from || !to) return null;
  return { StartDate: `${from} 00:00:00`, EndDate: `${to} 23:59:59` };
}
