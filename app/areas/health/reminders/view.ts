import type { Reminder } from "@contract/health";
import { joinedText, shownDay, shownText, textOf } from "../fields";
import { remindersTexts } from "./texts";

/**
 * The Reminders screen's view (2§2, 2§4): priority High red, Medium amber, Normal green, always with the word; one the
 * spec does not name is shown as written and one left out is said not recorded, neither coloured (decisions/396).
 */

export const PRIORITIES = ["High", "Medium", "Normal"] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface ReminderCard {
  /** The practice's id; null when it sent none (2§3 names no id for a reminder, decisions/396). */
  id: string | null;
  /** The title, or "Not recorded". */
  title: string;
  /** The description, or "Not recorded". */
  description: string;
  /** One of 2§4's three; null for another word or none. */
  priority: Priority | null;
  /** The badge's words: "High priority", "Urgent priority" (as written), "Priority: Not recorded". */
  priorityLabel: string;
  /** The priority is a word the spec does not name, shown as written. */
  priorityUnknown: boolean;
  /** The sender's name, or "Not recorded". */
  sender: string;
  /** DD-MM-YYYY in Pacific/Auckland, or "Not recorded". */
  sent: string;
  isoSent: string;
  /** Optional in 2§3: null when the practice wrote none. */
  note: string | null;
}

export function priorityOf(text: string | null | undefined): Pick<ReminderCard, "priority" | "priorityLabel" | "priorityUnknown"> {
  const word = textOf(text);
  if (word === "") return { priority: null, priorityLabel: remindersTexts.priorityNotRecorded, priorityUnknown: false };
  const known = PRIORITIES.find((p) => p.toLowerCase() === word.toLowerCase());
  return { priority: known ?? null, priorityLabel: remindersTexts.priorityOf(known ? remindersTexts.priorityNames[known] : word), priorityUnknown: !known };
}

export function reminderCardOf(reminder: Reminder): ReminderCard {
  const sent = shownDay(reminder.sent);
  const note = joinedText(reminder.note?.map((n) => n.text) ?? [], " ");
  return {
    id: reminder.id ?? null,
    title: shownText(reminder.extension.title),
    description: shownText(reminder.extension.description),
    ...priorityOf(reminder.extension.priority),
    sender: shownText(reminder.sender?.display),
    sent: sent.date,
    isoSent: sent.isoDate,
    note: note || null,
  };
}

export interface RemindersPageData {
  reminders: ReminderCard[];
  /** Undefined when the practice does not say and there may be more (decisions/396). */
  total: number | undefined;
  pages: number;
  more: boolean;
}
