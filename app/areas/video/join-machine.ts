import { createActor, fromPromise } from "xstate";
import { zoomJoinMachine, type ZoomJoinEvent, type ZoomJoinInput } from "./zoom-join.machine";
import { callStep } from "~/lib/steps";
import { videoSteps } from "./steps";

/** The join machine with its signature step, fetched when the patient reaches for Start Meeting (decisions/347, 358). */
export function startJoin(input: ZoomJoinInput, early: readonly ZoomJoinEvent[]) {
  const machine = zoomJoinMachine.provide({ actors: { sign: fromPromise(({ input: asked }) => callStep(videoSteps, "sign", { meetingNumber: asked.meetingNumber })) } });
  const actor = createActor(machine, { input });
  actor.start();
  // Before the machine ran, Start Meeting and Try again (after its code failed to arrive) were both a first start: signed once.
  if (early.some((event) => event.type === "meeting.start" || event.type === "meeting.retry")) actor.send({ type: "meeting.start" });
  return actor;
}
