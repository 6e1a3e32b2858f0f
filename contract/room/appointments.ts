import type { appointmentsEndpoints } from "@contract/appointments";
import type { rolesEndpoints } from "@contract/roles";
import { bundleRow } from "./bundle";
import { asSent, type RoomRow } from "./shapes";

/** The room 2§7 leaves the appointment and role calls (issue 68, decisions/396). */
export const appointmentsRoom = {
  appointments: bundleRow({ fixes: "2§3 Appointment: id, period.start, the ordered extensions type, patient, provider, practice address, location, location name, status text (Future, Completed, Missed, Cancelled, Other), duration, cancel reason, video config (JSON with JoinUrl), status id.", open: "Which of those a record carries; status texts beyond the five; how the start is written." }),
  cancelAppointment: { fixes: "2§7: a string; success \"Appointment cancelled successfully\"; 2§8 shows any other text as a warning.", open: "The words of a refusal.", replies: [asSent] },
  availablePractitioners: bundleRow({ fixes: "2§3 Practitioner: id, name text, the lock-down flag as an extension.", open: "Which of those a record carries." }),
  appointmentSlots: bundleRow({ fixes: "2§3 Slot: start with its offset; extensions slot id and location id.", open: "Which other fields a record carries." }),
  bookAppointment: { fixes: "2§7: a string; success \"Appointment has been booked successfully\"; NotCreatedEmailMissing and NotCreatedZoomEnd (2§8).", open: "The words of a refusal.", replies: [asSent] },
  nextAvailableDay: { fixes: "2§7: an escaped JSON string of a list with RosterDate.", open: "How RosterDate is written; an empty list.", replies: [asSent] },
} satisfies { [K in keyof typeof appointmentsEndpoints]: RoomRow };

export const rolesRoom = {
  roles: { fixes: "2§3 Role list entry: role id, role name, location; Messaging role: id, title.", open: "Which of those an entry carries.", replies: [asSent] },
} satisfies { [K in keyof typeof rolesEndpoints]: RoomRow };
