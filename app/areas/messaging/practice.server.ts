import { endpoints } from "@contract/endpoints";
import { isMessagingRole } from "@contract/roles";
import { MESSAGE_BOXES, READ_FILTERS, type OutgoingMessage } from "@contract/messaging";
import { messagingPageSizes } from "@contract/messaging-page-sizes";
import { LOOKUP_TYPES } from "@contract/profile";
import type { Box, ReadFilterName } from "./view";
import type { PracticeApi } from "~/.server/practice/api.server";
import { rolesOfKind } from "~/.server/practice/roles.server";
import { isNoSuchItem } from "~/.server/practice/client.server";

/**
 * The messaging calls of 2§7. Messages are the viewed patient's: a proxy reads and writes the chosen
 * family member's (user.userId), never the account holder's.
 */

const BOX_TYPES = { inbox: MESSAGE_BOXES.inbox, sent: MESSAGE_BOXES.sent, drafts: MESSAGE_BOXES.drafts } as const;

/**
 * One page of a box. `size` "list" is the page the patient's list shows (25); "all" is 2§7's
 * all-messages variant (100), for the portal's own look through a box (decisions/369).
 */
export function getMessages(api: PracticeApi, patientId: string, box: Box, filter: ReadFilterName, page: number, size: "list" | "all" = "list") {
  return api.call(endpoints.messages, {
    query: {
      PatientID: patientId,
      Type: "1",
      MessagingType: BOX_TYPES[box],
      PageSize: size === "all" ? messagingPageSizes.allMessages : messagingPageSizes.messages,
      PageNumber: page,
      // The read filter is the Inbox's only (2§4).
      ReadFilter: box === "inbox" ? READ_FILTERS[filter] : undefined,
    },
  });
}

/** One message (opening it marks it read); null for none, whether the practice says so by a 404 or an empty bundle (decisions/392). */
export async function getMessage(api: PracticeApi, patientId: string, messageId: string) {
  try {
    const bundle = await api.call(endpoints.messageById, { query: { PatientID: patientId, MessageID: messageId } });
    return bundle.resources[0] ?? null;
  } catch (error) {
    if (isNoSuchItem(error)) return null;
    throw error;
  }
}

/** One id, or several joined by commas with the trailing comma the practice expects (2§7). */
export function deleteMessages(api: PracticeApi, patientId: string, ids: readonly string[]) {
  const MessageID = ids.length === 1 ? ids[0] : `${ids.join(",")},`;
  return api.call(endpoints.deleteMessage, { query: { PatientID: patientId, MessageID } });
}

/**
 * How many messages the practice's notice says it deleted: "Message deleted successfully" is one,
 * "N messages deleted successfully" N. Null when the notice says no number.
 */
export function deletedCountOf(notice: string): number | null {
  const text = notice.trim();
  if (/^message deleted successfully\.?$/i.test(text)) return 1;
  const many = /^(\d+) messages? deleted successfully\.?$/i.exec(text);
  return many ? Number(many[1]) : null;
}

export function sendMessage(api: PracticeApi, roleId: string, message: OutgoingMessage) {
  return api.call(endpoints.sendMessage, { query: { RoleID: roleId || "0", CallType: "3" }, body: message });
}

export async function getMessagingRoles(api: PracticeApi, patientId: string) {
  const roles = await api.call(endpoints.roles, { query: { PatientID: patientId, TypeID: "1" } });
  return rolesOfKind(roles, isMessagingRole, "TypeID 1");
}

export async function getMessagingRecipients(api: PracticeApi, patientId: string, roleId: string) {
  const bundle = await api.call(endpoints.messagingRecipients, { query: { PatientID: patientId, RoleID: roleId, CallType: "0" } });
  // The name as sent, "" when the practice gives none (decisions/396): the step says "Not recorded", a message's display is left empty.
  return bundle.resources.map((r) => ({ id: r.extension.id, name: r.name?.[0]?.text?.trim() ?? "" }));
}

/** The practice's locations (IndiciLookup 11): the centres a message can be for (2§3 centre{id,name}). */
export function getMessageCentres(api: PracticeApi, patientId: string) {
  return api.call(endpoints.lookup, { query: { PatientID: patientId, TypeID: LOOKUP_TYPES.locations } });
}
