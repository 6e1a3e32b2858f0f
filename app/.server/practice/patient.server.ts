import { endpoints } from "@contract/endpoints";
import { PROFILE_PHOTO_DOCUMENT_KEY } from "@contract/patient";
import { withSettingDefaults } from "~/lib/practice-settings";
import type { PracticeApi } from "./api.server";

/** The patient-level reads of 1§7: menu, linked accounts, profile, practice, counters, settings. */

export function getMenu(api: PracticeApi, loggedInId: string, proxyId: string) {
  return api.call(endpoints.patientMenu, { body: { UserLoggedID: loggedInId, ProxyID: proxyId } });
}

export function getProxyUsers(api: PracticeApi, patientId: string) {
  return api.call(endpoints.proxyUsers, { query: { PatientID: patientId } });
}

export async function getPatient(api: PracticeApi, patientId: string) {
  const bundle = await api.call(endpoints.patient, { query: { PatientID: patientId } });
  return bundle.resources[0] ?? null;
}

export async function getPractice(api: PracticeApi, patientId: string) {
  const bundle = await api.call(endpoints.organization, { query: { PatientID: patientId } });
  return bundle.resources[0] ?? null;
}

export function getCounters(api: PracticeApi, patientId: string) {
  return api.call(endpoints.refreshCounter, { query: { PatientID: patientId } });
}

/** The practice's settings with 1§3's defaults for the empty ones, so every screen reads the same. */
export async function getPracticeSettings(api: PracticeApi, patientId: string) {
  return withSettingDefaults(await api.call(endpoints.practiceSettings, { query: { PatientID: patientId, PortalSettingTypeID: "1" } }));
}

/** The patient's profile photo (1§7 LoadImage), or null when the practice holds none. */
export function getPatientPhoto(api: PracticeApi, patientId: string) {
  return api.call(endpoints.loadImage, { query: { PatientID: patientId, DocumentKey: PROFILE_PHOTO_DOCUMENT_KEY } });
}
