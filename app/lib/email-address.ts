import { z } from "zod";

/** The one e-mail address rule (1§5's "simple x@y.z pattern", read for Unicode) for every address field, browser and server alike (decisions/368). */
const EMAIL_ADDRESS = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~.-]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+$/u;

/** The longest address a mail system carries (RFC 5321's path limit); every form says so in its own words. */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;

export function isEmailAddress(value: string): boolean {
  return EMAIL_ADDRESS.test(value);
}

/**
 * A required address field: trimmed and in Unicode's composed form (NFC), so an ā typed as a and a
 * combining macron is sent to the practice as the same address as a precomposed ā; then empty, too
 * long or not x@y.z, each with the form's own words, one message at a time.
 */
export function emailAddressSchema(messages: { empty: string; tooLong: string; invalid: string }) {
  return emailAddressText().min(1, messages.empty).max(EMAIL_ADDRESS_MAX_LENGTH, messages.tooLong).pipe(z.string().refine(isEmailAddress, messages.invalid));
}

/** The text of an address field as the portal reads it, for a form whose address is optional. */
export function emailAddressText() {
  return z.string().trim().normalize("NFC");
}
