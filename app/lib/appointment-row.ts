/**
 * An appointment as the Appointments page and the video page both show it (dates and times in the
 * practice's zone): made by app/.server/appointment-rows.server.ts.
 */
export interface AppointmentRow {
  id: string;
  /** DD-MM-YYYY, practice time. */
  date: string;
  /** "9:15 am", practice time. */
  time: string;
  weekday: string;
  type: string;
  provider: string;
  patientName: string;
  locationName: string;
  /** The location's address, searched on a map. */
  location: string;
  status: string;
  durationMinutes: number;
  cancelReason: string;
  cancellable: boolean;
  /** 2§4: a Missed status, or any appointment still marked future whose start has passed. */
  missed: boolean;
  /** A video consult's meeting: its Join link goes to /zoom with these. */
  video: { meetingNumber: string; passCode: string } | null;
}
