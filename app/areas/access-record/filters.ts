import { z } from "zod";
import { isAccessArea } from "~/lib/access-kinds";
import { checkRangeOrder, dateRangeFields } from "~/lib/date-range";
import { accessRecordTexts as t } from "./texts";

export { accessSearch, cursorOf } from "./address";

/** The access record's filters as the address carries them: person, area and a date range in practice time; whom this login may see is the server's to say (decisions/274). */
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
