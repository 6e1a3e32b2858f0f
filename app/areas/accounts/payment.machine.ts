import { and, assertEvent, assign, setup } from "xstate";
import type { Allocation } from "./allocation";
import { paymentTexts } from "./texts";
import { paymentOutcomeTexts } from "./outcome-texts";
import { RefusedError, refusedForCertain } from "./card-refusal";
import { StepSessionEndedError } from "~/lib/step-errors";
import { StepFailedError } from "~/lib/steps";
import { amountOf, editPayment, feeOf, initialPaymentContext, payableCents } from "./payment-choice";
import type { PaymentContext, PaymentEvent, PaymentInput, PaymentReceipt } from "./payment-context";
import { newAttemptKey } from "~/lib/attempt-key";
import { unprovided } from "~/lib/unprovided";

/** Paying the account by card (1§4): SaveTempPayment, the intent, the confirmation, SavePayment, under one idempotency key kept by the server with the amount (decisions/031). */

/** The texts of 1§4, 1§5 and 1§8: the messages catalogue's, so the machine and the screens say the same. */
export { paymentTexts };

/** The machine's input, context and events live in payment-context.ts, which payment-choice.ts reads too. */
export type { PaymentContext, PaymentEvent, PaymentInput } from "./payment-context";

// The editing part of the machine, shared with the form before the machine loads (decisions/180).
export { amountOf, paymentMethodOf } from "./payment-choice";

export interface TempPaymentRequest {
  key: string;
  allocations: Allocation[];
  amountCents: number;
  feeCents: number;
  cardType: string;
}

/** A step after the start met an ended session: nothing was charged, and Try again (the same key) goes on once signed in. */
const sessionEndedResult = { progress: 100 as const, result: { kind: "failed" as const, message: paymentTexts.sessionEnded, charged: false, sessionEnded: true } };

/**
 * The words of a start the portal answered with a failure: a refusal (another payment is open, the
 * amount is fixed, the key is spent) or a practice that could not save it. Anything else (no answer,
 * an unreadable one, input the step refused) is the plain "not started".
 */
function startRefusal(error: unknown): string | undefined {
  if (error instanceof RefusedError) return error.message;
  if (error instanceof StepFailedError && (error.kind === "refused" || error.kind === "failed")) return error.message;
  return undefined;
}

