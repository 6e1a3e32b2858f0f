import { StepFailedError } from "~/lib/steps";

/**
 * A card refused by the card provider in the browser (Stripe confirms there, unseen by the portal):
 * unlike a dropped connection or an unreadable answer, it is certain that nothing was charged by it.
 */
export class RefusedError extends Error {
  override name = "RefusedError";
}

/**
 * Whether a payment step's error is sure to have charged nothing: the card provider's refusal, or the
 * portal's refusal of the step (a rule said no before the card was tried). A practice that could not
 * answer (`failed`), no answer, or an unreadable one may have charged: the attempt's key is kept.
 */
export function refusedForCertain(error: unknown): boolean {
  return error instanceof RefusedError || (error instanceof StepFailedError && error.kind === "refused");
}
