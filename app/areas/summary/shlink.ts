import { z } from "zod";
import { shareTexts as t } from "./texts";
import { EXPIRY_DAYS } from "./expiry-days";

/**
 * SMART Health Links (HL7 SMART Health Cards and Links IG, STU1): the link's payload, its `shlink:/…` form and the
 * making form's rules, isomorphic so the server, the page and the tests share one schema (decisions/305).
 */

/** The payload of a SMART Health Link (spec: "Construct a SMART Health Link Payload"). */
export interface ShlinkPayload {
  /** The manifest's address: at least 256 bits of entropy, at most 128 characters. */
  url: string;
  /** 32 random bytes, base64url (43 characters): the key of the files' encryption, carried only by the link. */
  key: string;
  /** When the link stops working, in seconds since the epoch (a hint for the receiving app). */
  exp?: number;
  /** Flags in alphabetical order: the portal's links are always "P" (a passcode is asked). */
  flag?: string;
  /** At most 80 characters. */
  label?: string;
  v?: number;
}

export const SHLINK_PREFIX = "shlink:/";
/** What a link's file holds, once decrypted: the summary as a FHIR Bundle. */
export const FHIR_JSON = "application/fhir+json";
/** The spec's bound on `url`. */
export const MANIFEST_URL_MAX = 128;
/** The manifest's id: 32 random bytes, base64url (the spec asks for at least 256 bits in `url`). */
export const MANIFEST_ID_BYTES = 32;
const MANIFEST_ID_LENGTH = Math.ceil((MANIFEST_ID_BYTES * 4) / 3);

/** A manifest's address: the origin, then /shl/ and the id (share-link-paths.ts answers it). */
export const manifestUrlOf = (origin: string, manifestId: string) => `${origin}/shl/${manifestId}`;

/**
 * The longest origin whose manifest address stays within MANIFEST_URL_MAX: 128 less "/shl/" and the
 * id's 43 characters, so 80. A portal at a longer origin cannot make a link the spec allows.
 */
export const SHARE_ORIGIN_MAX = MANIFEST_URL_MAX - manifestUrlOf("", "x".repeat(MANIFEST_ID_LENGTH)).length;
export const LABEL_MAX = 80;
export { EXPIRY_DAYS };
/** Wrong passcodes a link takes in its life; the next ends it (decisions/306). */
export const MAX_WRONG_PASSCODES = 10;
export const PASSCODE_MIN = 6;
export const PASSCODE_MAX = 40;

const B64URL = /^[A-Za-z0-9_-]*$/;

function toBase64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}

/** Base64url, without padding; atob refuses a length no bytes have (a multiple of 4, plus 1). */
function fromBase64url(text: string): Uint8Array {
  if (!B64URL.test(text)) throw new Error("not base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The payload's problems against the spec's rules, in words (none for a good one). */
export function payloadProblems(payload: ShlinkPayload): string[] {
  const problems: string[] = [];
  let url: URL | null = null;
  try {
    url = new URL(payload.url);
  } catch {
    problems.push("url is not an address");
  }
  if (url && url.protocol !== "https:" && url.protocol !== "http:") problems.push("url is not http(s)");
  if (payload.url.length > MANIFEST_URL_MAX) problems.push(`url is longer than ${MANIFEST_URL_MAX} characters`);
  // 43 characters of base64url are 32 bytes (and 2 bits left over), never more nor fewer.
  if (!/^[A-Za-z0-9_-]{43}$/.test(payload.key)) problems.push("key is not 32 bytes of base64url");
  if (payload.exp !== undefined && (!Number.isInteger(payload.exp) || payload.exp <= 0)) problems.push("exp is not whole seconds since the epoch");
  if (payload.flag !== undefined && (!/^[A-Z]*$/.test(payload.flag) || [...payload.flag].sort().join("") !== payload.flag)) problems.push("flag is not letters in alphabetical order");
  if (payload.flag?.includes("U") && payload.flag.includes("P")) problems.push("flag U is not allowed with P");
  if (payload.label !== undefined && payload.label.length > LABEL_MAX) problems.push(`label is longer than ${LABEL_MAX} characters`);
  return problems;
}

/** The link as the spec writes it: the payload minified, base64url, after `shlink:/`. */
export function encodeShlink(payload: ShlinkPayload): string {
  const problems = payloadProblems(payload);
  if (problems.length > 0) throw new Error(`Not a SMART Health Link payload: ${problems.join("; ")}`);
  return SHLINK_PREFIX + toBase64url(new TextEncoder().encode(JSON.stringify(payload)));
}

/** Reads a link (`shlink:/…`, or a viewer's address ending `#shlink:/…`) back into its payload. */
export function decodeShlink(link: string): ShlinkPayload {
  const at = link.indexOf(SHLINK_PREFIX);
  if (at < 0 || (at > 0 && link[at - 1] !== "#")) throw new Error("Not a SMART Health Link");
  const parsed: unknown = JSON.parse(new TextDecoder().decode(fromBase64url(link.slice(at + SHLINK_PREFIX.length))));
  const payload = z
    .object({ url: z.string(), key: z.string(), exp: z.number().optional(), flag: z.string().optional(), label: z.string().optional(), v: z.number().optional() })
    .parse(parsed);
  const problems = payloadProblems(payload);
  if (problems.length > 0) throw new Error(`Not a SMART Health Link payload: ${problems.join("; ")}`);
  return payload;
}

/** Random bytes as base64url (the manifest id, the key, the link's id): the browser's or Node's Web Crypto. */
export function randomBase64url(bytes: number): string {
  return toBase64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

// Control characters (line breaks included) have no place in a one-line label.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The form that makes a link, checked in the browser and again by the server. The passcode is the
 * maker's own choice; what it must be is said plainly, and nothing typed is lost on a refusal.
 */
export const ShareLinkFormSchema = z.object({
  passcode: z
    .string()
    .min(1, t.passcodeEmpty)
    .refine((v) => v.length >= PASSCODE_MIN, t.passcodeShort)
    .refine((v) => v.length <= PASSCODE_MAX, t.passcodeLong)
    .refine((v) => v.trim() === v, t.passcodeSpaces)
    .refine((v) => !CONTROL.test(v), t.passcodeCharacters),
  expiryDays: z
    .string()
    .trim()
    .min(1, t.expiryEmpty)
    .refine((v) => /^\d{1,4}$/.test(v), t.expiryNumber)
    .refine((v) => !/^\d{1,4}$/.test(v) || Number(v) >= EXPIRY_DAYS.min, t.expiryTooShort)
    .refine((v) => !/^\d{1,4}$/.test(v) || Number(v) <= EXPIRY_DAYS.max, t.expiryTooLong)
    .transform(Number),
  label: z
    .string()
    .trim()
    .max(LABEL_MAX, t.labelLong)
    .refine((v) => !CONTROL.test(v), t.labelCharacters)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ShareLinkForm = z.output<typeof ShareLinkFormSchema>;

/** What the list says of a link. */
export const SHARE_LINK_STATUSES = ["active", "expired", "revoked", "ended"] as const;
export type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];

export function shareLinkStatus(link: { expiresAt: Date; revokedAt: Date | null; endedAt: Date | null }, now: Date): ShareLinkStatus {
  if (link.revokedAt) return "revoked";
  if (link.endedAt) return "ended";
  return link.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}
