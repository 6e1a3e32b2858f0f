import type { noticeTexts as english } from "./notices";
import { teReo } from "~/lib/te-reo";

/** The passing notices' own words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const noticeTexts = teReo<typeof english>({
  region: [(hotkey: string) => `Ngā whakamōhiotanga (${hotkey})`, "drafted"],
  notification: ["Whakamōhiotanga", "drafted"],
  dismiss: ["Whakakorea", "drafted"],
});
