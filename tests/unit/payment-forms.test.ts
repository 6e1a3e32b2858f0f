import { describe, expect, it } from "vitest";
import { cardTexts } from "~/areas/accounts/card-texts";
import { cardBrandOf } from "~/areas/accounts/card-brand";
import { luhnValid, parseCardTypes, testCardErrors } from "~/areas/accounts/payment-forms";
import { SaveTempInputSchema } from "~/areas/accounts/steps";

const t = cardTexts;
const now = new Date("2026-11-23T00:00:00Z");

describe("the test provider's card form (1§5)", () => {
  it("accepts the test cards, spaced or not", () => {
    for (const cardNumber of ["4242 4242 4242 4242", "4000000000000002", "4000-0000-0000-9995"]) {
      expect(testCardErrors({ cardNumber, expiry: "12/30", cvc: "123" }, now)).toEqual({});
    }
  });

  it("gives the spec's texts for a missing, incomplete, invalid or non-numeric number", () => {
    const number = (cardNumber: string) => testCardErrors({ cardNumber, expiry: "12/30", cvc: "123" }, now).cardNumber;
    expect(number("")).toBe(t.cardRequired);
    expect(number("4242 4242")).toBe(t.cardIncomplete);
    expect(number("4242 4242 4242 4241")).toBe(t.cardInvalid);
    expect(number("4242 abcd 4242 4242")).toBe(t.cardCorrect);
    expect(t.cardRequired).toBe("Card number is required");
    expect(t.cardIncomplete).toBe("Your card number is incomplete.");
    expect(t.cardInvalid).toBe("Your card number is invalid.");
  });

  it("takes American Express's 15 digits and four-digit code, and no more digits than that", () => {
    const number = (cardNumber: string) => testCardErrors({ cardNumber, expiry: "12/30", cvc: "1234" }, now).cardNumber;
    expect(number("3782 822463 10005")).toBeUndefined();
    expect(number("3714 496353 98431")).toBeUndefined();
    expect(number("3782 822463 1000")).toBe(t.cardIncomplete);
    expect(number("3782 822463 100052")).toBe(t.cardInvalid);
    // Other cards still need at least 16.
    expect(number("4242 4242 4242 424")).toBe(t.cardIncomplete);
  });

  it("checks the expiry and the security code", () => {
    expect(testCardErrors({ cardNumber: "4242424242424242", expiry: "", cvc: "" }, now)).toEqual({ expiry: t.expiryRequired, cvc: t.cvcRequired });
    expect(testCardErrors({ cardNumber: "4242424242424242", expiry: "13/30", cvc: "12" }, now)).toEqual({ expiry: t.expiryInvalid, cvc: t.cvcInvalid });
    expect(testCardErrors({ cardNumber: "4242424242424242", expiry: "10/26", cvc: "123" }, now)).toEqual({ expiry: t.expiryPast });
    expect(testCardErrors({ cardNumber: "4242424242424242", expiry: "11/26", cvc: "123" }, now)).toEqual({});
  });

  it("runs the Luhn check", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
  });
});

