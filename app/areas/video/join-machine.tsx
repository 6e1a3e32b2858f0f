import { useMachine } from "@xstate/react";
import { useEffect, useMemo, useRef, type RefObject } from "react";
import { useNavigate } from "react-router";
import { fromPromise } from "xstate";
import { zoomJoinMachine, type ZoomJoinEvent } from "./zoom-join.machine";
import { devicesNotice, isClientMessage } from "./zoom";
import { callStep } from "~/lib/steps";
import { videoSteps } from "./steps";
import type { MeetingView } from "./meeting-view";

/**
 * The join machine (decisions/130) and everything it needs (xstate, the signature step and its zod
 * schemas), fetched when the patient reaches for Start Meeting rather than with the page (issue 35,
 * decisions/347). It draws nothing: the page draws the panel from the `MeetingView` it reports, the same
 * element before and after this code arrives. It starts the meeting at once when mounted for a press
 * made before it arrived.
 */
export function JoinMachine({
  meetingNumber,
  passCode,
  startAtOnce,
  frame,
  sendRef,
  onView,
  onDevices,
  appointments,
}: {
  meetingNumber: string;
  passCode: string;
  startAtOnce: boolean;
  frame: RefObject<HTMLIFrameElement | null>;
  /** Where the page's buttons send their events once the machine runs. */
  sendRef: RefObject<((event: ZoomJoinEvent) => void) | null>;
  onView: (view: MeetingView) => void;
  onDevices: (notice: string | null) => void;
  appointments: string;
}) {
  const navigate = useNavigate();
  const machine = useMemo(() => zoomJoinMachine.provide({ actors: { sign: fromPromise(({ input }) => callStep(videoSteps, "sign", { meetingNumber: input.meetingNumber })) } }), []);
  const [state, send] = useMachine(machine, { input: { meetingNumber, passCode } });
  const { join, attempt, message, sessionEnded } = state.context;

  const started = useRef(false);
  useEffect(() => {
    sendRef.current = send;
    if (startAtOnce && !started.current) send({ type: "meeting.start" });
    started.current = true;
    return () => {
      sendRef.current = null;
    };
  }, [send, sendRef, startAtOnce]);

  // The page keeps showing the press it made (busy) until the machine has taken it: its idle start is not reported.
  const phase = (["signing", "connecting", "inMeeting", "failed", "left"] as const).find((s) => state.matches(s)) ?? "idle";
  useEffect(() => {
    if (phase === "idle" && startAtOnce) return;
    onView({ phase, join, attempt, message, sessionEnded });
  }, [phase, join, attempt, message, sessionEnded, onView, startAtOnce]);

  // The video client's reports, only from this page's own frame, become the machine's events.
  useEffect(() => {
    if (!join) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || !isClientMessage(event.data)) return;
      const report = event.data;
      if (report.type === "zoom:ready") frame.current?.contentWindow?.postMessage({ type: "zoom:join", join }, window.location.origin);
      else if (report.type === "zoom:devices") onDevices(devicesNotice(report.camera, report.microphone));
      else if (report.type === "zoom:joined") send({ type: "client.joined" });
      else if (report.type === "zoom:failed") send({ type: "client.failed", reason: report.reason });
      else if (report.type === "zoom:left") send({ type: "client.left" });
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [join, send, frame, onDevices]);

  const left = state.matches("left");
  useEffect(() => {
    if (left) void navigate(appointments);
  }, [left, navigate, appointments]);

  return null;
}
