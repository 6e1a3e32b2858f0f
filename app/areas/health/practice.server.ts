import { endpoints } from "@contract/endpoints";
import { CONDITION_LISTS, IMMUNISATION_LISTS } from "@contract/health";
import { LOOKUP_TYPES } from "@contract/profile";
import { healthPageSizes } from "@contract/health";
import type { PracticeApi } from "~/.server/practice/api.server";

/**
 * The health summary calls of 2§7. Each is the viewed patient's record: a proxy's calls carry the
 * family member's id (user.userId), never the account holder's.
 */

export type ConditionList = keyof typeof CONDITION_LISTS;
export type ImmunisationList = keyof typeof IMMUNISATION_LISTS;

export function getConditions(api: PracticeApi, patientId: string, list: ConditionList, page: number) {
  return api.call(endpoints.conditions, { query: { PatientID: patientId, PageSize: healthPageSizes.conditions, PageNumber: page, TypeID: CONDITION_LISTS[list] } });
}

export function getAllergies(api: PracticeApi, patientId: string, page: number) {
  return api.call(endpoints.allergies, { query: { PatientID: patientId, PageSize: healthPageSizes.allergies, PageNumber: page } });
}

export function getImmunisations(api: PracticeApi, patientId: string, list: ImmunisationList, page: number) {
  return api.call(endpoints.immunisations, { query: { PatientID: patientId, PageSize: healthPageSizes.immunisations, PageNumber: page, TypeID: IMMUNISATION_LISTS[list] } });
}

export interface TimelineQuery {
  /** YYYY-MM-DD, or null for no bound (All). */
  from: string | null;
  to: string | null;
  text: string;
  /** A provider's id; empty for All, which sends none (2§5). */
  providerId: string;
}

export function getTimeline(api: PracticeApi, patientId: string, q: TimelineQuery, page: number) {
  return api.call(endpoints.timeline, {
    query: {
      PatientID: patientId,
      PageSize: healthPageSizes.timeline,
      PageNumber: page,
      ...(q.from ? { FromDate: q.from } : {}),
      ...(q.to ? { toDate: q.to } : {}),
      ...(q.text ? { SearchText: q.text } : {}),
      ...(q.providerId ? { ProviderID: q.providerId } : {}),
    },
  });
}

/** The timeline filter's providers (IndiciLookup type 14). */
export function getTimelineProviders(api: PracticeApi, patientId: string) {
  return api.call(endpoints.lookup, { query: { TypeID: LOOKUP_TYPES.timelineProviders, PatientID: patientId } });
}

export function getReminders(api: PracticeApi, patientId: string, page: number) {
  return api.call(endpoints.reminders, { query: { PatientID: patientId, PageSize: healthPageSizes.reminders, PageNumber: page } });
}

/** ChartType 0: every vital (2§7). */
export function getVitals(api: PracticeApi, patientId: string, page: number) {
  return api.call(endpoints.vitals, { query: { PatientID: patientId, PageSize: healthPageSizes.vitals, PageNumber: page, ChartType: "0" } });
}
