import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { PharmacyOption, RepeatSettings } from "~/areas/medications/view";
import { everyRepeatChoice } from "../helpers/repeat-settings";
import { seededDraws } from "../helpers/seeded-draws";
import type { RepeatReply } from "~/areas/medications/repeat-request";
import { earlyRepeat, REPEAT_START, repeatViewOf, type EarlyRepeatEvent } from "~/areas/medications/repeat-selection";
import { medicationsTexts } from "~/areas/medications/texts";
import { repeatMedicationMachine } from "~/areas/medications/repeat-medication.machine";

/**
 * Before the repeat machine arrives, the Medications page answers its events with `earlyRepeat`
 * (decisions/358) and hands them to the machine when it starts: each step of the page's view must be
 * what the machine itself shows after the same events.
 */
const settings: RepeatSettings = everyRepeatChoice;

function machine() {
  const provided = repeatMedicationMachine.provide({
    actors: {
      loadPharmacies: fromPromise(async (): Promise<PharmacyOption[]> => [{ id: "p1", name: "Unichem Central", favourite: true }]),
      sendRequest: fromPromise(async (): Promise<RepeatReply> => ({ outcome: "sent", message: "Sent" })),
    },
  });
  return createActor(provided, { input: { settings } }).start();
}

/** A seeded sequence of the events a page can send before the machine runs. */
function sequence(seed: number, length: number): EarlyRepeatEvent[] {
  const next = seededDraws(seed);
  const ids = ["m1", "m2", "m3"];
  return Array.from({ length }, (): EarlyRepeatEvent => {
    switch (next(4)) {
      case 0:
        return { type: "medicine.toggle", id: ids[next(3)] };
      case 1:
        return { type: "medicine.set", ids: ids.slice(0, 1 + next(3)), selected: next(2) === 0 };
      case 2:
        return { type: "repeat.open" };
      default:
        return { type: "dialog.close" };
    }
  });
}

describe("the Medications page's repeat view before the machine runs", () => {
  it("starts as the machine starts", () => {
    const actor = machine();
    expect(repeatViewOf(actor.getSnapshot())).toEqual(REPEAT_START);
    actor.stop();
  });

  it("answers Repeat with nothing chosen as the machine does, and clears the message with a choice", () => {
    const opened = earlyRepeat(REPEAT_START, { type: "repeat.open" });
    expect(opened).toEqual({ medicationIds: [], selectionError: medicationsTexts.selectOne, requesting: false });
    expect(earlyRepeat(opened, { type: "medicine.toggle", id: "m1" })).toEqual({ medicationIds: ["m1"], selectionError: null, requesting: false });
  });

  it("keeps step with the machine over 200 sequences of choices, Repeat and Close", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const actor = machine();
      let view = REPEAT_START;
      for (const event of sequence(seed, 12)) {
        view = earlyRepeat(view, event);
        actor.send(event);
        expect(view, `seed ${seed} after ${JSON.stringify(event)}`).toEqual(repeatViewOf(actor.getSnapshot()));
      }
      actor.stop();
    }
  });
});
