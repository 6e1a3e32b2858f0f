import type { Reminder } from "@contract/health";
import { formatDate, practiceDateTime } from "~/lib/dates";

/** The Reminders screen's view (2§2, 2§4): priority High red, Medium amber, Normal green, always with the word. */

export const PRIORITIES = ["High", "Medium", "Normal"] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface ReminderCard {
  id: string;
  title: string;
  description: string;
  priority: Priority;
  /** The practice's own word when it is none of the three (read as Normal). */
  recordedAs: string | null;
  sender: string;
  /** DD-MM-YYYY in Pacific/Auckland. */
  sent: string;
  isoSent: string;
  note: string | null;
}

export function priorityOf(text: string): { priority: Priority; recordedAs: string | null } {
  const word = text.trim();
  const known = PRIORITIES.find((p) => p.toLowerCase() === word.toLowerCase());
  return known ? { priority: known, recordedAs: null } : { priority: "Normal", recordedAs: word || null };
}

export function reminderCardOf(reminder: Reminder): ReminderCard {
  const sent = practiceDateTime(reminder.sent);
  const note = reminder.note?.map((n) => n.text.trim()).filter(Boolean).join(" ");
  return {
    id: reminder.id,
    title: reminder.extension.title.trim() || "Reminder",
    description: reminder.extension.description.trim(),
    ...priorityOf(reminder.extension.priority),
    sender: reminder.sender.display.trim(),
    sent: formatDate(reminder.sent),
    isoSent: sent.isValid ? sent.toISODate()! : "",
    note: note ? note : null,
  };
}

export interface RemindersPageData {
  reminders: ReminderCard[];
  total: number;
  pages: number;
  more: boolean;
}
