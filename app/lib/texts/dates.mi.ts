import type { dateTexts as english } from "./dates";
import { teReo } from "~/lib/te-reo";

/** Days and times in te reo Māori (decisions/403): the days and months as government agencies write them; the rest drafted, for review. */
export const dateTexts = teReo<typeof english>({
  weekdays: [["Rātapu", "Rāhina", "Rātū", "Rāapa", "Rāpare", "Rāmere", "Rāhoroi"], "usage"],
  months: [["Kohitātea", "Huitanguru", "Poutūterangi", "Paengawhāwhā", "Haratua", "Pipiri", "Hōngongoi", "Hereturikōkā", "Mahuru", "Whiringa-ā-nuku", "Whiringa-ā-rangi", "Hakihea"], "usage"],
  time: [(clock: string, afternoon: boolean) => `${clock} ${afternoon ? "i te ahiahi" : "i te ata"}`, "drafted"],
  dateAt: [(date: string, time: string) => `${date}, ${time}`, "drafted"],
  longDay: [(weekday: string, day: number, month: string, year: number) => `${weekday}, ${day} ${month} ${year}`, "drafted"],
  longDayAt: [(longDay: string, time: string) => `${longDay}, ${time}`, "drafted"],
});
