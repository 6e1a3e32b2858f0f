import type { Stripe, StripeCardElement, StripeCardElementChangeEvent } from "@stripe/stripe-js";
import { cardBrandProblem, type CardBrand, type CardChoice } from "../card-brand";
import { cardProviderTexts } from "../card-provider-texts";
import { cardTexts } from "../card-texts";
import { RefusedError, refusalWords } from "../card-refusal";

/**
 * The Stripe side of the card provider (decisions/030), kept to plain functions over the library's
 * boundary so unit tests can replace @stripe/stripe-js/pure. The pure entry never injects Stripe's
 * script at import time (STACK.md); it is fetched only when loadStripe is called, on /accounts.
 */
export async function loadStripeClient(publishableKey: string): Promise<Stripe> {
  const { loadStripe } = await import("@stripe/stripe-js/pure");
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error(cardProviderTexts.notLoaded);
  return stripe;
}

const BRANDS: readonly string[] = ["visa", "mastercard", "amex"] satisfies CardBrand[];

/**
 * The card element's state as the payment machine takes it (1§5: the provider's own message, or ours).
 * A complete card whose brand (Stripe's word for it) is not the chosen card type's is not complete:
 * the fee follows the card (issue 36).
 */
export function cardStateOf(event: Pick<StripeCardElementChangeEvent, "complete" | "empty" | "error"> & { brand?: string }, choice?: CardChoice): { complete: boolean; error: string | null } {
  if (event.error) return { complete: false, error: event.error.message || cardTexts.cardInvalid };
  if (event.empty) return { complete: false, error: cardTexts.cardRequired };
  if (!event.complete) return { complete: false, error: cardTexts.cardIncomplete };
  const brand = event.brand && BRANDS.includes(event.brand) ? (event.brand as CardBrand) : undefined;
  const brandProblem = choice ? cardBrandProblem(brand, choice) : undefined;
  if (brandProblem) return { complete: false, error: brandProblem };
  return { complete: true, error: null };
}

/** Confirms the payment intent with the card; throws the provider's message when it is refused. */
export async function confirmCardWithStripe(stripe: Pick<Stripe, "confirmCardPayment">, card: StripeCardElement, clientSecret: string, billing: { name: string; email: string }): Promise<void> {
  const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: { name: billing.name || undefined, email: billing.email || undefined } } });
  // Paying again with an attempt that was already charged (its reply lost): Stripe will not confirm
  // the intent twice, and says it succeeded. That is the payment made, to be recorded, not a refusal.
  if (result.error?.code === "payment_intent_unexpected_state" && result.error.payment_intent?.status === "succeeded") return;
  if (result.error) throw new RefusedError(refusalWords(result.error) ?? cardProviderTexts.notAccepted);
  if (result.paymentIntent?.status !== "succeeded") throw new Error(cardProviderTexts.notCompleted);
}
