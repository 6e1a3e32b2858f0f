import { meetingTexts } from "./meeting-texts";
import { useEffect, useRef, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { loadZoomPage } from "./page.server";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { SignInAgainLink } from "~/components/ui/sign-in-again-link";
import { lazyModule } from "~/lib/lazy-module";
import { useMachineWhenReached } from "~/lib/use-machine-when-reached";
import { devicesNotice, formatMeetingNumber, isClientMessage } from "./zoom";
import type { ZoomJoinEvent } from "./zoom-join.machine";
import { videoTexts } from "./texts";
import { codeNotFetched, IDLE_MEETING, meetingViewOf, pressedEarly } from "./meeting-view";
import type { Route } from "./+types/page.route";

export const meta: Route.MetaFunction = () => [{ title: videoTexts.pageTitle }];

export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadZoomPage(request);
  // Not one of the viewed patient's upcoming video consults: one answer whether it is someone else's or none.
  return page.meeting.ok || page.meeting.problem !== "not-yours" ? page : data(page, { status: 404 });
}

const t = meetingTexts;
const APPOINTMENTS = "/appointments?id=2";


export default function Zoom({ loaderData }: Route.ComponentProps) {
  const { meeting, appointment, viewing } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumb parent={{ to: APPOINTMENTS, label: videoTexts.appointments }} current={t.title} />
      <h1 className="mb-4 text-3xl font-bold">{t.title}</h1>
      {meeting.ok ? (
        <JoinPanel meetingNumber={meeting.meetingNumber} passCode={meeting.passCode} appointment={appointment} />
      ) : (
        <div className="flex flex-col items-start gap-4">
          {meeting.problem === "not-yours" ? (
            <Alert title={videoTexts.notYoursTitle}>{viewing ? videoTexts.notYoursOf(viewing) : videoTexts.notYours}</Alert>
          ) : (
            <Alert title={videoTexts.noMeetingTitle}>{meeting.problem === "missing" ? t.missing : t.malformed}</Alert>
          )}
          <Link to={APPOINTMENTS} className={buttonClass("primary")}>
            {videoTexts.backToAppointments}
          </Link>
        </div>
      )}
    </div>
  );
}

// The join machine, xstate and the signature step's schemas load when the patient reaches for Start
// Meeting (pointed at, focused, pressed), not with the page (issue 35, decisions/347).
const joinCode = lazyModule(() => import("./join-machine"));

function JoinPanel({ meetingNumber, passCode, appointment }: { meetingNumber: string; passCode: string; appointment: Route.ComponentProps["loaderData"]["appointment"] }) {
  const navigate = useNavigate();
  const { snapshot, early, send, reach } = useMachineWhenReached({
    code: joinCode,
    start: ({ startJoin }, queued: readonly ZoomJoinEvent[]) => startJoin({ meetingNumber, passCode }, queued),
    initial: IDLE_MEETING,
    answer: pressedEarly,
    notFetched: codeNotFetched,
  });
  const view = snapshot ? meetingViewOf(snapshot) : early;
  const [devices, setDevices] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const problem = useRef<HTMLHeadingElement>(null);

  // The video client's reports, only from this page's own frame, become the machine's events.
  const { join } = view;
  useEffect(() => {
    if (!join) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || !isClientMessage(event.data)) return;
      const report = event.data;
      if (report.type === "zoom:ready") frame.current?.contentWindow?.postMessage({ type: "zoom:join", join }, window.location.origin);
      else if (report.type === "zoom:devices") setDevices(devicesNotice(report.camera, report.microphone));
      else if (report.type === "zoom:joined") send({ type: "client.joined" });
      else if (report.type === "zoom:failed") send({ type: "client.failed", reason: report.reason });
      else if (report.type === "zoom:left") send({ type: "client.left" });
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [join, send]);

  const left = view.phase === "left";
  useEffect(() => {
    if (left) void navigate(APPOINTMENTS);
  }, [left, navigate]);

  const failed = view.phase === "failed";
  useEffect(() => {
    if (failed) problem.current?.focus();
  }, [failed]);

  const { attempt, message, sessionEnded } = view;
  const busy = view.phase === "signing" || view.phase === "connecting";
  const inMeeting = view.phase === "inMeeting";
  const inFrame = (view.phase === "connecting" || inMeeting) && join !== null;

  return (
    <section aria-labelledby="meeting-heading" className="flex flex-col gap-4">
      <div className="rounded border border-muted/40 bg-white p-4 shadow-sm">
        <h2 id="meeting-heading" className="text-lg font-bold">
          {appointment ? videoTexts.consultHeading(appointment.type, appointment.when) : videoTexts.videoConsult}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {appointment ? (
            <>
              <dt className="font-semibold">{videoTexts.with}</dt>
              <dd>{appointment.provider}</dd>
              <dt className="font-semibold">{videoTexts.for}</dt>
              <dd>{appointment.patientName}</dd>
            </>
          ) : null}
          <dt className="font-semibold">{videoTexts.meetingId}</dt>
          <dd>{formatMeetingNumber(meetingNumber)}</dd>
        </dl>
      </div>

      {devices ? <Alert tone="info" title={videoTexts.devicesBlockedTitle}>{devices}</Alert> : null}

      {failed ? (
        <div role="alert" className="border-l-8 border-danger bg-white p-4">
          <h2 ref={problem} tabIndex={-1} className="font-bold">
            {videoTexts.notStartedTitle}
          </h2>
          <p>{message}</p>
          {sessionEnded ? (
            <p className="mt-2">
              <SignInAgainLink />
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-wrap gap-3">
        {failed ? (
          <Button onClick={() => send({ type: "meeting.retry" })}>{videoTexts.tryAgain}</Button>
        ) : (
          <Button onClick={() => send({ type: "meeting.start" })} onPointerEnter={reach} onFocus={reach} busy={busy} disabled={inMeeting} aria-describedby={busy ? "meeting-progress" : undefined}>
            {videoTexts.startMeeting}
          </Button>
        )}
        <Link to={APPOINTMENTS} className={buttonClass("secondary")}>
          {videoTexts.backToAppointments}
        </Link>
      </div>
      <p id="meeting-progress" role="status" className="text-muted">
        {view.phase === "signing" ? videoTexts.gettingReady : view.phase === "connecting" ? videoTexts.connecting : ""}
      </p>

      {inFrame ? (
        // The SDK's own screen: a separately built client (decisions/130). A new frame for each attempt.
        <iframe
          key={attempt}
          ref={frame}
          src="/zoom-client/"
          title={videoTexts.videoConsult}
          allow="camera; microphone; display-capture; autoplay; fullscreen; cross-origin-isolated"
          className={inMeeting ? "fixed inset-0 z-50 h-full w-full border-0 bg-black" : "h-[70vh] w-full rounded border border-muted/40"}
        />
      ) : null}
    </section>
  );
}
