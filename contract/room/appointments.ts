import type { appointmentsEndpoints } from "@contract/appointments";
import type { rolesEndpoints } from "@contract/roles";
import { bundleRow } from "./bundle";
import { absent, asSent, bundleTotalWrong, changed, dateOnly, extensionsCut, extras, inUtc, leftOut, markedUp, nulled, shape, valued, withoutOffset, type RoomRow, type Shape } from "./shapes";

/**
 * The room 2§7 leaves the appointment and role calls (issue 68, decisions/396). 2§3 names an
 * Appointment's fields and the order of its extensions, but not which a record must carry, how its start
 * is written, nor a closed list of its type or status; the booking and cancel answers are fixed words.
 */

/** The Appointment's extensions by position (2§3; contract/appointments.ts AppointmentSlots). */
const A = {
  type: "extension.0.valueString",
  patientName: "extension.1.valueString",
  providerName: "extension.2.valueString",
  practiceAddress: "extension.3.valueString",
  location: "extension.4.valueString",
  locationName: "extension.5.valueString",
  status: "extension.6.valueString",
  duration: "extension.7.valueDecimal",
  cancelReason: "extension.8.valueString",
  videoConfig: "extension.9.valueString",
  statusId: "extension.10.valueString",
} as const;

/** The video config as 2§3 quotes it, JSON with JoinUrl and nothing more: the meeting is read from the address. */
const joinUrlAlone: Shape = changed(A.videoConfig, "video config with JoinUrl alone", (old) => {
  if (typeof old !== "string" || old.trim() === "") return old;
  try {
    const config = JSON.parse(old) as { JoinUrl?: unknown };
    return typeof config.JoinUrl === "string" ? JSON.stringify({ JoinUrl: config.JoinUrl }) : old;
  } catch {
    return old;
  }
});

const appointmentRecords: Shape[] = [
  // period.start: left out, or written as a day, a local time or in UTC (2§3 says only "period.start").
  ...leftOut("period.start"),
  dateOnly("period.start"),
  withoutOffset("period.start"),
  inUtc("period.start"),
  // The extension list: none at all, or cut before the slots the screen reads.
  ...leftOut("extension"),
  extensionsCut(1),
  extensionsCut(6),
  extensionsCut(9),
  // Each slot the screen shows, left out (duration is a decimal: absent or null, never text).
  ...leftOut(A.type),
  ...leftOut(A.patientName),
  ...leftOut(A.providerName),
  ...leftOut(A.practiceAddress),
  ...leftOut(A.location),
  ...leftOut(A.locationName),
  ...leftOut(A.status),
  absent(A.duration),
  nulled(A.duration),
  ...leftOut(A.cancelReason),
  ...leftOut(A.videoConfig),
  ...leftOut(A.statusId),
  // Codes the spec does not list: a type, a status text, a status id.
  valued(A.type, "Home Visit"),
  valued(A.status, "Arrived"),
  valued(A.statusId, "99"),
  // A video config that is not JSON, JSON without JoinUrl, or JoinUrl alone.
  valued(A.videoConfig, "{JoinUrl: not json", "video config not JSON"),
  valued(A.videoConfig, "{}", "video config without JoinUrl"),
  joinUrlAlone,
  // Free text with markup, an entity and macrons.
  markedUp(A.patientName),
  markedUp(A.providerName),
  markedUp(A.practiceAddress),
  markedUp(A.location),
  markedUp(A.locationName),
  markedUp(A.cancelReason),
];

/** NextAvailableDay's JSON string, its list's days changed by `change` (2§7 fixes the string and RosterDate, not how the day is written). */
function rosterDates(name: string, change: (day: string) => string): Shape {
  return shape(name, (reply) => {
    if (typeof reply !== "string") return reply;
    try {
      const days = JSON.parse(reply) as Array<{ RosterDate?: unknown }>;
      return Array.isArray(days) ? JSON.stringify(days.map((d) => (typeof d.RosterDate === "string" ? { ...d, RosterDate: change(d.RosterDate.slice(0, 10)) } : d))) : reply;
    } catch {
      return reply;
    }
  });
}

/** New Zealand's offset at the start of `day`: +13:00 in daylight time, +12:00 otherwise. */
function nzOffset(day: string): string {
  const daylight = new Date(`${day}T00:00:00+13:00`);
  const hour = new Intl.DateTimeFormat("en-NZ", { timeZone: "Pacific/Auckland", hour: "numeric", hourCycle: "h23" }).formatToParts(daylight).find((p) => p.type === "hour")?.value;
  return Number(hour) === 0 ? "+13:00" : "+12:00";
}

