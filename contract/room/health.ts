import type { healthEndpoints } from "@contract/health";
import { bundleRow } from "./bundle";
import type { RoomRow } from "./shapes";

/** The room 2§7 leaves the health summary's calls (issue 68, decisions/396). */
export const healthRoom = {
  conditions: bundleRow({ fixes: "2§3 Condition: onsetDateTime, note text, the long-term flag as the first extension.", open: "Which of those a record carries, how its date is written." }),
  allergies: bundleRow({ fixes: "2§3 Allergy: id, code text, extensions type and severity, optional reaction manifestation and note text; a missing severity is Mild (2§4).", open: "Which of those a record carries; severities and types beyond the spec's words." }),
  immunisations: bundleRow({ fixes: "2§3 Immunisation: id, date, status, extensions name, indication, vaccinator, due date-time, ImmType (overdue, due, other), booleans at 10 and 11, month date-time, message at 13.", open: "Which of those a record carries; ImmType words beyond the three; how dates are written." }),
  timeline: bundleRow({ fixes: "2§3 Timeline event: id, created, code display, code text, the provider's name as the first extension.", open: "Which of those a record carries; event kinds beyond the spec's; how created is written." }),
  reminders: bundleRow({ fixes: "2§3 Reminder: extensions description, title, priority (High, Medium, Normal); sender display; sent date; optional note text.", open: "Which of those a record carries; priorities beyond the three; how sent is written." }),
  vitals: bundleRow({ fixes: "2§3 Vital observation: code display (the names of 2§9), two component values (systolic and diastolic for pressure), effective date-time.", open: "Which of those a record carries; vitals the spec does not name; units; how the date is written." }),
} satisfies { [K in keyof typeof healthEndpoints]: RoomRow };
