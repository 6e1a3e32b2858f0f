import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { waitForState } from "../helpers/wait-for-state";
import { FAILURE_TEXT, zoomJoinMachine } from "~/areas/video/zoom-join.machine";
import { JOIN_TIMEOUT_MS, type Signature } from "~/areas/video/zoom";
import { meetingTexts } from "~/areas/video/meeting-texts";
import { StepSessionEndedError } from "~/lib/step-errors";
import { StepFailedError } from "~/lib/steps";
import { codeNotFetched, IDLE_MEETING, meetingViewOf, pressedEarly } from "~/areas/video/meeting-view";
import { startJoin } from "~/areas/video/join-machine";

const input = { meetingNumber: "81234567890", passCode: "abc123" };
const signed: Signature = { signature: "h.p.s", sdkKey: "portalMockSdkKey0001", userName: "Sam Solo" };

function start(sign: (meetingNumber: string) => Promise<Signature>) {
  const asked: string[] = [];
  const actor = createActor(
    zoomJoinMachine.provide({
      actors: {
        sign: fromPromise(({ input: i }) => {
          asked.push(i.meetingNumber);
          return sign(i.meetingNumber);
        }),
      },
    }),
    { input },
  ).start();
  return { actor, asked };
}

describe("the video consult join machine", () => {
  it("starts where the page draws it before its code has arrived (decisions/347)", () => {
    const { actor } = start(async () => signed);
    const { join, attempt, message, sessionEnded } = actor.getSnapshot().context;
    expect(actor.getSnapshot().value).toBe(IDLE_MEETING.phase);
    expect({ phase: IDLE_MEETING.phase, join, attempt, message, sessionEnded }).toEqual(IDLE_MEETING);
  });

  it("Start Meeting after the session ended says the sign-in has ended, not that the service cannot be reached; Try again signs once signed in (issue 21)", async () => {
    let ended = true;
    const { actor, asked } = start(async () => {
      if (ended) throw new StepSessionEndedError("/zoom/signature");
      return signed;
    });
    actor.send({ type: "meeting.start" });
    await waitForState(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context).toMatchObject({ message: meetingTexts.sessionEnded, sessionEnded: true });
    ended = false;
    actor.send({ type: "meeting.retry" });
    await waitForState(actor, (s) => s.matches("connecting"));
    expect(asked).toHaveLength(2);
    expect(actor.getSnapshot().context).toMatchObject({ sessionEnded: false, attempt: 1 });
  });

  it("signs the meeting, then hands the frame the SDK's join; joined, then left", async () => {
    const { actor, asked } = start(async () => signed);
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "meeting.start" });
    await waitForState(actor, (s) => s.matches("connecting"));
    expect(asked).toEqual(["81234567890"]);
    expect(actor.getSnapshot().context).toMatchObject({ attempt: 1, join: { meetingNumber: "81234567890", passWord: "abc123", signature: "h.p.s", sdkKey: "portalMockSdkKey0001", userName: "Sam Solo", timeoutMs: JOIN_TIMEOUT_MS } });
    actor.send({ type: "client.joined" });
    expect(actor.getSnapshot().value).toBe("inMeeting");
    actor.send({ type: "client.left" });
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("says why when the practice will not sign, or the portal cannot be reached, and tries again with a new frame", async () => {
    let answer: () => Promise<Signature> = async () => Promise.reject(new StepFailedError({ kind: "refused", message: meetingTexts.notSigned }));
    const { actor } = start(() => answer());
    actor.send({ type: "meeting.start" });
    await waitForState(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.message).toBe(meetingTexts.notSigned);
    answer = async () => Promise.reject(new Error("offline"));
    actor.send({ type: "meeting.retry" });
    await waitForState(actor, (s) => s.matches("failed") && s.context.message === meetingTexts.unreachable);
    answer = async () => signed;
    actor.send({ type: "meeting.retry" });
    await waitForState(actor, (s) => s.matches("connecting"));
    expect(actor.getSnapshot().context).toMatchObject({ attempt: 1, message: null });
  });

  it("explains each way the SDK can fail", async () => {
    for (const reason of ["unreachable", "refused", "sdk-failed"] as const) {
      const { actor } = start(async () => signed);
      actor.send({ type: "meeting.start" });
      await waitForState(actor, (s) => s.matches("connecting"));
      actor.send({ type: "client.failed", reason });
      expect(actor.getSnapshot().value).toBe("failed");
      expect(actor.getSnapshot().context.message).toBe(FAILURE_TEXT[reason]);
    }
  });

  it("does not wait for ever for an SDK that never answers", async () => {
    vi.useFakeTimers();
    try {
      const { actor } = start(async () => signed);
      actor.send({ type: "meeting.start" });
      // The signature's promise settles without moving the clock.
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe("connecting");
      vi.advanceTimersByTime(JOIN_TIMEOUT_MS - 1);
      expect(actor.getSnapshot().value).toBe("connecting");
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().value).toBe("failed");
      expect(actor.getSnapshot().context.message).toBe(meetingTexts.timedOut);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the Join Meeting panel before its machine runs (decisions/347, 358)", () => {
  /** startJoin signs through the portal's step: each post is counted and left unanswered. */
  function countSignatures() {
    const posts: string[] = [];
    vi.stubGlobal("fetch", (url: string) => {
      posts.push(String(url));
      return new Promise(() => undefined);
    });
    return posts;
  }

  it("a Start Meeting kept while the code is on its way is drawn as signing, and the machine signs once when it starts", () => {
    const posts = countSignatures();
    const shown = pressedEarly(pressedEarly(IDLE_MEETING, { type: "meeting.start" }), { type: "meeting.start" });
    expect(shown).toEqual({ ...IDLE_MEETING, phase: "signing" });
    const actor = startJoin(input, [{ type: "meeting.start" }, { type: "meeting.start" }]);
    expect(meetingViewOf(actor.getSnapshot())).toEqual(shown);
    expect(posts).toHaveLength(1);
    actor.stop();
    vi.unstubAllGlobals();
  });

  it("code that never arrives is said as an unreachable service, the press dropped; Try again then starts the machine, which signs once", () => {
    const posts = countSignatures();
    const failed = codeNotFetched(pressedEarly(IDLE_MEETING, { type: "meeting.start" }));
    expect(failed).toEqual({ view: { ...IDLE_MEETING, phase: "failed", message: meetingTexts.unreachable }, early: [] });
    expect(pressedEarly(failed.view, { type: "meeting.retry" })).toEqual({ ...IDLE_MEETING, phase: "signing" });
    const actor = startJoin(input, [{ type: "meeting.retry" }]);
    expect(meetingViewOf(actor.getSnapshot()).phase).toBe("signing");
    expect(posts).toHaveLength(1);
    actor.stop();
    vi.unstubAllGlobals();
  });

  it("reached but not pressed, the machine starts idle and signs nothing", () => {
    const posts = countSignatures();
    const actor = startJoin(input, []);
    expect(meetingViewOf(actor.getSnapshot())).toEqual(IDLE_MEETING);
    expect(posts).toEqual([]);
    actor.stop();
    vi.unstubAllGlobals();
  });
});
