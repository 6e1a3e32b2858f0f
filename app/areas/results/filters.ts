import { z } from "zod";
import { checkRangeOrder, dateRangeFields } from "~/lib/date-range";
import { reportsTexts } from "~/lib/texts/reports";

export { applyReadFilter, MAX_PAGES, pagesOf, READ_FILTERS, readFilterOf, reportsSearch, type ReadFilter } from "./address";

const t = reportsTexts;

/** The date range and search form; the same schema checks it in the browser and in the loader. */
export const ReportFiltersSchema = z
  .object({
    ...dateRangeFields,
    q: z.string().trim().max(100, t.searchTooLong).default(""),
  })
  .superRefine(checkRangeOrder);
