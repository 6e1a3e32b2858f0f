import { MeetingNumberSchema } from "../../contract/video";
import type { AppointmentRow } from "../lib/appointments-view";
import { meetingQueryOf, ZOOM_TEXT, type MeetingQuery, type SignatureReply } from "../lib/zoom";
import { rowOf } from "./appointment-rows.server";
import { config } from "./config.server";
import { getAppointments } from "./practice/appointments.server";
import { PracticeApiError } from "./practice/client.server";
import { getVideoSignature } from "./practice/video.server";
import { requestForm } from "./request-form.server";
import { requireSession, type SignedIn } from "./session.server";

/**
 * What /zoom loads (1§2 Join Meeting, issue 15) and its signature action. The page shows the
 * appointment the Join link came from when the practice still lists it among the upcoming ones; a
 * link without it (or one the practice no longer lists) still joins, the meeting is what matters.
 */

export interface ZoomPageData {
  meeting: MeetingQuery;
  appointment: Pick<AppointmentRow, "id" | "date" | "time" | "weekday" | "type" | "provider" | "patientName"> | null;
}

export interface SignatureDeps {
  requireSession: (request: Request) => Promise<Pick<SignedIn, "api" | "user">>;
  signatureUrl: string | undefined;
  sdkKey: string;
}

const portalDeps: SignatureDeps = { requireSession, signatureUrl: config.VIDEO_SIGNATURE_URL, sdkKey: config.ZOOM_SDK_KEY };

export async function loadZoomPage(request: Request, deps: Pick<SignatureDeps, "requireSession"> = portalDeps): Promise<ZoomPageData> {
  const { api, user } = await deps.requireSession(request);
  const meeting = meetingQueryOf(new URL(request.url).searchParams);
  if (!meeting.ok || !meeting.appointmentId) return { meeting, appointment: null };
  // The appointment is a courtesy: a practice that cannot list it now must not keep the patient out.
  const bundle = await getAppointments(api, user.userId, "upcoming", 1).catch((error: unknown) => {
    // A redirect (the session ended) still goes through; anything else only hides the appointment.
    if (error instanceof Response) throw error;
    return null;
  });
  const found = bundle?.resources.map((a) => rowOf(a, Date.now())).find((r) => r.id === meeting.appointmentId && r.video?.meetingNumber === meeting.meetingNumber);
  return {
    meeting,
    appointment: found ? { id: found.id, date: found.date, time: found.time, weekday: found.weekday, type: found.type, provider: found.provider, patientName: found.patientName } : null,
  };
}

/**
 * POST /zoom/signature (same-origin only, server.ts): the practice's video function signs the join;
 * the portal adds the SDK key and the signed-in patient's name. The SDK secret is the function's.
 */
export async function signatureAction(request: Request, deps: SignatureDeps = portalDeps): Promise<SignatureReply> {
  const { api, user } = await deps.requireSession(request);
  const form = await requestForm(request);
  const meetingNumber = MeetingNumberSchema.safeParse(String(form.get("meetingNumber") ?? ""));
  if (!meetingNumber.success) return { ok: false, message: ZOOM_TEXT.badMeeting };
  try {
    const reply = await getVideoSignature(api, meetingNumber.data, deps.signatureUrl);
    if ("error" in reply) return { ok: false, message: ZOOM_TEXT.notSigned };
    return { ok: true, signature: reply.signature, sdkKey: deps.sdkKey, userName: user.userName };
  } catch (error) {
    if (error instanceof PracticeApiError) return { ok: false, message: ZOOM_TEXT.notSigned };
    throw error;
  }
}