describe("the card fee follows the card's brand (issue 36)", () => {
  const types = parseCardTypes(JSON.stringify([{ CardType: "Visa", CardFee: "Visa - 2.5%" }, { CardType: "Mastercard", CardFee: "Mastercard - 2.5%" }, { CardType: "American Express", CardFee: "American Express - 3.5%" }]));
  const [visa, mastercard, amex] = types;
  const card = (cardNumber: string, chosen: (typeof types)[number] | undefined, all = types) => testCardErrors({ cardNumber, expiry: "12/30", cvc: "1234" }, now, { chosen, all }).cardNumber;

  it("reads the brand from the number's first digits", () => {
    expect(cardBrandOf("4242424242424242")).toBe("visa");
    expect(cardBrandOf("5555555555554444")).toBe("mastercard");
    expect(cardBrandOf("2223003122003222")).toBe("mastercard");
    expect(cardBrandOf("378282246310005")).toBe("amex");
    expect(cardBrandOf("341111111111111")).toBe("amex");
    expect(cardBrandOf("6011111111111117")).toBeUndefined();
  });

  it("refuses an American Express number chosen as Visa, naming the card type to choose", () => {
    expect(card("3782 822463 10005", visa)).toBe(t.cardBrandMismatch("American Express", amex.label));
    expect(t.cardBrandMismatch("American Express", amex.label)).toBe("This is an American Express card: choose American Express - 3.5% as the card type, so the right card fee is charged.");
    expect(card("3782 822463 10005", amex)).toBeUndefined();
    expect(card("4242 4242 4242 4242", amex)).toBe(t.cardBrandMismatch("Visa", visa.label));
    expect(card("5555 5555 5555 4444", mastercard)).toBeUndefined();
  });

  it("refuses a card whose brand the practice does not take, and any card under a type naming no brand is taken", () => {
    expect(card("3782 822463 10005", visa, [visa, mastercard])).toBe(t.cardNotTaken("Visa, Mastercard"));
    expect(card("6011 1111 1111 1117", visa)).toBe(t.cardNotTaken("Visa, Mastercard, American Express"));
    const anyCard = parseCardTypes(JSON.stringify([{ CardFee: "Credit card - 2%" }]));
    expect(card("3782 822463 10005", anyCard[0], anyCard)).toBeUndefined();
    // No card types at all (a practice that lists none): no fee, nothing to match.
    expect(card("3782 822463 10005", undefined, [])).toBeUndefined();
  });

  it("with the card type fixed (a card tried on the payment may still be charged), names the brand to pay with, not a type to choose (decisions/395)", () => {
    const locked = (cardNumber: string) => testCardErrors({ cardNumber, expiry: "12/30", cvc: "123" }, now, { chosen: visa, all: types, locked: true }).cardNumber;
    expect(locked("5555 5555 5555 4444")).toBe(t.cardTypeLocked("Visa", visa.label));
    expect(t.cardTypeLocked("Visa", visa.label)).toBe("This payment's card type is Visa - 2.5%, and a card tried on it may still be going through, so that cannot be changed now: pay it with a Visa card.");
    expect(t.cardTypeLocked("American Express", amex.label)).toMatch(/pay it with an American Express card\.$/);
    expect(locked("4242 4242 4242 4242")).toBeUndefined();
  });
});

describe("payment settings and steps", () => {
  it("reads PaymentCardTypes with each fee rate, and a broken list as none", () => {
    expect(parseCardTypes(JSON.stringify([{ CardType: "Visa", CardFee: "Visa - 2.5%" }, { CardType: "Amex", CardFee: "American Express - 3.5%" }]))).toEqual([
      { label: "Visa - 2.5%", feeBasisPoints: 250, brand: "visa" },
      { label: "American Express - 3.5%", feeBasisPoints: 350, brand: "amex" },
    ]);
    // A type naming no brand the portal knows applies to any card.
    expect(parseCardTypes(JSON.stringify([{ CardFee: "Credit card - 2%" }]))).toEqual([{ label: "Credit card - 2%", feeBasisPoints: 200 }]);
    expect(parseCardTypes("not json")).toEqual([]);
    expect(parseCardTypes(undefined)).toEqual([]);
  });

  it("reads a save-temp step's input and refuses a bad key or allocation list", () => {
    const good = { key: "0b0c5d7e-aaaa-4bbb-8ccc-123456789abc", cardType: "Visa - 2.5%", amountCents: 1000, feeCents: 25, allocations: [{ id: "i1", payNowCents: 1000 }] };
    expect(SaveTempInputSchema.parse(good)).toMatchObject({ amountCents: 1000, allocations: [{ id: "i1", payNowCents: 1000 }] });
    expect(SaveTempInputSchema.safeParse({ ...good, key: "bad key!" }).success).toBe(false);
    expect(SaveTempInputSchema.safeParse({ ...good, allocations: "[" }).success).toBe(false);
    expect(SaveTempInputSchema.safeParse({ ...good, allocations: [] }).success).toBe(false);
  });
});
