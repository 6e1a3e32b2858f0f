import type { patientEndpoints } from "@contract/patient";
import { bundleRow } from "./bundle";
import { asSent, type RoomRow } from "./shapes";

/** The room 1§7 leaves the patient, menu, practice, counter and setting calls (issue 68, decisions/396). */
export const patientRoom = {
  patientMenu: bundleRow({ fixes: "1§7: an entry list of menu items (name, unused, type code).", open: "Which of those an item carries; type codes the portal does not know." }),
  proxyUsers: bundleRow({ fixes: "1§7: a list with total and entry (resource id, name[0].text, extension[0].valueString).", open: "Other name parts; which fields a record carries." }),
  patient: bundleRow({ fixes: "1§3 Patient profile, as the first entry.", open: "Which of its fields the practice holds: contacts, address, NHI, ethnicity may be absent." }),
  organization: bundleRow({ fixes: "1§3 Practice, as the first entry: name, hours, phone, GP and address.", open: "Which of those it carries." }),
  refreshCounter: { fixes: "1§7: \"First item holds the counters\".", open: "Counts as numbers or numeric text.", replies: [asSent] },
  practiceSettings: { fixes: "1§7: \"a list of settings by id\".", open: "Settings the portal does not read; a value null or empty.", replies: [asSent] },
  loadImage: { fixes: "1§7: \"returns text\".", open: "Bare base64, a data: address, empty or null.", replies: [asSent] },
} satisfies { [K in keyof typeof patientEndpoints]: RoomRow };
