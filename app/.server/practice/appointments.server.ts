import { endpoints } from "@contract/endpoints";
import { APPOINTMENT_LISTS, NextAvailableDaysSchema, type Practitioner } from "@contract/appointments";
import { isRoleEntry } from "@contract/roles";
import { appointmentsPageSizes } from "@contract/appointments";
import { LOOKUP_TYPES } from "@contract/profile";
import { practiceDateTime } from "~/lib/dates";
import type { PracticeApi } from "./api.server";
import { rolesOfKind } from "./roles.server";

/**
 * The appointment calls of 2§7. Every call names the patient the appointment is for: the viewed
 * patient (user.userId), or the family member a main account books for, never anyone else.
 */

export function getAppointments(api: PracticeApi, patientId: string, list: keyof typeof APPOINTMENT_LISTS, page: number) {
  return api.call(endpoints.appointments, { query: { PatientID: patientId, PageSize: appointmentsPageSizes.appointments, PageNumber: page, AppointmentType: APPOINTMENT_LISTS[list] } });
}

/** A History search by dates: 200 a page (2§9). */
export function getAppointmentsBetween(api: PracticeApi, patientId: string, from: string, to: string, page: number) {
  return api.call(endpoints.appointments, { query: { PatientID: patientId, PageSize: appointmentsPageSizes.historySearch, PageNumber: page, FromDate: from, ToDate: to } });
}

export function cancelAppointment(api: PracticeApi, patientId: string, appointmentId: string, reason: string) {
  return api.call(endpoints.cancelAppointment, { query: { PatientID: patientId, AppointmentID: appointmentId, Reason: reason } });
}

export function getLookup(api: PracticeApi, patientId: string, type: "locations" | "appointmentTypes" | "reasonsForContact") {
  return api.call(endpoints.lookup, { query: { PatientID: patientId, TypeID: LOOKUP_TYPES[type] } });
}

export async function getBookingRoles(api: PracticeApi, patientId: string, locationIds: readonly string[]) {
  const roles = await api.call(endpoints.roles, { query: { PatientID: patientId, TypeID: "2", PracticeLocation: locationIds.join(",") } });
  return rolesOfKind(roles, isRoleEntry, "TypeID 2");
}

/**
 * The providers offered at the chosen locations (2§7 AvailablePractitioner): the call names one
 * PracticeLocationID, so it is made once for each location, and the answers merged in the practice's
 * order, each provider once (decisions/290). `bookWithId` is the account booking; `reasonForVisitId`
 * the reason for contact, which the practice narrows its providers by.
 */
export async function getPractitioners(
  api: PracticeApi,
  patientId: string,
  q: { typeId: string; locationIds: readonly string[]; roleId: string; bookWithId: string; reasonForVisitId: string },
): Promise<Practitioner[]> {
  const answers = await Promise.all(
    q.locationIds.map((location) =>
      api.call(endpoints.availablePractitioners, {
        query: { PatientID: patientId, AppointmentTypeID: q.typeId, PracticeLocationID: location, RoleID: q.roleId || "0", BookWithID: q.bookWithId, ReasonForVisitID: q.reasonForVisitId },
      }),
    ),
  );
  const seen = new Set<string>();
  return answers.flatMap((bundle) => bundle.resources).filter((p) => !seen.has(p.id) && (seen.add(p.id), true));
}

export function getSlots(api: PracticeApi, patientId: string, q: { typeId: string; locationIds: readonly string[]; providerId: string; date: string }) {
  return api.call(endpoints.appointmentSlots, {
    query: { PatientID: patientId, ScheduleDate: q.date, PageSize: appointmentsPageSizes.slots, PractitionerID: q.providerId, AppointmentTypeID: q.typeId, LocationIDs: q.locationIds.join(",") },
  });
}

/**
 * The practice answers a JSON string holding the list (2§7); an unreadable one is no days at all. Each
 * RosterDate is read in the practice's zone, however written (a day, a local midnight, with an offset or
 * in UTC, decisions/396): midnight in Auckland written in UTC is the day before by its text.
 */
export async function getNextAvailableDays(api: PracticeApi, patientId: string, q: { typeId: string; providerId: string; start: string }): Promise<string[]> {
  const text = await api.call(endpoints.nextAvailableDay, { query: { PatientID: patientId, ProviderID: q.providerId, AppointmentTypeID: q.typeId, StartDate: q.start } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const days = NextAvailableDaysSchema.safeParse(parsed);
  return days.success ? days.data.map((d) => practiceDateTime(d.RosterDate).toISODate()).filter((day): day is string => day !== null) : [];
}

export function bookAppointment(api: PracticeApi, patientId: string, b: { slotId: string; reason: string; typeId: string; reasonForVisitId: string }) {
  return api.call(endpoints.bookAppointment, { query: { PatientID: patientId, SlotID: b.slotId, Reason: b.reason, AppointmentTypeID: b.typeId, ReasonforVisitID: b.reasonForVisitId } });
}
