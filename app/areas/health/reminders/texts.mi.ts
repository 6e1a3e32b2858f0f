import type { remindersTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/** Reminders' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const remindersTexts = teReo<typeof english>({
  reminders: ["Ngā Whakamaumahara", "drafted"],
  remindersPageTitle: ["Ngā Whakamaumahara – Tomokanga Tūroro", "drafted"],
  // Te reo marks no plural on the noun: "1 whakamaumahara", "5 whakamaumahara".
  remindersShown: [
    (shown: number, total?: number) =>
      total === undefined ? `${shown} whakamaumahara e whakaaturia ana.` : `${shown} o ${total === 1 ? "te" : "ngā"} ${total} whakamaumahara e whakaaturia ana.`,
    "drafted",
  ],
  moreReminders: ["Whakaatu ētahi atu whakamaumahara", "drafted"],
  priorityNames: { High: ["Nui", "drafted"], Medium: ["Waenga", "drafted"], Normal: ["Noa", "drafted"] },
  // The word may be the practice's own, as written (in English), so it follows a label rather than qualifying the noun.
  priorityOf: [(word: string) => `Whakaarotau: ${word}`, "drafted"],
  priorityNotRecorded: ["Whakaarotau: Kāore i tuhia", "drafted"],
  from: ["Kaituku", "drafted"],
  sent: ["I tukuna", "drafted"],
});
