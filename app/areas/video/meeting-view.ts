import { meetingTexts } from "./meeting-texts";
import type { SnapshotFrom } from "xstate";
import { type JoinRequest } from "./zoom";
import type { zoomJoinMachine, ZoomJoinEvent } from "./zoom-join.machine";

/** What the Join Meeting panel draws: the join machine's state as the page needs it (decisions/347). */
export interface MeetingView {
  phase: "idle" | "signing" | "connecting" | "inMeeting" | "failed" | "left";
  join: JoinRequest | null;
  attempt: number;
  message: string | null;
  sessionEnded: boolean;
}

/** Before the machine runs: its starting state. */
export const IDLE_MEETING: MeetingView = { phase: "idle", join: null, attempt: 0, message: null, sessionEnded: false };

const PHASES = ["signing", "connecting", "inMeeting", "failed", "left"] as const;

/** The running machine's state as the panel draws it. */
export function meetingViewOf(snapshot: SnapshotFrom<typeof zoomJoinMachine>): MeetingView {
  const { join, attempt, message, sessionEnded } = snapshot.context;
  return { phase: PHASES.find((phase) => snapshot.matches(phase)) ?? "idle", join, attempt, message, sessionEnded };
}

/** A press before the code arrives shows what the machine's signing state would (decisions/347). */
export function pressedEarly(shown: MeetingView, event: ZoomJoinEvent): MeetingView {
  return event.type === "meeting.start" || event.type === "meeting.retry" ? { ...shown, phase: "signing", message: null } : shown;
}

/** The code could not be fetched: said as a signature that could not be fetched; Try again fetches again. */
export function codeNotFetched(shown: MeetingView): { view: MeetingView; early: ZoomJoinEvent[] } {
  return { view: shown.phase === "signing" ? { ...shown, phase: "failed", message: meetingTexts.unreachable } : shown, early: [] };
}
