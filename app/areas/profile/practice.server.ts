import { endpoints } from "@contract/endpoints";
import { LOOKUP_TYPES, NotificationSlots, type EmergencyContactPayload, type UpdateContactMethodsRequest, type UpdateDemographicsRequest } from "@contract/profile";
import type { ProfileLookups } from "./view";
import type { PracticeApi } from "~/.server/practice/api.server";

/**
 * The profile calls of 1§7 (decisions/020), each with the id 1§6 gives it: the profile, its contacts and settings the
 * viewed patient's (userid); balance, terms, lookups and the password the account holder's (parentid).
 */

/**
 * The lists the profile's forms choose from. Towns (type 2, a "separate load" in 1§3) are not
 * fetched: no profile field takes a town, since addresses carry suburb/town and city (type 7 and 6).
 */
export async function getLookups(api: PracticeApi, parentId: string): Promise<ProfileLookups> {
  const load = (type: (typeof LOOKUP_TYPES)[keyof typeof LOOKUP_TYPES]) => api.call(endpoints.lookup, { query: { TypeID: type, PatientID: parentId } });
  const [titles, cities, suburbs, relationships] = await Promise.all([
    load(LOOKUP_TYPES.titles),
    load(LOOKUP_TYPES.cities),
    load(LOOKUP_TYPES.suburbs),
    load(LOOKUP_TYPES.relationships),
  ]);
  return { titles, cities, suburbs, relationships };
}

export function getBalance(api: PracticeApi, parentId: string) {
  return api.call(endpoints.accountBalance, { query: { PatientID: parentId } });
}

export function addEmergencyContact(api: PracticeApi, payload: EmergencyContactPayload) {
  return api.call(endpoints.addEmergencyContact, { query: { PatientID: payload.PatientID }, body: payload });
}

export function deleteEmergencyContact(api: PracticeApi, patientId: string, contactId: string) {
  return api.call(endpoints.deleteEmergencyContact, { query: { PatientID: patientId, EmergencyContactID: contactId } });
}

export function updateContactMethods(api: PracticeApi, body: UpdateContactMethodsRequest) {
  return api.call(endpoints.updateContactMethods, { body });
}

export function updateDemographics(api: PracticeApi, body: UpdateDemographicsRequest) {
  return api.call(endpoints.updateDemographics, { body });
}

export function updateNotifications(api: PracticeApi, patientId: string, flags: { enableEmail: boolean; enableNotification: boolean }) {
  return api.call(endpoints.updateNotifications, { body: { resourceType: "Patient", id: patientId, extension: NotificationSlots.write(flags) } });
}

export function changePassword(api: PracticeApi, parentId: string, password: string) {
  return api.call(endpoints.changePassword, { body: { PatientID: parentId, Password: password } });
}
