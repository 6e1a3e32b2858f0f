import { toBundle } from "@contract/fhir";
import { attachmentProblem, typeByName } from "@contract/attachment-content";
import { COUNTERPART_REFERENCE, MESSAGE_BOXES, MESSAGE_TYPES, READ_FILTERS, RecipientSlots, type MessageBox } from "@contract/messaging";
import { practiceAddressText } from "../../fixtures/builders/practice";
import { planMessages, sentIso, type MessageLocation, type MessageRecord } from "../../fixtures/builders/messages";
import { hashSeed } from "../../fixtures/builders/random";
import { rosterLocations } from "../../fixtures/builders/roster";
import { getScenario } from "../../fixtures/scenarios";
import { clinicalPdf } from "../documents/clinical-pdf";
import { seededPng } from "../documents/png";
import { HttpError } from "../http";
import { messageResource } from "../resources/messaging";
import type { WorldCore } from "../world-core";
import { MessageStore } from "../message-store";
import { practiceOf, withToken } from "./helpers";
import { mockArea, type AreaRoutes, type StoreInputs } from "../area";

/**
 * Secure messages (2§7): box listings, one message with its attachments, writing (send or draft, attachments kept as sent),
 * deleting (one, or a comma list with a trailing comma) and whom a patient may write to; every change moves the InboxCounter.
 */

const BOX_OF: Record<string, MessageBox> = { [MESSAGE_BOXES.inbox]: "inbox", [MESSAGE_BOXES.sent]: "sent", [MESSAGE_BOXES.drafts]: "drafts" };
const HOUR_MS = 60 * 60 * 1000;

/** Each patient's boxes, planned by the builder (decisions/342). */
const plans = { messagePlans: planMessages };

/** Secure messages, generated per patient on first read (decisions/010). */
function stores({ seed, data, clock }: StoreInputs<typeof plans>) {
  return { messages: new MessageStore({ seed, practiceName: data.practice.name, staff: data.staff, referenceDate: data.referenceDate, frontDesk: frontDeskOf(data.practice) }, data.messagePlans, () => clock.nowMs()) };
}

type World = WorldCore & ReturnType<typeof stores>;

