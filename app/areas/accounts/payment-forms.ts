import { z } from "zod";
import { brandOfCardType, cardBrandOf, cardBrandProblem, type CardChoice, type CardType } from "./card-brand";
import { cardTexts } from "./card-texts";
import { feeRateBasisPoints } from "~/lib/money";
import { checkPaymentAmount } from "./payment-amount";

/**
 * The forms of the payment (1§5 Payment): the built-in test provider's card form, checked in the
 * browser for instant messages and again by the portal's action, which is the authority.
 */
const t = cardTexts;

/**
 * The amount of "Pay another amount" as the payment action checks it: the form's own rule
 * (`checkPaymentAmount`), as a schema, so the server and the form cannot disagree.
 */
export function paymentAmountSchema(options: { totalCents: number; typed?: boolean }) {
  return z.string().transform((text, ctx) => {
    const checked = checkPaymentAmount(text, options);
    if ("error" in checked) {
      ctx.addIssue({ code: "custom", message: checked.error });
      return z.NEVER;
    }
    return checked.cents;
  });
}

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** American Express numbers (34…, 37…) have 15 digits; the other cards the practices take at least 16. */
const AMEX = /^3[47]/;
const cardLength = (digits: string) => (AMEX.test(digits) ? 15 : 16);

export const TestCardSchema = z.object({
  cardNumber: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ""))
    .superRefine((digits, ctx) => {
      if (digits === "") ctx.addIssue({ code: "custom", message: t.cardRequired });
      else if (!/^\d+$/.test(digits)) ctx.addIssue({ code: "custom", message: t.cardCorrect });
      else if (digits.length < cardLength(digits)) ctx.addIssue({ code: "custom", message: t.cardIncomplete });
      else if (digits.length > (AMEX.test(digits) ? 15 : 19) || !luhnValid(digits)) ctx.addIssue({ code: "custom", message: t.cardInvalid });
    }),
  expiry: z
    .string()
    .transform((s) => s.replace(/\s/g, ""))
    .superRefine((text, ctx) => {
      if (text === "") ctx.addIssue({ code: "custom", message: t.expiryRequired });
      else if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(text)) ctx.addIssue({ code: "custom", message: t.expiryInvalid });
    }),
  cvc: z
    .string()
    .transform((s) => s.trim())
    .superRefine((text, ctx) => {
      if (text === "") ctx.addIssue({ code: "custom", message: t.cvcRequired });
      else if (!/^\d{3,4}$/.test(text)) ctx.addIssue({ code: "custom", message: t.cvcInvalid });
    }),
});
export type TestCard = z.output<typeof TestCardSchema>;

/** Whether an MM/YY expiry is already past at `now`. */
export function expiryPast(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split("/").map(Number);
  const y = 2000 + year;
  return y < now.getFullYear() || (y === now.getFullYear() && month < now.getMonth() + 1);
}

/**
 * The first message for each field, or nothing when the card is complete. With the card types, a
 * number whose brand is not the chosen type's is refused at the number (issue 36).
 */
export function testCardErrors(values: { cardNumber: string; expiry: string; cvc: string }, now = new Date(), choice?: CardChoice): Partial<Record<keyof TestCard, string>> {
  const parsed = TestCardSchema.safeParse(values);
  const errors: Partial<Record<keyof TestCard, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof TestCard;
      errors[key] ??= issue.message;
    }
  } else if (expiryPast(parsed.data.expiry, now)) {
    errors.expiry = t.expiryPast;
  }
  const brandProblem = parsed.success && choice ? cardBrandProblem(cardBrandOf(parsed.data.cardNumber), choice) : undefined;
  if (brandProblem) errors.cardNumber = brandProblem;
  return errors;
}

/** PaymentCardTypes (1§3): a JSON list whose CardFee reads like "Visa - 2.5%". A bad list is no list. */
export function parseCardTypes(json: string | undefined): CardType[] {
  if (!json) return [];
  try {
    const items = z.array(z.object({ CardFee: z.string(), CardType: z.string().optional() })).parse(JSON.parse(json));
    return items.map((item) => {
      const brand = brandOfCardType(item.CardType ?? "") ?? brandOfCardType(item.CardFee);
      return { label: item.CardFee, feeBasisPoints: feeRateBasisPoints(item.CardFee) ?? 0, ...(brand ? { brand } : {}) };
    });
  } catch {
    return [];
  }
}
