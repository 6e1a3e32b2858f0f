import { meetingTexts } from "./meeting-texts";
import { MEETING_NUMBER } from "@contract/meeting-number";

/**
 * The pure parts of /zoom (1§2 Join Meeting, issue 15): the Join link's query, the signature's answer, the page and iframe's
 * messages, the words for failures; shared with zoom-client/, so it imports nothing that client cannot bundle (decisions/130).
 */

export type MeetingQuery =
  | { ok: true; meetingNumber: string; passCode: string; appointmentId: string | null }
  | { ok: false; problem: "missing" | "malformed" };

/** Pass codes are up to 10 characters in Zoom; the appointments' links carry them as the practice gave them. */
const PASS_CODE = /^[A-Za-z0-9@\-_*.]{0,32}$/;
const APPOINTMENT_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Reads the Join link's query (app/areas/appointments/view.ts joinUrl); spaces in a typed meeting id are forgiven. */
export function meetingQueryOf(params: URLSearchParams): MeetingQuery {
  const raw = params.get("meetingNumber")?.replace(/[\s-]/g, "") ?? "";
  if (raw === "") return { ok: false, problem: "missing" };
  const passCode = params.get("passCode") ?? "";
  if (!MEETING_NUMBER.test(raw) || !PASS_CODE.test(passCode)) return { ok: false, problem: "malformed" };
  const appointment = params.get("appointment");
  return { ok: true, meetingNumber: raw, passCode, appointmentId: appointment && APPOINTMENT_ID.test(appointment) ? appointment : null };
}

/** "123 4567 8901", as Zoom writes meeting ids. */
export function formatMeetingNumber(meetingNumber: string): string {
  const d = meetingNumber;
  if (d.length === 11) return `${d.slice(0, 3)} ${d.slice(3, 7)} ${d.slice(7)}`;
  if (d.length === 10) return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
  return `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
}

/** The signature step's reply: everything the SDK's join needs but the pass code, which the page has. */
export interface Signature {
  signature: string;
  sdkKey: string;
  userName: string;
}

/** What the page hands the video client: the SDK's join parameters (role is always 0, 1§9). */
export interface JoinRequest {
  meetingNumber: string;
  signature: string;
  sdkKey: string;
  userName: string;
  passWord: string;
  /** Milliseconds the client waits for the SDK to answer before calling the service unreachable. */
  timeoutMs: number;
}

/** Why a join did not happen, as the page explains it. */
export type JoinFailure = "unreachable" | "refused" | "sdk-failed";

/** Messages from the page to the client, and back; both sides check the sender's origin. */
export type PageToClient = { type: "zoom:join"; join: JoinRequest };
export type ClientToPage =
  | { type: "zoom:ready" }
  | { type: "zoom:joining" }
  | { type: "zoom:joined" }
  | { type: "zoom:failed"; reason: JoinFailure; code?: number | string }
  | { type: "zoom:devices"; camera: PermissionState | "unknown"; microphone: PermissionState | "unknown" }
  | { type: "zoom:left" };

const CLIENT_TYPES = new Set(["zoom:ready", "zoom:joining", "zoom:joined", "zoom:failed", "zoom:devices", "zoom:left"]);

export function isClientMessage(value: unknown): value is ClientToPage {
  return typeof value === "object" && value !== null && CLIENT_TYPES.has((value as { type?: unknown }).type as string);
}

export function isPageMessage(value: unknown): value is PageToClient {
  const v = value as { type?: unknown; join?: Partial<JoinRequest> } | null;
  return typeof v === "object" && v !== null && v.type === "zoom:join" && typeof v.join?.meetingNumber === "string" && typeof v.join.signature === "string";
}

/**
 * Failures of the SDK's init or join, sorted for the patient. With no way to Zoom the SDK answers
 * errorCode 1 (client view) or -3000 (embedded view) (STACK.md); a refused signature or meeting is
 * the practice's to sort out, not a network problem.
 */
export function joinFailureOf(code: number | string | undefined): JoinFailure {
  const n = Number(code);
  if (n === 1 || n === -3000) return "unreachable";
  // 3712: "Signature is invalid".
  if (n === 3712) return "refused";
  return "sdk-failed";
}

/** The plain words for a blocked camera or microphone, or null when both are allowed (or not yet asked). */
export function devicesNotice(camera: PermissionState | "unknown", microphone: PermissionState | "unknown"): string | null {
  if (camera === "denied") return meetingTexts.devicesBlocked(microphone === "denied" ? "both" : "camera");
  return microphone === "denied" ? meetingTexts.devicesBlocked("microphone") : null;
}

/** How long the page waits for the SDK to answer a join before calling the service unreachable. */
export const JOIN_TIMEOUT_MS = 45_000;

