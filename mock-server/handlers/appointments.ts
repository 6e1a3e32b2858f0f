import { DateTime } from "luxon";
import { APPOINTMENT_LISTS, CANCELLABLE_STATUS_IDS } from "../../contract/appointments";
import { toBundle } from "../../contract/fhir";
import type { AppointmentRecord } from "../../fixtures/builders/appointments";
import { PRACTICE_ZONE } from "../../fixtures/builders/practice";
import { HttpError } from "../http";
import { appointmentResource, practitionerResource } from "../resources/appointments";
import type { World } from "../worlds";
import { pagedBundle, practiceOf, withToken } from "./helpers";
import type { WorldRoutes } from "./types";

/** Appointment lists, cancelling, and the practitioners a patient may book with (2§7). */

const LIST_FILTERS: Record<string, (a: AppointmentRecord) => boolean> = {
  [APPOINTMENT_LISTS.all]: () => true,
  [APPOINTMENT_LISTS.upcoming]: (a) => a.status === "Future",
  [APPOINTMENT_LISTS.missed]: (a) => a.status === "Missed",
  [APPOINTMENT_LISTS.completed]: (a) => a.status === "Completed",
  [APPOINTMENT_LISTS.cancelled]: (a) => a.status === "Cancelled",
};

export const appointmentRoutes = {
  appointments: withToken(({ world, query }) => {
    let list = world.appointments.all(query.PatientID);
    if (query.FromDate && query.ToDate) {
      const from = DateTime.fromISO(query.FromDate, { zone: PRACTICE_ZONE }).startOf("day").toMillis();
      const to = DateTime.fromISO(query.ToDate, { zone: PRACTICE_ZONE }).endOf("day").toMillis();
      list = list.filter((a) => a.startMs >= from && a.startMs <= to);
    }
    if (query.AppointmentType) list = list.filter(LIST_FILTERS[query.AppointmentType]);
    // Upcoming reads soonest first; every other list newest first.
    if (query.AppointmentType === APPOINTMENT_LISTS.upcoming) list = [...list].reverse();
    return pagedBundle(list, query, (a) => appointmentResource(a, context(world, a)));
  }),

  cancelAppointment: withToken(({ world, query }) => {
    const appointment = world.appointments.find(query.PatientID, query.AppointmentID);
    if (!appointment) throw new HttpError(404, { error: `No appointment ${query.AppointmentID} for this patient` });
    if (!(CANCELLABLE_STATUS_IDS as readonly string[]).includes(appointment.statusId)) return "This appointment can no longer be cancelled online. Please ring the practice.";
    world.appointments.cancel(appointment, query.Reason.trim());
    return "Appointment cancelled successfully";
  }),

  availablePractitioners: withToken(({ world, query }) => {
    const clinicians = world.staff.filter((s) => s.roleName !== "Reception" && (!query.RoleID || query.RoleID === "0" || s.roleId === query.RoleID));
    return toBundle(clinicians.map(practitionerResource));
  }),
} satisfies Partial<WorldRoutes>;

function context(world: World, a: AppointmentRecord) {
  const practice = practiceOf(world);
  const p = world.store.patient.findFirst({ where: { id: { equals: a.patientId } }, strict: true });
  return { practice, patientName: [...p.given, p.family].join(" ") };
}