const messagingRoutes = {
  messages: withToken(({ world, query }) => {
    const box = BOX_OF[query.MessagingType];
    const read = query.ReadFilter === READ_FILTERS.unread ? false : query.ReadFilter === READ_FILTERS.read ? true : undefined;
    const { total, messages } = world.messages.page(query.PatientID, box, { pageSize: query.PageSize, pageNumber: query.PageNumber, read });
    return toBundle(messages.map((m) => messageResource(m, patientOf(world, m.patientId))), total);
  }),

  messageById: withToken(async ({ world, query }) => {
    const message = world.messages.find(query.PatientID, query.MessageID);
    if (!message) throw new HttpError(404, { error: `No message ${query.MessageID} for this patient` });
    world.messages.markRead(message);
    const patient = patientOf(world, message.patientId);
    const payload = await Promise.all(
      message.attachments.map(async (attachment, n) => {
        if (attachment.stored) return { contentAttachment: { contentType: attachment.stored.contentType, title: attachment.title, data: attachment.stored.data } };
        if (attachment.kind === "image") {
          return { contentAttachment: { contentType: "image/png", title: attachment.title, data: seededPng(hashSeed(world.seed, "attachment", message.id, n)).toString("base64") } };
        }
        const practice = practiceOf(world);
        const bytes = await clinicalPdf({
          practice: { name: practice.name, address: practiceAddressText(practice), phone: practice.phone },
          patient: { name: patient.name, nhi: patient.nhi },
          title: message.subject,
          date: sentIso(message),
          author: message.staff.name,
          paragraphs: message.body.split("\n\n"),
        });
        return { contentAttachment: { contentType: "application/pdf", title: attachment.title, data: Buffer.from(bytes).toString("base64") } };
      }),
    );
    return toBundle([{ ...messageResource(message, patient), payload }]);
  }),

  sendMessage: withToken(({ world, query, body, session }) => {
    // The patient is named by the sender reference, which the wrapper's PatientID check cannot see.
    const patientId = /^Patient\/([\w-]+)$/.exec(body.sender.reference)?.[1];
    if (!patientId || !session.patientIds.has(patientId)) throw new HttpError(403, { error: "Forbidden", message: `${body.sender.reference} is not this sign-in's patient or one of its linked accounts` });
    // The recipient is a team member in the role asked ("0": any), or one of the practice's locations
    // (the front desk, answered as it wrote: Location/{id}), which holds every role.
    const [, kind, recipientId] = COUNTERPART_REFERENCE.exec(body.recipient[0].reference) ?? [];
    const locations = rosterLocations(practiceOf(world));
    const location = kind === "Location" ? locations.find((l) => l.id === recipientId) : undefined;
    const staff = kind === "Practitioner" ? world.staff.find((s) => s.id === recipientId) : location ? frontDeskReader(world) : undefined;
    if (!staff) throw new HttpError(400, { error: `No ${kind === "Location" ? "location" : "practitioner"} ${body.recipient[0].reference} at this practice` });
    if (!location && query.RoleID !== "0" && query.RoleID !== staff.roleId) throw new HttpError(400, { error: `${staff.name} is not in role ${query.RoleID}` });
    // Kept under the practice's own name for it (the front desk's, when that is where it writes from).
    const frontDesk = world.messages.context.frontDesk;
    const messageLocation = location ? (frontDesk?.id === location.id ? frontDesk : { id: location.id, name: location.name }) : undefined;

    const attachments: MessageRecord["attachments"] = [];
    for (const [n, item] of (body.payload ?? []).entries()) {
      const bytes = Buffer.from(item.contentAttachment.data, "base64");
      const title = item.contentAttachment.title ?? `attachment-${n + 1}.${item.contentAttachment.contentType === "application/pdf" ? "pdf" : item.contentAttachment.contentType === "image/png" ? "png" : "jpg"}`;
      // The practice checks what it stores as the portal does: by content, by name, by size.
      const problem = attachmentProblem({ name: title, bytes }) ?? (typeByName(title) === item.contentAttachment.contentType ? null : "type");
      if (problem) throw new HttpError(400, { error: `Attachment ${n + 1} (${title}) refused: ${problem}` });
      attachments.push({ kind: item.contentAttachment.contentType === "application/pdf" ? "pdf" : "image", title, stored: { contentType: item.contentAttachment.contentType, data: item.contentAttachment.data } });
    }

    const draft = body.extension.messageType === MESSAGE_TYPES.draft;
    const nowMs = world.clock.nowMs();
    const record: MessageRecord = {
      id: world.messages.newId(patientId),
      patientId,
      box: draft ? "drafts" : "sent",
      sentMs: nowMs,
      subject: body.note[0].text,
      body: body.extension.body,
      read: true,
      staff,
      location: messageLocation,
      attachments,
    };
    world.messages.add(record);
    world.messages.received.push({
      receivedAt: world.clock.now().toISO()!,
      id: record.id,
      patientId,
      box: draft ? "drafts" : "sent",
      to: messageLocation?.name ?? staff.name,
      recipient: body.recipient[0].reference,
      subject: record.subject,
      body: record.body,
      attachments: attachments.map((a) => ({ title: a.title, contentType: a.stored!.contentType, bytes: Buffer.from(a.stored!.data, "base64").length })),
      deleted: false,
    });

    if (!draft && getScenario(world.scenarioId)?.practice.staffReplies === "after-an-hour") {
      const first = patientOf(world, patientId).name.split(" ")[0];
      world.messages.schedule(nowMs + HOUR_MS, {
        id: world.messages.newId(patientId),
        patientId,
        box: "inbox",
        sentMs: nowMs + HOUR_MS,
        subject: record.subject.startsWith("Re:") ? record.subject : `Re: ${record.subject}`,
        body: `Kia ora ${first},\n\nThank you for your message. I have read it and will talk it through with you at your next appointment; please book one if you have not already.\n\n${messageLocation?.name ?? staff.name}`,
        read: false,
        staff,
        location: messageLocation,
        attachments: [],
      });
    }
    return { id: record.id, status: draft ? "Saved to Drafts" : "Sent" };
  }),

  deleteMessage: withToken(({ world, query }) => {
    const ids = query.MessageID.split(",").filter(Boolean);
    const removed = world.messages.remove(query.PatientID, ids);
    return removed.length === 1 ? "Message deleted successfully" : `${removed.length} messages deleted successfully`;
  }),

  messagingRecipients: withToken(({ world, query }) => {
    const staff = query.RoleID === "0" ? world.staff : world.staff.filter((s) => s.roleId === query.RoleID);
    return toBundle(staff.map((s) => ({ resourceType: "Practitioner", name: [{ text: s.name }], extension: RecipientSlots.write({ id: s.id }) })));
  }),

} satisfies AreaRoutes<World>;

/** Who at the practice reads what is written to a location: the front desk (reception), else the first of the team. */
function frontDeskReader(world: World) {
  return world.staff.find((s) => s.roleName === "Reception") ?? world.staff[0];
}

function patientOf(world: World, patientId: string) {
  const p = world.store.patient.findFirst({ where: { id: { equals: patientId } }, strict: true });
  return { id: p.id, name: [...p.given, p.family].join(" "), nhi: p.nhi };
}

/** The area as the mock lists it (mock-server/areas.ts, decisions/359). */
export const messagingArea = mockArea({ plans, stores, routes: messagingRoutes });

/** The practice's front desk writes from its main rooms (lookup 11's first location), as `Location/{id}`. */
function frontDeskOf(practice: Parameters<typeof rosterLocations>[0]): MessageLocation {
  const [main] = rosterLocations(practice);
  return { id: main.id, name: `${main.name} Front Desk` };
}
