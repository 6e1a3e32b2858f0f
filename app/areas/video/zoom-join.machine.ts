import { meetingTexts } from "./meeting-texts";
import { assign, setup } from "xstate";
import { StepSessionEndedError } from "~/lib/step-errors";
import { failureMessage } from "~/lib/steps";
import { JOIN_TIMEOUT_MS, type JoinFailure, type JoinRequest, type Signature } from "./zoom";
import { unprovided } from "~/lib/unprovided";

/**
 * Joining a video consult (1§2 Join Meeting, issue 15): a signature from the portal, then the framed client joins;
 * every way it stops short says why and offers Try again, and no state waits for ever (decisions/130).
 */

export interface ZoomJoinInput {
  meetingNumber: string;
  passCode: string;
}

export interface ZoomJoinContext extends ZoomJoinInput {
  /** What the frame's client is handed; a new attempt number makes a new frame. */
  join: JoinRequest | null;
  attempt: number;
  /** Why the meeting did not start. */
  message: string | null;
  /** The signature step met an ended session (issue 21): the page offers to sign in again in a new tab. */
  sessionEnded: boolean;
}

export type ZoomJoinEvent =
  | { type: "meeting.start" }
  | { type: "meeting.retry" }
  | { type: "client.joined" }
  | { type: "client.failed"; reason: JoinFailure }
  | { type: "client.left" };

export const FAILURE_TEXT: Record<JoinFailure, string> = {
  unreachable: meetingTexts.unreachable,
  refused: meetingTexts.refused,
  "sdk-failed": meetingTexts.sdkFailed,
};

export const zoomJoinMachine = setup({
  types: { input: {} as ZoomJoinInput, context: {} as ZoomJoinContext, events: {} as ZoomJoinEvent },
  actors: {
    sign: unprovided<{ meetingNumber: string }, Signature>("sign"),
  },
  delays: { joinTimeout: JOIN_TIMEOUT_MS },
  actions: {
    explainFailure: assign({ message: (_, params: { message: string }) => params.message }),
  },
}).createMachine({
  id: "zoomJoin",
  context: ({ input }) => ({ ...input, join: null, attempt: 0, message: null, sessionEnded: false }),
  initial: "idle",
  states: {
    idle: { on: { "meeting.start": "signing" } },
    signing: {
      invoke: {
        src: "sign",
        input: ({ context }) => ({ meetingNumber: context.meetingNumber }),
        onDone: {
          target: "connecting",
          actions: assign(({ context, event: { output: reply } }) => ({
            attempt: context.attempt + 1,
            message: null,
            join: { meetingNumber: context.meetingNumber, passWord: context.passCode, signature: reply.signature, sdkKey: reply.sdkKey, userName: reply.userName, timeoutMs: JOIN_TIMEOUT_MS },
          })),
        },
        onError: [
          // The portal answered that the sign-in has ended: it is reachable, the patient only signs in again.
          { guard: ({ event }) => event.error instanceof StepSessionEndedError, target: "failed", actions: assign({ message: meetingTexts.sessionEnded, sessionEnded: true }) },
          // The portal refused (not the patient's meeting, the practice would not sign) in its own words;
          // or it could not be reached, or answered something that is not the step's reply.
          { target: "failed", actions: { type: "explainFailure", params: ({ event }) => ({ message: failureMessage(event.error, meetingTexts.unreachable) }) } },
        ],
      },
    },
    connecting: {
      after: { joinTimeout: { target: "failed", actions: { type: "explainFailure", params: { message: meetingTexts.timedOut } } } },
      on: {
        "client.joined": "inMeeting",
        "client.failed": { target: "failed", actions: assign({ message: ({ event }) => FAILURE_TEXT[event.reason] }) },
        "client.left": "left",
      },
    },
    inMeeting: {
      on: {
        "client.failed": { target: "failed", actions: assign({ message: ({ event }) => FAILURE_TEXT[event.reason] }) },
        "client.left": "left",
      },
    },
    failed: { on: { "meeting.retry": { target: "signing", actions: assign({ sessionEnded: false }) } } },
    left: { type: "final" },
  },
});
