import type { DateTime } from "luxon";
import { CANCELLABLE_STATUS_IDS, VIDEO_TYPE_NAME, type Appointment } from "@contract/appointments";
import type { AppointmentRow } from "~/lib/appointment-row";
import { clockTime, practiceDateTime, weekdayOf } from "~/lib/dates";

/** Text the practice sent, or null where it sent none: absent, null, empty or blank (decisions/396). */
function given(value: string | null | undefined): string | null {
  return value?.trim() ? value : null;
}

/**
 * An appointment's start as the practice wrote it (decisions/396): a date-time with or without its offset
 * or in UTC, read in the practice's zone, or a day alone, whose time is not known; null when it sent none.
 */
export interface AppointmentStart {
  at: DateTime;
  timed: boolean;
}

export function startOf(a: Pick<Appointment, "period">): AppointmentStart | null {
  const text = a.period.start;
  if (!text) return null;
  const at = practiceDateTime(text);
  return at.isValid ? { at, timed: text.includes("T") } : null;
}

/**
 * Whether the start has passed at `nowMs`: a day alone has passed once the practice's day is over; with
 * no start the portal does not know, and claims nothing (not missed, not past).
 */
export function startPassed(start: AppointmentStart | null, nowMs: number): boolean {
  if (!start) return false;
  if (start.timed) return start.at.toMillis() <= nowMs;
  return start.at.endOf("day").toMillis() < nowMs;
}

/** An appointment as the page shows it: dates and times in the practice's zone, whatever the browser's. */
export function rowOf(a: Appointment, nowMs: number): AppointmentRow {
  const start = startOf(a);
  const e = a.extension;
  const passed = startPassed(start, nowMs);
  const type = given(e.type);
  const status = given(e.status);
  const video = !passed && type === VIDEO_TYPE_NAME && status !== "Cancelled";
  const meeting = video ? meetingOf(e.videoConfig) : null;
  return {
    id: a.id,
    date: start ? start.at.toFormat("dd-MM-yyyy") : null,
    time: start?.timed ? clockTime(start.at) : null,
    weekday: start ? weekdayOf(start.at) : null,
    type,
    provider: given(e.providerName),
    patientName: given(e.patientName),
    locationName: given(e.locationName),
    location: given(e.location) ?? given(e.practiceAddress),
    status,
    durationMinutes: typeof e.duration === "number" && Number.isFinite(e.duration) ? e.duration : null,
    cancelReason: given(e.cancelReason),
    // The practice lists it as upcoming: only a start known to have passed stops a cancel 2§2 allows.
    cancellable: !passed && e.statusId !== undefined && (CANCELLABLE_STATUS_IDS as readonly string[]).includes(e.statusId.trim()),
    // A status the spec does not list, or none, is no claim that it was missed (issue 68).
    missed: status === "Missed" || (passed && status === "Future"),
    video: meeting,
    videoWithoutMeeting: video && meeting === null,
  };
}

/**
 * The meeting of a video consult as the practice lists it, whatever the portal's clock says (the
 * patient may still be joining one that has started): null for any other kind or status.
 */
export function videoMeetingOf(a: Appointment): AppointmentRow["video"] {
  return given(a.extension.type) === VIDEO_TYPE_NAME && given(a.extension.status) !== "Cancelled" ? meetingOf(a.extension.videoConfig) : null;
}

/** The meeting of a video consult's config (2§3 JSON with JoinUrl): its number and pass code; null when absent, empty or not JSON. */
function meetingOf(config: string | undefined): AppointmentRow["video"] {
  if (!config?.trim()) return null;
  try {
    const value = JSON.parse(config) as unknown;
    if (value === null || typeof value !== "object") return null;
    const fields = value as Record<string, unknown>;
    const url = typeof fields.JoinUrl === "string" && URL.canParse(fields.JoinUrl) ? new URL(fields.JoinUrl) : null;
    const meetingNumber = String(fields.MeetingNumber ?? url?.pathname.match(/\/j\/(\d{9,12})/)?.[1] ?? "");
    const passCode = String(fields.PassCode ?? url?.searchParams.get("pwd") ?? "");
    return /^\d{9,12}$/.test(meetingNumber) ? { meetingNumber, passCode } : null;
  } catch {
    return null;
  }
}
