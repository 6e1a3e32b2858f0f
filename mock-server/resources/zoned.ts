import { DateTime } from "luxon";
import { PRACTICE_ZONE } from "../../fixtures/builders/practice";

/** An instant as the practice writes it: ISO in its own zone, to the second. */
export const zoned = (ms: number) => DateTime.fromMillis(ms, { zone: PRACTICE_ZONE }).toISO({ suppressMilliseconds: true })!;
