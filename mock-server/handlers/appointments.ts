import { DateTime } from "luxon";
import { APPOINTMENT_LISTS, BOOKED_REPLY, BookingSlotSlots, CANCELLABLE_STATUS_IDS } from "@contract/appointments";
import { toBundle } from "@contract/fhir";
import { planPatientAppointments, type AppointmentRecord } from "../../fixtures/builders/appointments";
import { PRACTICE_ZONE } from "../../fixtures/builders/practice";
import { APPOINTMENT_TYPES, clinicians, heldByOthers, offersType, parseSlotId, rosterDay, rosterLocations, rosterSlots, takesReason } from "../../fixtures/builders/roster";
import { STAFF_ROLES, type StaffRecord } from "../../fixtures/builders/staff";
import { zoned } from "../resources/zoned";
import { HttpError } from "../http";
import { appointmentResource, practitionerResource } from "../resources/appointments";
import type { WorldCore } from "../world-core";
import { AppointmentStore } from "../appointment-store";
import { pagedBundle, practiceOf, withToken } from "./helpers";
import { mockArea, type AreaRoutes, type StoreInputs } from "../area";

/** Appointment lists, cancelling, and the practitioners a patient may book with (2§7). */

const LIST_FILTERS: Record<string, (a: AppointmentRecord) => boolean> = {
  [APPOINTMENT_LISTS.all]: () => true,
  [APPOINTMENT_LISTS.upcoming]: (a) => a.status === "Future",
  [APPOINTMENT_LISTS.missed]: (a) => a.status === "Missed",
  [APPOINTMENT_LISTS.completed]: (a) => a.status === "Completed",
  [APPOINTMENT_LISTS.cancelled]: (a) => a.status === "Cancelled",
};

/** Each patient's past and future appointments, planned by the builder (decisions/342). */
const plans = { appointmentPlans: planPatientAppointments };

function stores({ seed, data, clock }: StoreInputs<typeof plans>) {
  return { appointments: new AppointmentStore(seed, data.staff, data.referenceDate, data.appointmentPlans, clock, data.videoBooking) };
}

type World = WorldCore & ReturnType<typeof stores>;

const appointmentRoutes = {
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

  /**
   * Honours type (nurses hold no video consults), the one location (who works there), role and, when
   * the practice maps reasons to providers (Reasonforcontactprovidermapping "1"), the reason for visit;
   * the GP first. BookWithID is checked as every patient parameter is (endpoint-route.ts).
   */
  availablePractitioners: withToken(({ world, query }) => {
    const team = clinicians(world.staff);
    const locations = idsOf(query.PracticeLocationID);
    const reason = reasonMapping(world) ? query.ReasonForVisitID : undefined;
    const found = team.filter(
      (s) =>
        (!query.RoleID || query.RoleID === "0" || s.roleId === query.RoleID) &&
        (!query.AppointmentTypeID || query.AppointmentTypeID === "0" || offersType(s, query.AppointmentTypeID)) &&
        (locations.length === 0 || worksAt(world, team, s, locations)) &&
        (!reason || takesReason(s, reason)),
    );
    return toBundle(found.map(practitionerResource));
  }),

  /** Roles to write to (TypeID 1), or to book with (TypeID 2) at the chosen locations: the clinical roles there. */
  roles: withToken(({ world, query }) => {
    // TypeID 1 is 2§3's Messaging role list: every role a patient can write to.
    if (query.TypeID === "1") return STAFF_ROLES.map((r) => ({ id: r.id, title: r.name }));
    const team = clinicians(world.staff);
    const wanted = idsOf(query.PracticeLocation);
    const sites = wanted.length > 0 ? wanted : locationsOf(world).map((l) => l.id);
    const entries = [];
    for (const site of sites) {
      for (const role of STAFF_ROLES) {
        if (team.some((s) => s.roleId === role.id && worksAt(world, team, s, [site]))) entries.push({ RoleID: role.id, RoleName: role.name, PracticeLocationID: site });
      }
    }
    return entries;
  }),

  appointmentSlots: withToken(({ world, query }) => {
    const provider = clinicians(world.staff).find((s) => s.id === query.PractitionerID);
    if (!provider || !offersType(provider, query.AppointmentTypeID)) return toBundle([]);
    // Same-day booking switched off: the practice offers no slots today (2§5).
    if (query.ScheduleDate === todayOf(world) && !sameDayAllowed(world)) return toBundle([]);
    const slots = freeSlots(world, provider, query.ScheduleDate).filter((s) => idsOf(query.LocationIDs).includes(s.locationId));
    return pagedBundle(slots, { PageNumber: 1, PageSize: query.PageSize }, (s) => ({
      resourceType: "Slot" as const,
      start: zoned(s.startMs),
      extension: BookingSlotSlots.write({ slotId: s.id, locationId: s.locationId }),
    }));
  }),

  nextAvailableDay: withToken(({ world, query }) => {
    const provider = clinicians(world.staff).find((s) => s.id === query.ProviderID);
    const days: { RosterDate: string }[] = [];
    if (provider && offersType(provider, query.AppointmentTypeID)) {
      // The next rostered days with a free slot, from StartDate on, up to 60 days ahead (2§9).
      const start = DateTime.fromISO(query.StartDate, { zone: PRACTICE_ZONE });
      for (let d = 0; d <= NEXT_DAY_HORIZON && days.length < 5; d++) {
        const iso = start.plus({ days: d }).toISODate()!;
        if (iso === todayOf(world) && !sameDayAllowed(world)) continue;
        if (freeSlots(world, provider, iso).length > 0) days.push({ RosterDate: `${iso}T00:00:00` });
      }
    }
    // The practice answers an escaped JSON string, not JSON (2§7).
    return JSON.stringify(days);
  }),

  bookAppointment: withToken(({ world, query }) => {
    const parsed = parseSlotId(query.SlotID);
    const team = clinicians(world.staff);
    const provider = parsed && team.find((s) => s.id === parsed.providerId);
    const slot = provider ? rosterSlots(world.seed, team, provider, parsed.isoDate).find((s) => s.id === query.SlotID) : undefined;
    if (!provider || !slot) return "This appointment time does not exist. Please choose another.";
    if (slot.startMs <= world.clock.nowMs()) return SLOT_GONE;
    const isoDate = DateTime.fromMillis(slot.startMs, { zone: PRACTICE_ZONE }).toISODate();
    if (isoDate === todayOf(world) && !sameDayAllowed(world)) return SAME_DAY_REFUSED;
    const typeId = query.AppointmentTypeID ?? "1";
    if (!offersType(provider, typeId)) return `${provider.name} does not hold ${APPOINTMENT_TYPES.find((t) => t.id === typeId)?.name ?? "these"} appointments.`;
    if (heldByOthers(world.seed, slot) || world.appointments.isTaken(slot.id)) return SLOT_GONE;
    // A video consult needs a Zoom meeting: the scenario may make Zoom fail with one of 2§8's codes.
    if (typeId === "2" && world.appointments.videoBooking === "email-missing") return "NotCreatedEmailMissing";
    if (typeId === "2" && world.appointments.videoBooking === "zoom-end") return "NotCreatedZoomEnd";
    const booked = world.appointments.take({ ...slot, provider }, { patientId: query.PatientID, typeId, reason: query.Reason.trim() });
    return booked ? BOOKED_REPLY : SLOT_GONE;
  }),
} satisfies AreaRoutes<World>;