export const paymentMachine = setup({
  types: {} as { context: PaymentContext; events: PaymentEvent; input: PaymentInput },
  actors: {
    saveTempPayment: unprovided<TempPaymentRequest, number>("saveTempPayment"),
    createPaymentIntent: unprovided<{ key: string }, string>("createPaymentIntent"),
    confirmCard: unprovided<{ clientSecret: string; key: string }, void>("confirmCard"),
    /** true recorded, false not recorded, "unknown" the practice's answer said neither (decisions/240). */
    savePayment: unprovided<{ key: string }, boolean | "unknown">("savePayment"),
  },
  guards: {
    canPay: ({ context }) => context.method === "card" && context.invoices.length > 0 && "cents" in amountOf(context) && context.cardComplete,
    hasKey: ({ context }) => context.key !== null,
    startRefused: (_, { paymentId }: { paymentId: number }) => paymentId <= 0,
    recorded: (_, { recorded }: { recorded: boolean | "unknown" }) => recorded === true,
    /** The card provider or the portal answered with a refusal, rather than the connection or the practice failing. */
    refused: (_, { error }: { error: unknown }) => refusedForCertain(error),
    wasCharged: ({ context }) => context.result?.kind === "failed" && context.result.charged,
    /** Its intent went out: the payment cannot be changed, only paid (decisions/374). */
    isFixed: ({ context }) => context.fixed !== null,
  },
  actions: {
    chooseAmount: assign(({ context, event }) => {
      assertEvent(event, "choice.select");
      return editPayment(context, event);
    }),
    typeAmount: assign(({ context, event }) => {
      assertEvent(event, "amount.change");
      return editPayment(context, event);
    }),
    chooseCardType: assign(({ context, event }) => {
      assertEvent(event, "cardType.select");
      return editPayment(context, event);
    }),
    updateCard: assign(({ event }) => {
      assertEvent(event, "card.change");
      return { cardComplete: event.complete, cardError: event.error };
    }),
    markSubmitted: assign({ submitted: true }),
    mintKey: assign({ key: () => newAttemptKey() }),
    beginAttempt: assign({ progress: 25 as const, result: null }),
    // The card may be charged from now on: the amount and card type are the payment's (decisions/374).
    rememberSecret: assign(({ context }, { clientSecret }: { clientSecret: string }) => ({
      clientSecret,
      progress: 45 as const,
      fixed: { amountCents: context.fixed?.amountCents ?? payableCents(context), cardTypeOpen: false },
    })),
    // The card was refused: nothing can charge the intent, so another card type may be chosen (decisions/395).
    openCardType: assign(({ context }) => ({ fixed: context.fixed && { ...context.fixed, cardTypeOpen: true } })),
    markConfirmed: assign({ progress: 90 as const }),
    rememberPaymentId: assign((_, { paymentId }: { paymentId: number }) => ({ paymentId })),
    succeed: assign(({ context }) => {
      const amountCents = payableCents(context);
      const receipt: PaymentReceipt = {
        paymentId: context.paymentId ?? 0,
        amountCents,
        feeCents: feeOf(context, amountCents),
        cardType: context.cardTypes[context.cardTypeIndex]?.label ?? "",
        allocations: context.allocations.filter((a) => a.checked).map((a) => ({ id: a.id, payNowCents: a.payNowCents })),
      };
      return { progress: 100 as const, result: { kind: "succeeded" as const, message: paymentTexts.succeeded, receipt } };
    }),
    // A refusal the portal worded (another payment is open, the amount is fixed) is shown as worded.
    refuseStart: assign((_, { error }: { error?: unknown }) => {
      // The session had ended (issue 21): nothing started, and everything entered stays for Pay once
      // signed in again.
      if (error instanceof StepSessionEndedError) return { progress: 0 as const, key: null, result: { kind: "failed" as const, message: paymentTexts.sessionEnded, charged: false, sessionEnded: true } };
      const message = startRefusal(error) ?? paymentTexts.notStarted;
      return { progress: 0 as const, key: null, result: { kind: "failed" as const, message, charged: false } };
    }),
    failUncharged: assign((_, { error }: { error: unknown }) => {
      if (error instanceof StepSessionEndedError) return sessionEndedResult;
      const reason = error instanceof Error && error.message ? `${error.message} ` : "";
      // The failure itself is the result's title (the screen's "Payment unsuccessful"): the message
      // says why and, once, that nothing was charged.
      const message = reason.includes(paymentTexts.notCharged) ? reason : `${reason}${paymentTexts.notCharged}`;
      return { progress: 100 as const, result: { kind: "failed" as const, message: message.replace(/\s+/g, " ").trim(), charged: false } };
    }),
    // A step refused for an ended session never reached the card: nothing is uncertain about it.
    failUncertain: assign((_, { error }: { error: unknown }) =>
      error instanceof StepSessionEndedError
        ? sessionEndedResult
        : { progress: 100 as const, result: { kind: "failed" as const, message: paymentOutcomeTexts.uncertain, charged: false, uncertain: true } },
    ),
    failCharged: assign((_, { recorded }: { recorded?: boolean | "unknown" }) => ({
      progress: 100 as const,
      result: { kind: "failed" as const, message: recorded === "unknown" ? paymentOutcomeTexts.chargedRecordingUnknown : paymentOutcomeTexts.chargedNotRecorded, charged: true },
    })),
    startOver: assign({ progress: 0 as const, key: null, clientSecret: null, fixed: null, result: null, submitted: false }),
  },
}).createMachine({
  id: "payment",
  context: ({ input }) => initialPaymentContext(input),
  initial: "editing",
  states: {
    editing: {
      on: {
        "choice.select": { actions: "chooseAmount" },
        "amount.change": { actions: "typeAmount" },
        "cardType.select": { actions: "chooseCardType" },
        "card.change": { actions: "updateCard" },
        "pay.submit": [
          // An attempt that still has its key goes on with it: the practice charges a key at most once.
          { guard: and(["canPay", "hasKey"]), target: "paying", actions: ["markSubmitted", "beginAttempt"] },
          { guard: "canPay", target: "paying", actions: ["markSubmitted", "mintKey", "beginAttempt"] },
          { actions: "markSubmitted" },
        ],
        "payment.dismiss": { actions: "startOver" },
      },
    },
    paying: {
      initial: "savingTemp",
      states: {
        savingTemp: {
          invoke: {
            src: "saveTempPayment",
            input: ({ context }) => {
              const amountCents = payableCents(context);
              return {
                key: context.key!,
                allocations: context.allocations.filter((a) => a.checked),
                amountCents,
                feeCents: feeOf(context, amountCents),
                cardType: context.cardTypes[context.cardTypeIndex]?.label ?? "",
              };
            },
            onDone: [
              { guard: { type: "startRefused", params: ({ event }) => ({ paymentId: event.output }) }, target: "#payment.editing", actions: { type: "refuseStart", params: {} } },
              { target: "creatingIntent", actions: { type: "rememberPaymentId", params: ({ event }) => ({ paymentId: event.output }) } },
            ],
            onError: { target: "#payment.editing", actions: { type: "refuseStart", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        creatingIntent: {
          invoke: {
            src: "createPaymentIntent",
            input: ({ context }) => ({ key: context.key! }),
            onDone: { target: "confirmingCard", actions: { type: "rememberSecret", params: ({ event }) => ({ clientSecret: event.output }) } },
            onError: { target: "#payment.failed", actions: { type: "failUncharged", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmingCard: {
          invoke: {
            src: "confirmCard",
            input: ({ context }) => ({ clientSecret: context.clientSecret!, key: context.key! }),
            onDone: { target: "recording", actions: "markConfirmed" },
            // A refusal charged nothing; a cut-off confirmation may have: trying again reuses the key.
            onError: [
              {
                guard: { type: "refused", params: ({ event }) => ({ error: event.error }) },
                target: "#payment.failed",
                actions: [{ type: "failUncharged", params: ({ event }) => ({ error: event.error }) }, "openCardType"],
              },
              { target: "#payment.failed", actions: { type: "failUncertain", params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        recording: {
          invoke: {
            src: "savePayment",
            input: ({ context }) => ({ key: context.key! }),
            onDone: [
              { guard: { type: "recorded", params: ({ event }) => ({ recorded: event.output }) }, target: "#payment.succeeded", actions: "succeed" },
              { target: "#payment.failed", actions: { type: "failCharged", params: ({ event }) => ({ recorded: event.output }) } },
            ],
            onError: { target: "#payment.failed", actions: { type: "failCharged", params: {} } },
          },
        },
      },
    },
    failed: {
      on: {
        // After a refused card, one of another brand pays under its own card type (decisions/395).
        "cardType.select": { actions: "chooseCardType" },
        // Charged but not recorded: only the recording is tried again, never the charge. A refused card
        // is tried again through the same key and intent, with the card now in the form.
        "payment.retry": [
          { guard: "wasCharged", target: "paying.recording" },
          { guard: "hasKey", target: "paying", actions: "beginAttempt" },
          { target: "paying", actions: ["mintKey", "beginAttempt"] },
        ],
        // A payment whose intent went out is not changed but paid (another card, Try again).
        "payment.dismiss": [{ guard: "wasCharged" }, { guard: "isFixed" }, { target: "editing", actions: "startOver" }],
      },
    },
    succeeded: {
      on: { "payment.dismiss": { target: "editing", actions: "startOver" } },
    },
  },
});
