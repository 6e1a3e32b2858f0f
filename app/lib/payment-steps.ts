import { z } from "zod";
import { createStepClient, type StepClientOptions, type StepFields } from "./step-client";

/**
 * The replies of /accounts/pay (one step of a card payment) and the payment machine's way of posting
 * a step through the step client. `uncertain`: the practice did not answer a card confirmation, so
 * it may have charged (decisions/031).
 */

/**
 * A step the portal or the card provider answered with a refusal (a declined card, a refused start):
 * unlike a dropped connection or an unreadable answer, it is certain that nothing was charged by it.
 */
export class RefusedError extends Error {
  override name = "RefusedError";
  constructor(
    message: string,
    /** Refused because another attempt holds the account's payment open. */
    readonly blocked = false,
  ) {
    super(message);
  }
}

const PayFailureSchema = z.object({
  ok: z.literal(false),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  uncertain: z.boolean().optional(),
  /** Another attempt holds the account's payment open: the page has a notice to finish it. */
  blocked: z.boolean().optional(),
});

/** A reply whose value, when the step succeeded, is what `value` describes. */
export function payReplySchema<V extends z.ZodType>(value: V) {
  return z.discriminatedUnion("ok", [z.object({ ok: z.literal(true), value }), PayFailureSchema]);
}

/** What the action may answer to any step. */
export const PayReplySchema = payReplySchema(z.union([z.number(), z.string(), z.boolean()]));
export type PayReply = z.output<typeof PayReplySchema>;

/** The value each step answers with. */
export const payStepValues = {
  /** SaveTempPayment's id: 0 or less when the practice refused to start. */
  saveTemp: z.number().int(),
  /** The payment intent's client secret. */
  intent: z.string().min(1),
  /** The confirmed payment intent's id. */
  confirm: z.string().min(1),
  /** Whether the practice recorded the payment; "unknown" when its answer said neither (decisions/240). */
  record: z.union([z.boolean(), z.literal("unknown")]),
  declined: z.boolean(),
  /** The open attempt, finished: recorded, known not charged, or still too recent to tell. */
  finish: z.enum(["recorded", "not-charged", "pending"]),
};

/**
 * Posts one step to /accounts/pay and gives its value. A refusal in the reply is a RefusedError
 * (nothing charged); an uncertain one, and every failure of the step client (no answer, an error
 * status, an unreadable answer), is a plain Error: the payment may or may not have been made.
 */
export function createPaySteps(options: StepClientOptions = {}) {
  const client = createStepClient("/accounts/pay", options);
  return {
    async post<V extends z.ZodType>(fields: StepFields, value: V): Promise<z.output<V>> {
      // Checked by the schema; spelled out only because TypeScript cannot narrow a generic union.
      const reply = (await client.post(fields, payReplySchema(value))) as { ok: true; value: z.output<V> } | z.output<typeof PayFailureSchema>;
      if (!reply.ok) throw reply.uncertain ? new Error(reply.message) : new RefusedError(reply.message, reply.blocked ?? false);
      return reply.value;
    },
  };
}

export const paySteps = createPaySteps();
