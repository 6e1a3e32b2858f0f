import { assign, createActor, fromPromise } from "xstate";
import { paymentMachine, type PaymentInput } from "../payment.machine";
import { testCardErrors } from "../payment-forms";
import { RefusedError, refusedForCertain } from "../card-refusal";
import { callStep, StepFailedError } from "~/lib/steps";
import { paySteps } from "../steps";
import type { ConfirmerSlot } from "./card-provider";
import type { TestCardChecks } from "./test-card-fields";

/**
 * The payment form's working parts (the payment machine, its steps and the test card's checks), fetched once the
 * page has loaded or as soon as the patient reaches for the form (issue 12, decisions/180).
 */

export interface PaymentHooks {
  /** Holds the mounted card fields' confirmer. */
  slot: ConfirmerSlot;
  /** The key of this tab's attempt: the one kept across a refresh, or a new one (decisions/031). */
  attemptKey(): string;
  /** This tab's attempt key is done with (decisions/031). */
  forgetAttempt(): void;
  /** The portal refused to start because another payment is open. */
  onBlocked(): void;
}

export function createPaymentActor(input: PaymentInput, { slot, attemptKey, forgetAttempt, onBlocked }: PaymentHooks) {
  const machine = paymentMachine.provide({
    actions: { mintKey: assign({ key: () => attemptKey() }) },
    actors: {
      saveTempPayment: fromPromise(async ({ input }) => {
        const reply = await callStep(paySteps, "save-temp", {
          key: input.key,
          cardType: input.cardType,
          amountCents: input.amountCents,
          feeCents: input.feeCents,
          allocations: input.allocations.map((a) => ({ id: a.id, payNowCents: a.payNowCents })),
        }).catch((error: unknown) => {
          // Answered with a failure, the start did nothing (a rule said no, or the practice could not
          // save it): this tab's key is done with.
          if (error instanceof StepFailedError && (error.kind === "refused" || error.kind === "failed")) forgetAttempt();
          throw error;
        });
        if (reply.outcome === "blocked") {
          // Another payment left open (in any tab) is the page's to finish, so the page reads it again.
          forgetAttempt();
          onBlocked();
          throw new RefusedError(reply.message);
        }
        if (reply.paymentId <= 0) forgetAttempt();
        return reply.paymentId;
      }),
      createPaymentIntent: fromPromise(({ input }) => callStep(paySteps, "intent", { key: input.key })),
      confirmCard: fromPromise(async ({ input }) => {
        try {
          await slot.confirm(input.clientSecret);
        } catch (error) {
          // The key is kept either way: a refused card is tried again through the same intent, and a
          // dropped connection's payment is finished through it, which cannot charge twice. The
          // portal is told of a refusal (Stripe's happens in the browser) for the page's words.
          if (refusedForCertain(error)) await callStep(paySteps, "declined", { key: input.key }).catch(() => undefined);
          throw error;
        }
      }),
      savePayment: fromPromise(({ input }) => callStep(paySteps, "record", { key: input.key })),
    },
  });
  return createActor(machine, { input });
}

export type PaymentActor = ReturnType<typeof createPaymentActor>;

/** The built-in test provider's checks (1§5) and its confirmation through the portal's action. */
export const testCardChecks: TestCardChecks = {
  errorsOf: (card, choice) => testCardErrors(card, new Date(), choice),
  async confirm(clientSecret, card) {
    await callStep(paySteps, "confirm", { clientSecret, ...card });
  },
};
