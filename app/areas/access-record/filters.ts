import { z } from "zod";
import { isAccessArea } from "../../lib/access-kinds";
import { checkRangeOrder, dateRangeFields } from "../../lib/date-range";
import { accessRecordTexts as t } from "./texts";

/**
 * The access record's filters as the address carries them (issue 31): whose record (`person`, the
 * practice's id of the holder or a linked account; empty: the record being viewed), the area (empty:
 * every area) and a date range in practice time (DD-MM-YYYY, either end may be left open). The same
 * schema checks the form in the browser and the address on the server; whether the person is one this
 * login may see is the server's to say.
 */
export const AccessFiltersSchema = z
  .object({
    person: z.string().trim().max(128, t.notYours).regex(/^[A-Za-z0-9._:-]*$/, t.notYours).default(""),
    area: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || isAccessArea(v), t.areaUnknown),
    ...dateRangeFields,
  })
  .superRefine((value, ctx) => checkRangeOrder(value, ctx));

/** The position of a page in the record (the store's cursor: milliseconds and an id); anything else is the newest page. */
export function cursorOf(value: string | null | undefined): string | null {
  return value && /^\d{1,15}\.\d{1,18}$/.test(value) ? value : null;
}

/** The address of a view of the record: the filters that are set, and the page's cursor. */
export function accessSearch(filters: Partial<Record<"person" | "area" | "from" | "to", string>>, after?: string | null): string {
  const params = new URLSearchParams();
  for (const name of ["person", "area", "from", "to"] as const) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  if (after) params.set("after", after);
  const query = params.toString();
  return query ? `?${query}` : "";
}
