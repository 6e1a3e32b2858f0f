import type { Appointment } from "@contract/appointments";
import { appointmentsPageSizes } from "@contract/appointments";
import { listingExtent, sentOf } from "~/lib/listing";
import { appointmentShown, type AppointmentShown } from "~/lib/appointment-row";
import { meetingQueryOf, type MeetingQuery } from "./zoom";
import { rowOf, videoMeetingOf } from "~/.server/appointment-rows.server";
import { config } from "~/.server/config.server";
import type { PracticeApi } from "~/.server/practice/api.server";
import { getAppointments } from "~/.server/practice/appointments.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";

/**
 * What /zoom loads (1§2 Join Meeting, issue 15); with its signature step (`./steps.server.ts`) it joins only one of
 * the viewed patient's own upcoming video consults: an address never vouches for a meeting (issue 36, decisions/225).
 */

export interface ZoomPageData {
  meeting: MeetingQuery | { ok: false; problem: "not-yours" };
  /** The consult as the Appointments page shows it: each field its value or "Not recorded" (decisions/396). */
  appointment: ({ id: string } & Pick<AppointmentShown, "when" | "type" | "provider" | "patientName">) | null;
  /** Whose record was searched, when it is a family member's (the holder may need to switch). */
  viewing?: string | null;
}

/** Pages of upcoming appointments read at most to find a meeting: 500 appointments. */
const UPCOMING_PAGES = 5;

/**
 * The viewed patient's upcoming video consult holding this meeting, preferring the appointment the
 * Join link names; null when the practice lists none. A practice that cannot answer is its failure.
 */
export async function upcomingVideoConsult(api: PracticeApi, patientId: string, meetingNumber: string, appointmentId: string | null = null): Promise<Appointment | null> {
  const matches: Appointment[] = [];
  let read = 0;
  for (let page = 1; page <= UPCOMING_PAGES; page++) {
    const bundle = await getAppointments(api, patientId, "upcoming", page);
    read += bundle.resources.length;
    matches.push(...bundle.resources.filter((a) => videoMeetingOf(a)?.meetingNumber === meetingNumber));
    // A short page is the last here whatever the total says; a full one is followed on unless the total names no more.
    if (sentOf(bundle) < appointmentsPageSizes.appointments || !listingExtent({ total: bundle.total, read, pagesRead: page, pageSize: appointmentsPageSizes.appointments, lastPage: sentOf(bundle) }).more) break;
  }
  return matches.find((a) => a.id === appointmentId) ?? matches[0] ?? null;
}

export interface SignatureDeps {
  requireSession: (request: Request) => Promise<Pick<SignedIn, "api" | "user">>;
  signatureUrl: string | undefined;
  sdkKey: string;
}

export const portalDeps: SignatureDeps = { requireSession, signatureUrl: config.VIDEO_SIGNATURE_URL, sdkKey: config.ZOOM_SDK_KEY };

export async function loadZoomPage(request: Request, deps: Pick<SignatureDeps, "requireSession"> = portalDeps): Promise<ZoomPageData> {
  const { api, user } = await deps.requireSession(request);
  const meeting = meetingQueryOf(new URL(request.url).searchParams);
  if (!meeting.ok) return { meeting, appointment: null };
  const consult = await upcomingVideoConsult(api, user.userId, meeting.meetingNumber, meeting.appointmentId).catch(practiceErrorResponse);
  if (!consult) return { meeting: { ok: false, problem: "not-yours" }, appointment: null, viewing: user.proxy === "Yes" ? user.userName : null };
  const shown = appointmentShown(rowOf(consult, Date.now()));
  return { meeting, appointment: { id: consult.id, when: shown.when, type: shown.type, provider: shown.provider, patientName: shown.patientName } };
}
