import { assign, createActor, fromPromise } from "xstate";
import { paymentMachine, type PaymentInput } from "../../../../machines/payment.machine";
import { testCardErrors } from "../payment-forms";
import { paySteps, payStepValues, RefusedError } from "../../../lib/payment-steps";
import type { ConfirmerSlot } from "./card-provider";
import type { TestCardChecks } from "./test-card-fields";

/**
 * The payment form's working parts: the payment machine with its steps posted to /accounts/pay
 * (xstate, the step client, the replies' zod schemas) and the test card's checks. The page draws the
 * form without them and fetches this module once it has loaded, or as soon as the patient reaches
 * for the form (issue 12, decisions/180).
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
        const id = await paySteps
          .post(
            {
              step: "save-temp",
              key: input.key,
              cardType: input.cardType,
              amountCents: String(input.amountCents),
              feeCents: String(input.feeCents),
              allocations: JSON.stringify(input.allocations.map((a) => ({ id: a.id, payNowCents: a.payNowCents }))),
            },
            payStepValues.saveTemp,
          )
          .catch((error: unknown) => {
            if (error instanceof RefusedError) {
              // Refused before it began: this tab's key is done with. Another payment left open
              // (in any tab) is the page's to finish, so the page reads it again.
              forgetAttempt();
              if (error.blocked) onBlocked();
            }
            throw error;
          });
        if (id <= 0) forgetAttempt();
        return id;
      }),
      createPaymentIntent: fromPromise(({ input }) => paySteps.post({ step: "intent", key: input.key }, payStepValues.intent)),
      confirmCard: fromPromise(async ({ input }) => {
        try {
          await slot.confirm(input.clientSecret);
        } catch (error) {
          // Only a refusal is sure to have charged nothing; after a dropped connection (a refresh,
          // a network failure) the key is kept, so paying again cannot charge twice. The portal
          // is told of the refusal (Stripe's happens in the browser) so the account may pay again.
          if (error instanceof RefusedError) {
            forgetAttempt();
            await paySteps.post({ step: "declined", key: input.key }, payStepValues.declined).catch(() => undefined);
          }
          throw error;
        }
      }),
      savePayment: fromPromise(({ input }) => paySteps.post({ step: "record", key: input.key }, payStepValues.record)),
    },
  });
  return createActor(machine, { input });
}

export type PaymentActor = ReturnType<typeof createPaymentActor>;

/** The built-in test provider's checks (1§5) and its confirmation through the portal's action. */
export const testCardChecks: TestCardChecks = {
  errorsOf: (card, choice) => testCardErrors(card, new Date(), choice),
  async confirm(clientSecret, card) {
    await paySteps.post({ step: "confirm", clientSecret, ...card }, payStepValues.confirm);
  },
};
