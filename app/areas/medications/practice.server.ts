import { endpoints } from "@contract/endpoints";
import { MEDICATION_LISTS } from "@contract/medications";
import { medicationsPageSizes } from "@contract/medications";
import type { HistoryList } from "./view";
import type { PracticeApi } from "~/.server/practice/api.server";

/**
 * The medication calls of 2§7. Medicines and their repeats are the viewed patient's record: a proxy's
 * calls carry the family member's id (user.userId), never the account holder's.
 */

/** 2§9: 50 a page, 10 for the repeated list. */
export function medicationPageSize(list: HistoryList): number {
  return list === "repeated" ? medicationsPageSizes.repeatedMedications : medicationsPageSizes.medications;
}

export function getMedications(api: PracticeApi, patientId: string, list: HistoryList, page: number) {
  return api.call(endpoints.medications, { query: { PatientID: patientId, PageSize: medicationPageSize(list), PageNumber: page, TypeID: MEDICATION_LISTS[list] } });
}

/** Every pharmacy the practice can send to, in one page of 1,965 (2§7, 2§9). */
export function getPharmacies(api: PracticeApi, patientId: string) {
  return api.call(endpoints.pharmacies, { query: { PatientID: patientId, PageSize: medicationsPageSizes.pharmacies, PageNumber: 1 } });
}

export interface RepeatRequestCall {
  patientId: string;
  medicationIds: readonly string[];
  /** 1 pick up at the practice, 2 a pharmacy. */
  pickUpTypeId: 1 | 2;
  pharmacy: { id: string; name: string; preferred: boolean } | null;
  urgent: boolean;
  notes: string;
  ignoreLeave: boolean;
}

export function sendRepeatRequest(api: PracticeApi, r: RepeatRequestCall) {
  return api.call(endpoints.repeatRequest, {
    body: {
      PatientID: r.patientId,
      MedicationID: r.medicationIds.join(","),
      PickUpTypeID: r.pickUpTypeId,
      PharmacyID: r.pharmacy?.id ?? "0",
      PharmacyName: r.pharmacy?.name ?? "",
      IsUrgent: r.urgent,
      IsPreferredPharmacy: r.pharmacy?.preferred ?? false,
      Notes: r.notes,
      PharmacyLocationId: r.pharmacy?.id ?? "0",
      IgnoreLeave: r.ignoreLeave,
    },
  });
}
