import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * Phone numbers (1§5, 1§9: New Zealand, +64, by default). libphonenumber-js's `min` metadata checks
 * real numbering plans without a hand-written pattern; only the profile's code imports this module,
 * so its ~80 KB stay off every other page.
 */
export const DEFAULT_PHONE_COUNTRY = "NZ";

export type PhoneCheck = { ok: true; national: string; display: string } | { ok: false };

/** A number typed without "+" is a New Zealand one; "+61 …" is read as that country's. */
export function checkPhone(input: string): PhoneCheck {
  const trimmed = input.trim();
  if (!/^[+\d][\d\s().-]*$/.test(trimmed)) return { ok: false };
  const parsed = parsePhoneNumberFromString(trimmed, DEFAULT_PHONE_COUNTRY);
  if (!parsed || !parsed.isValid()) return { ok: false };
  // New Zealand numbers are shown and stored as people write them ("021 555 1234"); others in full.
  const national = parsed.country === DEFAULT_PHONE_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
  return { ok: true, national, display: national };
}

/** For display: a stored number in national format when it reads as one, else as stored. */
export function formatPhone(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const checked = checkPhone(value);
  return checked.ok ? checked.display : value.trim();
}
