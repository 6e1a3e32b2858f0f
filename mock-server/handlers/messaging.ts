import { toBundle } from "../../contract/fhir";
import { MESSAGE_BOXES, READ_FILTERS, type MessageBox } from "../../contract/messaging";
import { practiceAddressText } from "../../fixtures/builders/practice";
import { sentIso } from "../../fixtures/builders/messages";
import { hashSeed } from "../../fixtures/builders/random";
import { clinicalPdf } from "../documents/clinical-pdf";
import { seededPng } from "../documents/png";
import { HttpError } from "../http";
import { messageResource } from "../resources/messaging";
import type { World } from "../worlds";
import { practiceOf, withToken } from "./helpers";
import type { WorldRoutes } from "./types";

/** Secure messages (2§7): paged box listings, and one message with its attachments. */

const BOX_OF: Record<string, MessageBox> = { [MESSAGE_BOXES.inbox]: "inbox", [MESSAGE_BOXES.sent]: "sent", [MESSAGE_BOXES.drafts]: "drafts" };

export const messagingRoutes = {
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
} satisfies Partial<WorldRoutes>;

function patientOf(world: World, patientId: string) {
  const p = world.store.patient.findFirst({ where: { id: { equals: patientId } }, strict: true });
  return { id: p.id, name: [...p.given, p.family].join(" "), nhi: p.nhi };
}

