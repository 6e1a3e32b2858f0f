import { StepFailedError } from "~/lib/steps";
import { cardProviderTexts } from "./card-provider-texts";

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

/**
 * A card provider's refusal in the patient's language: the catalogue's words for its code (Stripe's decline
 * code, then its code), else the provider's own message, which no catalogue holds.
 */
export function refusalWords(refusal: { code?: string; decline_code?: string; message?: string }): string | undefined {
  const refusals: Record<string, string> = cardProviderTexts.refusals;
  for (const code of [refusal.decline_code, refusal.code]) if (code && Object.hasOwn(refusals, code)) return refusals[code];
  return refusal.message || undefined;
}
