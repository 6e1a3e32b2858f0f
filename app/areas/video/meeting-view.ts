import type { JoinRequest } from "./zoom";

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
