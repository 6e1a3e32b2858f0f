import type { dateRangeTexts as english } from "./date-range";
import { teReo } from "~/lib/te-reo";

/** The date searches' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const dateRangeTexts = teReo<typeof english>({
  fromInvalid: ["Tuhia te rā tīmata hei DD-MM-YYYY, hei tauira, 01-03-2025", "drafted"],
  toInvalid: ["Tuhia te rā mutunga hei DD-MM-YYYY, hei tauira, 31-03-2025", "drafted"],
  toBeforeFrom: ["Kāore e taea te rā mutunga kia i mua i te rā tīmata", "drafted"],
});
