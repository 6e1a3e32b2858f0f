/**
 * A health card's copy as this device keeps it (issue 71, decisions/405): read when /card is first drawn,
 * so with no schema library (zod stays off the first load); lock.ts seals and opens it.
 */

/** The IndexedDB database the copies live in (device-copies.ts). */
export const CARD_DATABASE = "nz-patient-portal-health-card";

/** A copy as the device keeps it: nothing here names or describes the person, and nothing opens it without the passkey. */
export interface SealedCard {
  version: 1;
  copyId: string;
  /** The passkey (credential id, base64url) whose secret locks it. */
  credentialId: string;
  /** The PRF input (32 random bytes, base64url) the passkey was asked with: not secret. */
  salt: string;
  iv: string;
  sealed: string;
  /** ISO: read before opening, to wipe a copy past its time; bound into the seal, so it cannot be moved. */
  expiresAt: string;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/** Whether a value read from the device's storage is a sealed copy, every field of its shape. */
export function isSealedCard(value: unknown): value is SealedCard {
  if (typeof value !== "object" || value === null) return false;
  const copy = value as Record<string, unknown>;
  return (
    copy.version === 1 &&
    ["copyId", "credentialId", "salt", "iv", "sealed"].every((field) => typeof copy[field] === "string" && B64URL.test(copy[field])) &&
    typeof copy.expiresAt === "string" &&
    !Number.isNaN(Date.parse(copy.expiresAt))
  );
}

/** Whether a copy's time is over at `now` (the device's clock: offline, the only one there is). */
export const isPastItsTime = (copy: Pick<SealedCard, "expiresAt">, now: number = Date.now()) => !(Date.parse(copy.expiresAt) > now);

export const toBase64Url = (data: Uint8Array) => btoa(String.fromCharCode(...data)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

/** A new PRF input: 32 random bytes. */
export const newSalt = (): string => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
