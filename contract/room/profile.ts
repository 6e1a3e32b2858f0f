import type { profileEndpoints } from "@contract/profile";
import { bundleRow } from "./bundle";
import { bareSuccess, numericStatus } from "./account";
import { asSent, shape, type RoomRow } from "./shapes";

const statusRow = (fixes: string): RoomRow => ({ fixes, open: "The code quoted or a number; the message on success or none.", replies: [asSent, numericStatus, bareSuccess] });

/** The room 1§7 leaves the profile's calls (issue 68, decisions/396). */
export const profileRoom = {
  lookup: bundleRow({ fixes: "1§7: \"array whose first item has entry\" of lookup entries (id and name, 1§3).", open: "Which other fields an entry carries." }),
  addEmergencyContact: statusRow("1§7 shows no reply; 1§8 reads its dialog by StatusCode and StatusMessage as the password change's."),
  deleteEmergencyContact: statusRow("1§7 shows no reply; read as addEmergencyContact's."),
  updateContactMethods: statusRow("1§7 shows no reply; read as addEmergencyContact's."),
  updateDemographics: statusRow("1§7 shows no reply; read as addEmergencyContact's."),
  updateNotifications: {
    fixes: "1§7: \"Then the profile reloads\": nothing of the reply is read (1§2).",
    open: "Any reply: a status, true, the Patient written.",
    replies: [asSent, shape("true", () => true), shape("the Patient written", (_reply, request) => ({ resourceType: "Patient", id: (request.body as { id?: string } | undefined)?.id }))],
  },
  accountBalance: { fixes: "1§7: \"Response shape not shown\".", open: "Everything: the portal reads the balance where our mock puts it.", replies: [asSent] },
  terms: { fixes: "2§7: \"text; on failure null\".", open: "HTML or plain text; empty.", replies: [asSent] },
} satisfies { [K in keyof typeof profileEndpoints]: RoomRow };
