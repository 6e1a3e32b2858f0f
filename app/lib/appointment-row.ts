import { appointmentRowTexts as t } from "./texts/appointment-row";
import { recordTexts } from "./texts/record";

/**
 * An appointment as the Appointments page and the video page both show it (dates and times in the
 * practice's zone): made by app/.server/appointment-rows.server.ts. A field the practice's record does
 * not hold is null (absent, null or empty on the wire, decisions/396): the screens say "Not recorded".
 */
export interface AppointmentRow {
  id: string;
  /** DD-MM-YYYY, practice time; null when the practice sent no start. */
  date: string | null;
  /** "9:15 am", practice time; null when the start is a day alone, or there is none. */
  time: string | null;
  weekday: string | null;
  type: string | null;
  provider: string | null;
  patientName: string | null;
  locationName: string | null;
  /** The location's address (or the practice's), searched on a map. */
  location: string | null;
  /** The status text as the practice sent it, one 2§3 does not list included. */
  status: string | null;
  durationMinutes: number | null;
  cancelReason: string | null;
  cancellable: boolean;
  /** 2§4: a Missed status, or any appointment still marked future whose start has passed. */
  missed: boolean;
  /** A video consult's meeting: its Join link goes to /zoom with these. */
  video: { meetingNumber: string; passCode: string } | null;
  /** A video consult still to come whose config names no meeting to join (absent, empty or not JSON): said in words. */
  videoWithoutMeeting: boolean;
}

const notRecorded = recordTexts.notRecorded;

/** The status texts 2§3 lists (contract/appointments.ts APPOINTMENT_STATUSES); any other is shown as sent, in neutral colours. */
const KNOWN_STATUSES: ReadonlySet<string> = new Set(Object.keys(t.statuses));
const knownStatus = (status: string): status is keyof typeof t.statuses => KNOWN_STATUSES.has(status);

/** What a card, a slip and the video page show of an appointment: each field its value or "Not recorded". */
export interface AppointmentShown {
  /** "Wednesday 04-03-2026 at 9:30 am", the day alone with its time not recorded, or the date not recorded. */
  when: string;
  type: string;
  provider: string;
  patientName: string;
  where: string;
  length: string;
  status: string;
  /** How the status is drawn: colour is never the only signal, and a status the portal does not know claims nothing. */
  tone: "missed" | "cancelled" | "known" | "neutral";
  /** Shown for a cancelled appointment, or whenever the practice gives one. */
  cancelReason: string | null;
  /** For the buttons' accessible names: "Face to Face on 04-03-2026 at 9:30 am". */
  label: string;
}

export function appointmentShown(row: AppointmentRow): AppointmentShown {
  const day = row.date ? `${row.weekday ? `${row.weekday} ` : ""}${row.date}` : null;
  const when = day ? (row.time ? t.dayAt(day, row.time) : t.dayTimeNotRecorded(day, notRecorded)) : t.dateNotRecorded(notRecorded);
  const where = [row.locationName, row.location].filter((part): part is string => part !== null).join(", ");
  const known = row.status !== null && knownStatus(row.status);
  // A status 2§3 names is said in the page's words; any other is the practice's, shown as sent.
  const status = row.missed && row.status !== "Missed" ? t.missedStartPassed : row.status === null ? notRecorded : knownStatus(row.status) ? t.statuses[row.status] : row.status;
  return {
    when,
    type: row.type ?? notRecorded,
    provider: row.provider ?? notRecorded,
    patientName: row.patientName ?? notRecorded,
    where: where || notRecorded,
    length: row.durationMinutes === null ? notRecorded : t.minutes(row.durationMinutes),
    status,
    tone: row.missed ? "missed" : row.status === "Cancelled" ? "cancelled" : known ? "known" : "neutral",
    cancelReason: row.cancelReason ?? (row.status === "Cancelled" ? notRecorded : null),
    label: t.label(row.type ?? t.anAppointment, row.date ? (row.time ? t.dateAt(row.date, row.time) : row.date) : t.aDateNotRecorded),
  };
}
