import type { medicationsEndpoints } from "@contract/medications";
import { bundleRow } from "./bundle";
import { asSent, type RoomRow } from "./shapes";

/** The room 2§7 leaves the medication calls (issue 68, decisions/396). */
export const medicationsRoom = {
  medications: bundleRow({ fixes: "2§3 Medication: authoredOn, medicationCodeableConcept (coding display and code), dosageInstruction text, dispenseRequest quantity value, extensions long-term flag, period text, prescribed by, practice name, dose, end date, unit.", open: "Which of those a record carries; how the dates are written." }),
  pharmacies: bundleRow({ fixes: "2§3 Pharmacy: id, name, favourite flag.", open: "Which of those a record carries." }),
  repeatRequest: { fixes: "2§7: a message shown in a Medication dialog; status 302 is a provider on leave, its body a JSON string list with ProviderID and ProviderName.", open: "The message's words.", replies: [asSent] },
} satisfies { [K in keyof typeof medicationsEndpoints]: RoomRow };