const NEXT_DAY_HORIZON = 60;
export const SLOT_GONE = "This appointment time has just been taken. Please choose another time.";
export const SAME_DAY_REFUSED = "Same day appointments cannot be booked online. Please ring the practice.";

function idsOf(list: string | undefined): string[] {
  return (list ?? "").split(",").filter((id) => id !== "" && id !== "0");
}

function locationsOf(world: World) {
  return rosterLocations(practiceOf(world));
}

function todayOf(world: World): string {
  return DateTime.fromMillis(world.clock.nowMs(), { zone: PRACTICE_ZONE }).toISODate()!;
}

/** 1§3: "1" means the practice narrows the providers offered by the reason for contact chosen. */
function reasonMapping(world: World): boolean {
  return world.store.setting.findFirst({ where: { id: { equals: "Reasonforcontactprovidermapping" } } })?.value === "1";
}

function sameDayAllowed(world: World): boolean {
  return world.store.setting.findFirst({ where: { id: { equals: "IsAllowSameDayBooking" } } })?.value !== "0";
}

/** Whether a clinician works at any of the locations on some day of the coming fortnight. */
function worksAt(world: World, team: readonly StaffRecord[], provider: StaffRecord, locations: readonly string[]): boolean {
  const today = DateTime.fromMillis(world.clock.nowMs(), { zone: PRACTICE_ZONE }).startOf("day");
  for (let d = 0; d < 14; d++) {
    const day = rosterDay(world.seed, team, provider, today.plus({ days: d }));
    if (day && locations.includes(day.locationId)) return true;
  }
  return false;
}

/** A clinician's slots of one day that are still to come and nobody holds. */
function freeSlots(world: World, provider: StaffRecord, isoDate: string) {
  const now = world.clock.nowMs();
  return rosterSlots(world.seed, clinicians(world.staff), provider, isoDate).filter((s) => s.startMs > now && !heldByOthers(world.seed, s) && !world.appointments.isTaken(s.id));
}

function context(world: World, a: AppointmentRecord) {
  const practice = practiceOf(world);
  const p = world.store.patient.findFirst({ where: { id: { equals: a.patientId } }, strict: true });
  return { practice, patientName: [...p.given, p.family].join(" "), seed: world.seed };
}

/** The area as the mock lists it (mock-server/areas.ts, decisions/359). */
export const appointmentsArea = mockArea({ plans, stores, routes: appointmentRoutes });
