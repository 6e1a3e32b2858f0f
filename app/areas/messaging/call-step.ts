import { lazyModule } from "~/lib/lazy-module";
import type { StepInput, StepReply } from "~/lib/steps";
import type { messagingSteps } from "./steps";

// The steps' declarations with the zod schemas that read their replies, and the step client (decisions/361).
const stepsCode = lazyModule(() => Promise.all([import("./steps"), import("~/lib/steps")]));

type MessagingSteps = typeof messagingSteps;

/**
 * The page's own steps (a further page of the list, a message opened, a delete) through the step
 * client, fetched with their declarations on the first call, or earlier when the patient reaches for
 * the messages (`preloadMessagingSteps`), so zod stays off the first load. Code that cannot be fetched
 * is the same failure as a step that gets no answer: the caller says so and offers to try again.
 */
export async function callMessagingStep<N extends keyof MessagingSteps["steps"] & string>(name: N, input: StepInput<MessagingSteps, N>): Promise<StepReply<MessagingSteps, N>> {
  const [{ messagingSteps: area }, { callStep }] = await stepsCode.preload();
  return callStep(area, name, input);
}

export const preloadMessagingSteps = () => void stepsCode.preload().catch(() => undefined);
