import { beforeEach, describe, expect, it, vi } from "vitest";
import { chooseCardProvider } from "~/areas/accounts/card-provider.server";
import { RefusedError } from "~/areas/accounts/card-refusal";
import { cardStateOf, confirmCardWithStripe, loadStripeClient } from "~/areas/accounts/components/stripe-adapter";
import { cardTexts } from "~/areas/accounts/card-texts";
import { cardProviderTexts } from "~/areas/accounts/card-provider-texts";
import { parseCardTypes } from "~/areas/accounts/payment-forms";

// The library's boundary: loadStripe from the pure entry, which must never be the real network one here.
// vi.mock replaces the module for the whole module graph, so this file has one of its own (OWN_MODULES in vitest.config.ts).
const loadStripe = vi.fn();
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: (...args: unknown[]) => loadStripe(...args) }));

const t = cardTexts;

describe("card provider selection", () => {
  it("uses Stripe with a publishable key, and the built-in test provider without one", () => {
    expect(chooseCardProvider({ STRIPE_PUBLISHABLE_KEY: "pk_test_abc123" })).toEqual({ kind: "stripe", publishableKey: "pk_test_abc123" });
    expect(chooseCardProvider({})).toEqual({ kind: "test" });
    expect(chooseCardProvider({ STRIPE_PUBLISHABLE_KEY: "  " })).toEqual({ kind: "test" });
  });
});

describe("Stripe adapter", () => {
  beforeEach(() => loadStripe.mockReset());

  it("loads Stripe from the pure entry with the publishable key", async () => {
    const stripe = { confirmCardPayment: vi.fn() };
    loadStripe.mockResolvedValue(stripe);
    await expect(loadStripeClient("pk_test_abc123")).resolves.toBe(stripe);
    expect(loadStripe).toHaveBeenCalledWith("pk_test_abc123");
  });

  it("says so when Stripe cannot be loaded", async () => {
    loadStripe.mockResolvedValue(null);
    await expect(loadStripeClient("pk_test_abc123")).rejects.toThrow("The card provider could not be loaded.");
  });

  it("confirms the intent with the card and the billing name and e-mail", async () => {
    const confirmCardPayment = vi.fn().mockResolvedValue({ paymentIntent: { status: "succeeded" } });
    const card = { kind: "card-element" } as never;
    await confirmCardWithStripe({ confirmCardPayment }, card, "pi_1_secret_2", { name: "Hēmi Herewini", email: "solo@demo.nz" });
    expect(confirmCardPayment).toHaveBeenCalledWith("pi_1_secret_2", { payment_method: { card, billing_details: { name: "Hēmi Herewini", email: "solo@demo.nz" } } });
  });

  it("turns Stripe's refusal into a RefusedError in the catalogue's words for its code, Stripe's own message for a code it has none for", async () => {
    const refused = (error: Record<string, string>) => confirmCardWithStripe({ confirmCardPayment: vi.fn().mockResolvedValue({ error: { type: "card_error", ...error } }) }, {} as never, "s", { name: "", email: "" });
    // Words the catalogue does not hold, so that the refusal is seen to be the catalogue's, not Stripe's message passed on.
    const failure = refused({ code: "card_declined", message: "Declined (Stripe's words)" });
    await expect(failure).rejects.toBeInstanceOf(RefusedError);
    await expect(failure).rejects.toThrow(cardProviderTexts.refusals.card_declined);
    // Stripe's decline code says more than its code.
    await expect(refused({ code: "card_declined", decline_code: "insufficient_funds", message: "" })).rejects.toThrow(cardProviderTexts.refusals.insufficient_funds);
    await expect(refused({ code: "processing_error", message: "An error occurred while processing your card." })).rejects.toThrow("An error occurred while processing your card.");
    await expect(refused({ code: "processing_error", message: "" })).rejects.toThrow(cardProviderTexts.notAccepted);
  });

  it("takes an intent Stripe says already succeeded (an attempt charged before its reply was lost) as paid, not refused", async () => {
    const confirmCardPayment = vi.fn().mockResolvedValue({
      error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "This PaymentIntent has already succeeded.", payment_intent: { status: "succeeded" } },
    });
    await expect(confirmCardWithStripe({ confirmCardPayment }, {} as never, "s", { name: "", email: "" })).resolves.toBeUndefined();
    const otherState = vi.fn().mockResolvedValue({ error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "Cancelled.", payment_intent: { status: "canceled" } } });
    await expect(confirmCardWithStripe({ confirmCardPayment: otherState }, {} as never, "s", { name: "", email: "" })).rejects.toBeInstanceOf(RefusedError);
  });

  it("does not call an unfinished intent a success", async () => {
    const confirmCardPayment = vi.fn().mockResolvedValue({ paymentIntent: { status: "requires_action" } });
    await expect(confirmCardWithStripe({ confirmCardPayment }, {} as never, "s", { name: "", email: "" })).rejects.toThrow("did not complete");
  });

  it("maps the card element's state to the 1§5 texts or Stripe's message", () => {
    expect(cardStateOf({ empty: true, complete: false, error: undefined })).toEqual({ complete: false, error: t.cardRequired });
    expect(cardStateOf({ empty: false, complete: false, error: undefined })).toEqual({ complete: false, error: t.cardIncomplete });
    expect(cardStateOf({ empty: false, complete: false, error: { type: "validation_error", code: "invalid_number", message: "Your card number is invalid." } })).toEqual({
      complete: false,
      error: "Your card number is invalid.",
    });
    expect(cardStateOf({ empty: false, complete: true, error: undefined })).toEqual({ complete: true, error: null });
  });

  it("holds a complete card whose brand is not the chosen card type's as not complete, naming the type to choose (issue 36)", () => {
    const all = parseCardTypes(JSON.stringify([{ CardType: "Visa", CardFee: "Visa - 2.5%" }, { CardType: "American Express", CardFee: "American Express - 3.5%" }]));
    const complete = { empty: false, complete: true, error: undefined };
    expect(cardStateOf({ ...complete, brand: "amex" }, { chosen: all[0], all })).toEqual({ complete: false, error: t.cardBrandMismatch("American Express", "American Express - 3.5%") });
    expect(cardStateOf({ ...complete, brand: "amex" }, { chosen: all[1], all })).toEqual({ complete: true, error: null });
    expect(cardStateOf({ ...complete, brand: "discover" }, { chosen: all[0], all })).toEqual({ complete: false, error: t.cardNotTaken("Visa, American Express") });
    // The card type fixed (decisions/395): no choice to point to, the brand to pay with.
    expect(cardStateOf({ ...complete, brand: "amex" }, { chosen: all[0], all, locked: true })).toEqual({ complete: false, error: t.cardTypeLocked("Visa", "Visa - 2.5%") });
  });
});
