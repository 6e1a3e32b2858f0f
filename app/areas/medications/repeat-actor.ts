import { createActor, fromPromise, type SnapshotFrom } from "xstate";
import { repeatMedicationMachine, type RepeatEvent } from "./repeat-medication.machine";
import type { RepeatSettings } from "./view";
import { repeatFields } from "./repeat-request";
import { callStep } from "~/lib/steps";
import { repeatSteps } from "./steps";

/**
 * The repeat request's machine with its steps, fetched when the patient reaches for it on the
 * Medications page (decisions/358): started with the events the page took before it arrived, in order.
 */
export function startRepeat(settings: RepeatSettings, early: readonly RepeatEvent[]) {
  const machine = repeatMedicationMachine.provide({
    actors: {
      loadPharmacies: fromPromise(() => callStep(repeatSteps, "pharmacies", {})),
      sendRequest: fromPromise(({ input }) => callStep(repeatSteps, "send", repeatFields(input.choice, input.key, input.ignoreLeave))),
    },
  });
  const actor = createActor(machine, { input: { settings } });
  actor.start();
  for (const event of early) actor.send(event);
  return actor;
}

export type RepeatActor = ReturnType<typeof startRepeat>;
export type RepeatSnapshot = SnapshotFrom<typeof repeatMedicationMachine>;
