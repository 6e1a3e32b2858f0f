import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { loadZoomPage } from "../.server/zoom-page.server";
import { Alert } from "../components/ui/alert";
import { Button, buttonClass } from "../components/ui/button";
import { Breadcrumb } from "../components/shell/breadcrumb";
import {
  JOIN_TIMEOUT_MS,
  ZOOM_TEXT,
  devicesNotice,
  formatMeetingNumber,
  isClientMessage,
  type JoinFailure,
  type JoinRequest,
  type SignatureReply,
} from "../lib/zoom";
import type { Route } from "./+types/zoom";

export const meta: Route.MetaFunction = () => [{ title: "Join Meeting – Patient Portal" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadZoomPage(request);
}

const t = ZOOM_TEXT;
const APPOINTMENTS = "/appointments?id=2";

/**
 * Where the page is: nothing started; the signature being fetched; the video client loading in its
 * frame and joining; in the meeting (the frame fills the window, the SDK's own controls take over);
 * or stopped, with the reason in plain words and Try again.
 */
type Stage =
  | { name: "idle" }
  | { name: "signing" }
  | { name: "connecting"; join: JoinRequest; attempt: number }
  | { name: "in-meeting"; join: JoinRequest; attempt: number }
  | { name: "failed"; message: string };

const FAILURE_TEXT: Record<JoinFailure | "timeout", string> = {
  unreachable: t.unreachable,
  refused: t.refused,
  "sdk-failed": t.sdkFailed,
  timeout: t.timedOut,
};

export default function Zoom({ loaderData }: Route.ComponentProps) {
  const { meeting, appointment } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumb parent={{ to: APPOINTMENTS, label: "Appointments" }} current={t.title} />
      <h1 className="mb-4 text-3xl font-bold">{t.title}</h1>
      {meeting.ok ? (
        <JoinPanel meetingNumber={meeting.meetingNumber} passCode={meeting.passCode} appointment={appointment} />
      ) : (
        <div className="flex flex-col items-start gap-4">
          <Alert title="No meeting to join">{meeting.problem === "missing" ? t.missing : t.malformed}</Alert>
          <Link to={APPOINTMENTS} className={buttonClass("primary")}>
            Back to appointments
          </Link>
        </div>
      )}
    </div>
  );
}

function JoinPanel({ meetingNumber, passCode, appointment }: { meetingNumber: string; passCode: string; appointment: Route.ComponentProps["loaderData"]["appointment"] }) {
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ name: "idle" });
  const [devices, setDevices] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const attempts = useRef(0);
  const problem = useRef<HTMLHeadingElement>(null);

  const start = useCallback(async () => {
    setStage({ name: "signing" });
    let reply: SignatureReply;
    try {
      const response = await fetch("/zoom/signature", { method: "POST", body: new URLSearchParams({ meetingNumber }) });
      // A session that has ended is sent to sign in, as any page would be.
      if (response.redirected && new URL(response.url).pathname === "/login") return window.location.assign(response.url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      reply = (await response.json()) as SignatureReply;
    } catch {
      setStage({ name: "failed", message: t.unreachable });
      return;
    }
    if (!reply.ok) {
      setStage({ name: "failed", message: reply.message });
      return;
    }
    attempts.current += 1;
    setStage({
      name: "connecting",
      attempt: attempts.current,
      join: { meetingNumber, signature: reply.signature, sdkKey: reply.sdkKey, userName: reply.userName, passWord: passCode, timeoutMs: JOIN_TIMEOUT_MS },
    });
  }, [meetingNumber, passCode]);

  // The video client's reports; only from this page's own frame.
  useEffect(() => {
    if (stage.name !== "connecting" && stage.name !== "in-meeting") return;
    const join = stage.join;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || !isClientMessage(event.data)) return;
      const message = event.data;
      if (message.type === "zoom:ready") frame.current?.contentWindow?.postMessage({ type: "zoom:join", join }, window.location.origin);
      else if (message.type === "zoom:devices") setDevices(devicesNotice(message.camera, message.microphone));
      else if (message.type === "zoom:joined") setStage((s) => (s.name === "connecting" ? { ...s, name: "in-meeting" } : s));
      else if (message.type === "zoom:failed") setStage({ name: "failed", message: FAILURE_TEXT[message.reason] });
      else if (message.type === "zoom:left") navigate(APPOINTMENTS);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [stage, navigate]);

  // An SDK that never answers (no way to Zoom can look like that) must not leave the patient waiting.
  const connectingAttempt = stage.name === "connecting" ? stage.attempt : null;
  useEffect(() => {
    if (connectingAttempt === null) return;
    const timer = setTimeout(() => setStage((s) => (s.name === "connecting" && s.attempt === connectingAttempt ? { name: "failed", message: FAILURE_TEXT.timeout } : s)), JOIN_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [connectingAttempt]);

  useEffect(() => {
    if (stage.name === "failed") problem.current?.focus();
  }, [stage.name]);

  const busy = stage.name === "signing" || stage.name === "connecting";
  const inFrame = stage.name === "connecting" || stage.name === "in-meeting";

  return (
    <section aria-labelledby="meeting-heading" className="flex flex-col gap-4">
      <div className="rounded border border-muted/40 bg-white p-4 shadow-sm">
        <h2 id="meeting-heading" className="text-lg font-bold">
          {appointment ? `${appointment.type}, ${appointment.weekday} ${appointment.date} at ${appointment.time}` : "Video consult"}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {appointment ? (
            <>
              <dt className="font-semibold">With</dt>
              <dd>{appointment.provider}</dd>
              <dt className="font-semibold">For</dt>
              <dd>{appointment.patientName}</dd>
            </>
          ) : null}
          <dt className="font-semibold">Meeting ID</dt>
          <dd>{formatMeetingNumber(meetingNumber)}</dd>
        </dl>
      </div>

      {devices ? <Alert tone="info" title="Camera or microphone blocked">{devices}</Alert> : null}

      {stage.name === "failed" ? (
        <div role="alert" className="border-l-8 border-danger bg-white p-4">
          <h2 ref={problem} tabIndex={-1} className="font-bold">
            The meeting did not start
          </h2>
          <p>{stage.message}</p>
        </div>
      ) : null}

      <div className="flex flex-wrap gap-3">
        {stage.name === "failed" ? (
          <Button onClick={() => void start()}>Try again</Button>
        ) : (
          <Button onClick={() => void start()} disabled={busy || stage.name === "in-meeting"} aria-describedby={busy ? "meeting-progress" : undefined}>
            Start Meeting
          </Button>
        )}
        <Link to={APPOINTMENTS} className={buttonClass("secondary")}>
          Back to appointments
        </Link>
      </div>
      <p id="meeting-progress" role="status" className="text-muted">
        {stage.name === "signing" ? "Getting the meeting ready…" : stage.name === "connecting" ? "Connecting to the meeting…" : ""}
      </p>

      {inFrame ? (
        // The SDK's own screen: a separately built client (decisions/130). A new frame for each attempt.
        <iframe
          key={stage.attempt}
          ref={frame}
          src="/zoom-client/"
          title="Video consult"
          allow="camera; microphone; display-capture; autoplay; fullscreen; cross-origin-isolated"
          className={stage.name === "in-meeting" ? "fixed inset-0 z-50 h-full w-full border-0 bg-black" : "h-[70vh] w-full rounded border border-muted/40"}
        />
      ) : null}
    </section>
  );
}
