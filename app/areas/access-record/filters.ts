import { z } from "zod";
import { isAccessArea } from "~/lib/access-kinds";
import { checkRangeOrder, dateRangeFields } from "~/lib/date-range";
import { accessRecordTexts as t } from "./texts";

export { accessSearch, cursorOf } from "./address";

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
