import { z } from "zod";
import { paymentMessages } from "./messages/payment";
import { toCents } from "./money";

const t = paymentMessages;

/**
 * The amount of "Pay another amount" (1§5): typed dollars and cents, more than nothing and no more
 * than the invoices' balance. `typed` says whether the field has been typed in, for 1§5's two
 * "empty" messages. The payment machine checks what is typed with it; the payment action checks the
 * amount it receives with it again.
 */
export function paymentAmountSchema({ totalCents, typed = true }: { totalCents: number; typed?: boolean }) {
  return z.string().transform((text, ctx) => {
    if (text.trim() === "") {
      ctx.addIssue({ code: "custom", message: typed ? t.amountRequired : t.amountRequiredInitially });
      return z.NEVER;
    }
    const cents = toCents(text);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: "custom", message: t.amountInvalid });
      return z.NEVER;
    }
    if (cents > totalCents) {
      ctx.addIssue({ code: "custom", message: t.amountTooLarge });
      return z.NEVER;
    }
    return cents;
  });
}

/** The amount in cents, or the message to show under the field. */
export function checkPaymentAmount(text: string, options: { totalCents: number; typed?: boolean }): { cents: number } | { error: string } {
  const parsed = paymentAmountSchema(options).safeParse(text);
  return parsed.success ? { cents: parsed.data } : { error: parsed.error.issues[0]?.message ?? t.amountInvalid };
}

/** Whole cents as the amount field would hold them (12050 → "120.50"), for checking an amount that arrives in cents. */
export const centsAsAmountText = (cents: number) => (Number.isSafeInteger(cents) ? (cents / 100).toFixed(2) : "");
