import { endpoints } from "@contract/endpoints";
import { MESSAGE_BOXES } from "@contract/messaging";
import type { TestWorld } from "./mock-world";

/**
 * One real address for each of the portal's routes that answer a patient's document or health data
 * (route pattern of app/routes.ts → the address), found in a world's record through the practice API:
 * the tests that walk "every such route" read it, and check that it names every one there is.
 */
export async function documentAddresses(world: TestWorld, label = "solo"): Promise<Record<string, string>> {
  const s = await world.signIn(label);
  const q = { PatientID: s.id };
  const [letters, media, invoices, results, inbox] = await Promise.all([
    s.api.call(endpoints.letters, { query: { ...q, PageSize: 10, PageNumber: 1 } }),
    s.api.call(endpoints.media, { query: { ...q, PageSize: 10, PageNumber: 1 } }),
    s.api.call(endpoints.paymentNotice, { query: { ...q, TransactionTypeID: "0", PageSize: 10, PageNumber: 1 } }),
    s.api.call(endpoints.labResults, { query: { ...q, PageSize: 10, PageNumber: 1 } }),
    s.api.call(endpoints.messages, { query: { ...q, Type: "1", MessagingType: MESSAGE_BOXES.inbox, PageSize: 25, PageNumber: 1 } }),
  ]);
  const pdfResource = media.resources.find((r) => r.content?.contentType === "application/pdf");
  let attached: string | undefined;
  for (const message of inbox.resources) {
    const [full] = (await s.api.call(endpoints.messageById, { query: { ...q, MessageID: message.id } })).resources;
    if (full?.payload?.length) {
      attached = message.id;
      break;
    }
  }
  if (!letters.resources[0] || !pdfResource || !invoices.resources[0] || !results.resources[0] || !attached) throw new Error(`The ${label} record lacks a document of some kind`);
  const test = results.resources[0].description ?? "";
  return {
    "letters/letter/:id": `/letters/letter/${letters.resources[0].id}`,
    "resources/file/:id": `/resources/file/${pdfResource.id}`,
    "accounts/invoice/:id": `/accounts/invoice/${invoices.resources[0].id}`,
    "reports/result/:id": `/reports/result/${results.resources[0].id}`,
    "reports/chart": `/reports/chart?test=${encodeURIComponent(test)}`,
    "emails/attachment/:id/:n": `/emails/attachment/${attached}/0`,
    "profile/photo": "/profile/photo",
    "summary/fhir": "/summary/fhir",
    "summary/pdf": "/summary/pdf",
    "access-record/download": "/access-record/download",
  };
}
