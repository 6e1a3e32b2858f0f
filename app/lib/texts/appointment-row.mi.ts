import type { appointmentRowTexts as english } from "./appointment-row";
import { teReo } from "~/lib/te-reo";

/** An appointment's day, length, status and name in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const appointmentRowTexts = teReo<typeof english>({
  dayAt: [(day: string, time: string) => `${day}, ${time}`, "drafted"],
  dayTimeNotRecorded: [(day: string, notRecorded: string) => `${day}, te wā: ${notRecorded}`, "drafted"],
  dateNotRecorded: [(notRecorded: string) => `Te rā: ${notRecorded}`, "drafted"],
  minutes: [(count: number) => (count === 1 ? "1 meneti" : `${count} meneti`), "drafted"],
  statuses: {
    Future: ["E heke mai ana", "drafted"],
    Completed: ["Kua oti", "drafted"],
    Missed: ["I ngaro", "drafted"],
    Cancelled: ["Kua whakakorea", "drafted"],
    Other: ["Tētahi atu", "drafted"],
  },
  missedStartPassed: ["I ngaro (kua pahure te wā tīmata)", "drafted"],
  label: [(type: string, when: string) => `${type}, ${when}`, "drafted"],
  dateAt: [(date: string, time: string) => `${date}, ${time}`, "drafted"],
  anAppointment: ["whakaritenga", "drafted"],
  aDateNotRecorded: ["kāore te rā i tuhia", "drafted"],
});
