import { CANCELLABLE_STATUS_IDS, VIDEO_TYPE_NAME, type Appointment } from "@contract/appointments";
import type { AppointmentRow } from "~/lib/appointment-row";
import { practiceDateTime } from "~/lib/dates";

/** An appointment as the page shows it: dates and times in the practice's zone, whatever the browser's. */
export function rowOf(a: Appointment, nowMs: number): AppointmentRow {
  const start = practiceDateTime(a.period.start);
  const e = a.extension;
  const passed = start.toMillis() <= nowMs;
  return {
    id: a.id,
    date: start.toFormat("dd-MM-yyyy"),
    time: start.toFormat("h:mm a").replace(/AM|PM/, (m) => m.toLowerCase()),
    weekday: start.toFormat("cccc"),
    type: e.type,
    provider: e.providerName,
    patientName: e.patientName,
    locationName: e.locationName,
    location: e.location || e.practiceAddress,
    status: e.status,
    durationMinutes: e.duration,
    cancelReason: e.cancelReason,
    cancellable: !passed && (CANCELLABLE_STATUS_IDS as readonly string[]).includes(e.statusId),
    missed: e.status === "Missed" || (passed && e.status === "Future"),
    video: !passed && e.type === VIDEO_TYPE_NAME ? meetingOf(e.videoConfig) : null,
  };
}

/**
 * The meeting of a video consult as the practice lists it, whatever the portal's clock says (the
 * patient may still be joining one that has started): null for any other kind or status.
 */
export function videoMeetingOf(a: Appointment): AppointmentRow["video"] {
  return a.extension.type === VIDEO_TYPE_NAME && a.extension.status !== "Cancelled" ? meetingOf(a.extension.videoConfig) : null;
}

/** The meeting of a video consult's config (2§3 JSON with JoinUrl): its number and pass code. */
function meetingOf(config: string): AppointmentRow["video"] {
  if (!config.trim()) return null;
  try {
    const value = JSON.parse(config) as Record<string, unknown>;
    const url = typeof value.JoinUrl === "string" ? new URL(value.JoinUrl) : null;
    const meetingNumber = String(value.MeetingNumber ?? url?.pathname.match(/\/j\/(\d{9,12})/)?.[1] ?? "");
    const passCode = String(value.PassCode ?? url?.searchParams.get("pwd") ?? "");
    return /^\d{9,12}$/.test(meetingNumber) ? { meetingNumber, passCode } : null;
  } catch {
    return null;
  }
}
