import { paymentTexts } from "./texts";
import { toCents } from "~/lib/money";

const t = paymentTexts;

/** The amount of "Pay another amount" (1§5), the same rule as `paymentAmountSchema`; plain code, without zod, for the first load (decisions/180). */
export function checkPaymentAmount(text: string, { totalCents, typed = true }: { totalCents: number; typed?: boolean }): { cents: number } | { error: string } {
  if (text.trim() === "") return { error: typed ? t.amountRequired : t.amountRequiredInitially };
  const cents = toCents(text);
  if (cents === null || cents <= 0) return { error: t.amountInvalid };
  if (cents > totalCents) return { error: t.amountTooLarge };
  return { cents };
}

/** Whole cents as the amount field would hold them (12050 → "120.50"), for checking an amount that arrives in cents. */
export const centsAsAmountText = (cents: number) => (Number.isSafeInteger(cents) ? (cents / 100).toFixed(2) : "");
