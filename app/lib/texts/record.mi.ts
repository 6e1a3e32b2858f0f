import type { recordTexts as english } from "./record";
import { teReo } from "~/lib/te-reo";

/** A field the practice's record does not hold, in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const recordTexts = teReo<typeof english>({
  notRecorded: ["Kāore i tuhia", "drafted"],
});
