import { CardContentsSchema, type CardContents } from "./contents";
import { fromBase64Url, toBase64Url, type SealedCard } from "~/lib/health-card/copy-shape";

/**
 * Sealing a health card under its passkey's secret (issue 71, decisions/405), with the browser's Web
 * Crypto: the PRF output (32 bytes, from the authenticator, never stored or sent) is stretched by HKDF
 * into an AES-GCM key that cannot be exported; the copy's id, passkey and end are its additional data,
 * so a copy whose end was moved on the device no longer opens.
 */

const bytes = (text: string) => new TextEncoder().encode(text);
/** The copy did not open: another passkey's secret, or a copy changed on the device. */
export class CardNotOpened extends Error {
  constructor() {
    super("The card did not open with that secret");
    this.name = "CardNotOpened";
  }
}

async function keyOf(secret: BufferSource, copyId: string, usage: KeyUsage): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: bytes(copyId), info: bytes("nz-patient-portal health card v1") }, material, { name: "AES-GCM", length: 256 }, false, [usage]);
}

const boundData = (copy: Pick<SealedCard, "copyId" | "credentialId" | "expiresAt">) => bytes(JSON.stringify(["health-card", 1, copy.copyId, copy.credentialId, copy.expiresAt]));

/** Seals the card the portal made under the secret the passkey gave for `salt`. */
export async function sealCard(card: CardContents, credentialId: string, salt: string, secret: BufferSource): Promise<SealedCard> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const copy = { copyId: card.copyId, credentialId, expiresAt: card.expiresAt };
  const key = await keyOf(secret, card.copyId, "encrypt");
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: boundData(copy) }, key, bytes(JSON.stringify(card)));
  return { version: 1, ...copy, salt, iv: toBase64Url(iv), sealed: toBase64Url(new Uint8Array(sealed)) };
}

/** Opens a copy with the secret its passkey gave: the card, read by the one schema; CardNotOpened for any other secret or a changed copy. */
export async function openCard(copy: SealedCard, secret: BufferSource): Promise<CardContents> {
  let plain: ArrayBuffer;
  try {
    const key = await keyOf(secret, copy.copyId, "decrypt");
    plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(copy.iv), additionalData: boundData(copy) }, key, fromBase64Url(copy.sealed));
  } catch {
    throw new CardNotOpened();
  }
  const card = CardContentsSchema.safeParse(JSON.parse(new TextDecoder().decode(plain)));
  if (!card.success || card.data.copyId !== copy.copyId || card.data.expiresAt !== copy.expiresAt) throw new CardNotOpened();
  return card.data;
}