/** Midnight of `day` in New Zealand, in UTC as a JSON serialiser writes it: 11:00 or 12:00 the day before. */
function nzMidnightInUtc(day: string): string {
  return new Date(`${day}T00:00:00${nzOffset(day)}`).toISOString();
}

export const appointmentsRoom = {
  appointments: bundleRow({
    fixes:
      "2§3 Appointment: id (the record's identity: cancel and Join address it), period.start, and the extensions in order: type, patient name, provider name, practice address, location, location name, status text (Future, Completed, Missed, Cancelled, Other), duration (a decimal), cancel reason, video config (JSON with JoinUrl), status id. History pages by the bundle's total, or without one by full pages (2§9's 100 a page).",
    open:
      "Which of those a record carries: any field absent, null or empty, the extension list cut short; how the start is written (a day, a local time, with an offset, in UTC); a type, status text or status id the spec does not list; a video config that is not JSON or lacks JoinUrl; free text with markup, entities and macrons; a total that is wrong.",
    records: appointmentRecords,
    replies: [bundleTotalWrong],
  }),
  cancelAppointment: {
    fixes: "2§7: a string; success is exactly \"Appointment cancelled successfully\"; 2§8 shows any other text as a warning. The success words are not varied.",
    open: "The words of a refusal.",
    replies: [asSent],
  },
  availablePractitioners: bundleRow({
    fixes: "2§3 Practitioner: id (sent back to book), name text, the lock-down flag as the first extension.",
    open: "Which of those a record carries: the name list or its text absent, null or empty, or with markup and macrons; the extension list or the flag absent or null (no lock-down).",
    records: [...leftOut("name"), ...leftOut("name.0.text"), markedUp("name.0.text"), absent("extension"), extensionsCut(0), absent("extension.0.valueBoolean"), nulled("extension.0.valueBoolean")],
  }),
  appointmentSlots: bundleRow({
    fixes: "2§3 Slot: start with its offset (kept as the spec writes it); the extensions slot id and location id, in that order.",
    open: "The extension list cut short or left out, or its values absent, null or empty: a slot without its id cannot be booked; one without its location is one of the locations asked for.",
    records: [absent("extension"), extensionsCut(0), extensionsCut(1), ...leftOut("extension.0.valueString"), ...leftOut("extension.1.valueString")],
  }),
  bookAppointment: {
    fixes: "2§7: a string; success is exactly \"Appointment has been booked successfully\"; NotCreatedEmailMissing and NotCreatedZoomEnd (2§8). The success words are not varied.",
    open: "The words of a refusal.",
    replies: [asSent],
  },
  nextAvailableDay: {
    fixes: "2§7: an escaped JSON string of a list of objects with RosterDate.",
    open: "How RosterDate is written (a day, a local midnight, with an offset, in UTC); an empty list.",
    replies: [
      asSent,
      rosterDates("RosterDate as a day", (day) => day),
      rosterDates("RosterDate with an offset", (day) => `${day}T00:00:00${nzOffset(day)}`),
      rosterDates("RosterDate in UTC", nzMidnightInUtc),
      shape("an empty list", (reply) => (typeof reply === "string" ? "[]" : reply)),
    ],
  },
} satisfies { [K in keyof typeof appointmentsEndpoints]: RoomRow };

export const rolesRoom = {
  roles: {
    fixes:
      "2§3 Role list entry (TypeID 2, for booking): role id (sent back as RoleID), role name, location. Messaging role (TypeID 1): id, title, read by messaging. A plain list.",
    open: "A booking role's name or location absent, null or empty, its name with markup and macrons, its id a number; fields the portal does not read.",
    replies: [asSent],
    records: {
      at: "list",
      shapes: [
        asSent,
        extras,
        ...leftOut("RoleName"),
        markedUp("RoleName"),
        ...leftOut("PracticeLocationID"),
        shape("RoleID as a number", (role) => {
          const id = (role as { RoleID?: unknown } | null)?.RoleID;
          return typeof id === "string" && /^\d+$/.test(id) ? { ...(role as object), RoleID: Number(id) } : role;
        }),
      ],
    },
  },
} satisfies { [K in keyof typeof rolesEndpoints]: RoomRow };
