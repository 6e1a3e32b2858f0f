import { z } from "zod";
import { step, stepArea } from "~/lib/steps";

/** The payment machine's steps (1§4, 1§7), naming only the attempt's key after save-temp; a failed `confirm` may have charged, so the key is kept (decisions/280, 031). */

const AttemptKeySchema = z.string().regex(/^[A-Za-z0-9-]{8,100}$/);
const ByKey = z.object({ key: AttemptKeySchema });

export const SaveTempInputSchema = z.object({
  key: AttemptKeySchema,
  cardType: z.string().max(100),
  amountCents: z.number().int().min(1),
  feeCents: z.number().int().min(0),
  // Only each line's id and amount are read: an invoice's own figures are the practice's (issue 33).
  allocations: z.array(z.object({ id: z.string().min(1), payNowCents: z.number().int().min(1) })).min(1),
});

export const paySteps = stepArea("/accounts/pay", {
  /** SaveTempPayment: `saved` with the payment id (0 or less: refused); `blocked` is an outcome the page branches on (decisions/280, 395). */
  "save-temp": step(
    SaveTempInputSchema,
    z.discriminatedUnion("outcome", [z.object({ outcome: z.literal("saved"), paymentId: z.number().int() }), z.object({ outcome: z.literal("blocked"), message: z.string() })]),
  ),
  /** The payment intent's client secret; its amount is the portal's record of the attempt, never the browser's. */
  intent: step(ByKey, z.string().min(1)),
  /** The built-in test provider's card confirmation: the confirmed payment intent's id. */
  confirm: step(z.object({ clientSecret: z.string().min(1).max(200), cardNumber: z.string(), expiry: z.string(), cvc: z.string() }), z.string().min(1)),
  /** Whether the practice recorded the payment; "unknown" when its answer said neither (decisions/240). */
  record: step(ByKey, z.union([z.boolean(), z.literal("unknown")])),
  /**
   * The card provider in the browser (Stripe) refused the card: whether the portal noted it, for the
   * page's words. It frees nothing: the attempt is paid with another card through its intent (decisions/374).
   */
  declined: step(ByKey, z.boolean()),
  /**
   * The holder's open attempt, finished from the page's notice (any tab, any session): `recorded`;
   * `pending`, charged but not recorded yet; `unpaid`, not seen charged, so it is paid with a card.
   */
  finish: step(ByKey, z.enum(["recorded", "unpaid", "pending"])),
});
