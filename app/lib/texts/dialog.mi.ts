import type { dialogTexts as english } from "./dialog";
import { teReo } from "~/lib/te-reo";

/** The dialog's own words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const dialogTexts = teReo<typeof english>({
  close: ["Kati", "drafted"],
});
