import type { z } from "zod";
import { BOX_NAMES, MessageSlots, type CommunicationSchema } from "@contract/messaging";
import { sentIso, type MessageRecord } from "../../fixtures/builders/messages";

/**
 * A message as 2§3 describes it. Inbox messages come from a team member to the patient; sent and
 * draft ones go the other way, so sender and recipient swap and the sender's name moves from
 * position 2 to 3. The practice's side is `Practitioner/{id}`, or `Location/{id}` for the front desk.
 */
export function messageResource(m: MessageRecord, patient: { id: string; name: string }): z.input<typeof CommunicationSchema> {
  // The practice's side is a team member, or one of its locations (the front desk), which has no role.
  const staff = m.location ? { reference: `Location/${m.location.id}`, display: m.location.name } : { reference: `Practitioner/${m.staff.id}`, display: m.staff.name };
  const roleId = m.location ? undefined : m.staff.roleId;
  const self = { reference: `Patient/${patient.id}`, display: patient.name };
  const incoming = m.box === "inbox";
  return {
    resourceType: "Communication",
    id: m.id,
    status: m.box === "drafts" ? "preparation" : "completed",
    sent: sentIso(m),
    sender: incoming ? staff : self,
    recipient: [incoming ? self : staff],
    note: [{ text: m.subject }],
    extension: MessageSlots.write({
      body: m.body,
      box: BOX_NAMES[m.box],
      inboxSender: incoming ? staff.display : undefined,
      outboxSender: incoming ? undefined : patient.name,
      readStatus: incoming ? (m.read ? "2" : "1") : undefined,
      roleId,
      roleIdCopy: roleId,
    }),
  };
}
