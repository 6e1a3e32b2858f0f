/**
 * Money is held in whole cents (integers) from the moment it is read, so 0.1 + 0.2 never drifts.
 * The API sends dollars as numbers or strings; the payment provider takes cents (1§9: amount × 100).
 */

/** "120.50", 120.5, "$1,204.05" → cents, or null when it is not an amount with at most 2 decimals or there is none (issue 68). */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === "number" ? value.toFixed(2) : value.trim().replace(/^\$/, "").replaceAll(",", "");
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/** 12050 → "$120.50" (New Zealand dollars). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString("en-NZ")}.${String(abs % 100).padStart(2, "0")}`;
}

/** 12050 → "120.50", the form the API's query strings take. */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * A card fee option like "Visa - 2.5%" (1§3 PaymentCardTypes) → its rate in hundredths of a percent
 * (250), or null when the text names no percentage.
 */
export function feeRateBasisPoints(cardFee: string): number | null {
  const match = /(\d+(?:\.\d{1,2})?)\s*%/.exec(cardFee);
  if (!match) return null;
  const [whole, fraction = ""] = match[1].split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The fee on an amount, rounded half up to the cent, in integer arithmetic. */
export function feeCents(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints + 5_000) / 10_000);
}
