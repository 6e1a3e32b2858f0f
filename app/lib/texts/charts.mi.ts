import type { chartTexts as english } from "./charts";
import { teReo } from "~/lib/te-reo";

/** The chart table's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const chartTexts = teReo<typeof english>({
  category: ["Momo", "drafted"],
  number: ["Tau", "drafted"],
});
