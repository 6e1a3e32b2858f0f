import { randomBytes } from "node:crypto";
import { CompactEncrypt } from "jose";
import QRCode from "qrcode";
import { practiceKey } from "~/.server/access-entries.server";
import { DAY_MS, hashPasscode, sha256, type ShareLinkRow, type ShareLinkStore } from "./share-link-store.server";
import { encodeShlink, FHIR_JSON, MANIFEST_ID_BYTES, manifestUrlOf, randomBase64url, SHARE_ORIGIN_MAX, shareLinkStatus, type ShareLinkForm, type ShareLinkStatus, type ShlinkPayload } from "./shlink";

/**
 * Making a share link of the health summary (issue 32; decisions/305-309): the summary is encrypted now with a key
 * that only the link carries, and the portal keeps the ciphertext and forgets the key (decisions/305).
 */

/**
 * The portal's origin is too long for a share link's address (SMART Health Links bound it to 128
 * characters): no link can be made here, whatever the patient does (decisions/326).
 */
export class ShareOriginTooLong extends Error {
  constructor(readonly originLength: number) {
    super(`The portal's origin is ${originLength} characters; a share link allows at most ${SHARE_ORIGIN_MAX}`);
    this.name = "ShareOriginTooLong";
  }
}

/** Refuses an origin no share link can be made at, before anything is read, encrypted or kept. */
export function assertShareOrigin(origin: string): void {
  if (origin.length > SHARE_ORIGIN_MAX) throw new ShareOriginTooLong(origin.length);
}

export interface Maker {
  /** The practice's API address (the session's apiBase). */
  apiBase: string;
  /** Whose summary: the person viewed. */
  patientId: string;
  /** Who makes it: the account holder's key. */
  holderKey: string;
}

export interface MadeLink {
  id: string;
  shlink: string;
  payload: ShlinkPayload;
  expiresAt: Date;
  label: string | null;
}

/**
 * Makes a link to this summary: the bundle is encrypted now with a fresh key (JWE compact, dir,
 * A256GCM, cty application/fhir+json), the ciphertext and a hash of the passcode are stored, and the
 * key leaves in the link only. `until` ends it sooner than the days chosen: a parent's link to a
 * child's summary ends when the parent's view of it does.
 */
export async function makeShareLink(store: ShareLinkStore, maker: Maker, summaryJson: string, form: ShareLinkForm, origin: string, now: Date = new Date(), until: Date | null = null): Promise<MadeLink> {
  assertShareOrigin(origin);
  const key = randomBytes(32);
  try {
    const manifestId = randomBase64url(MANIFEST_ID_BYTES);
    const id = randomBase64url(16);
    const expiresAt = new Date(Math.min(now.getTime() + form.expiryDays * DAY_MS, until?.getTime() ?? Infinity));
    const file = await new CompactEncrypt(new TextEncoder().encode(summaryJson)).setProtectedHeader({ alg: "dir", enc: "A256GCM", cty: FHIR_JSON }).encrypt(key);
    const payload: ShlinkPayload = {
      url: manifestUrlOf(origin, manifestId),
      key: key.toString("base64url"),
      exp: Math.floor(expiresAt.getTime() / 1000),
      flag: "P",
      ...(form.label ? { label: form.label } : {}),
      v: 1,
    };
    const shlink = encodeShlink(payload);
    await store.insert({
      id,
      manifestHash: sha256(manifestId),
      practiceKey: practiceKey(maker.apiBase),
      patientId: maker.patientId,
      holderKey: maker.holderKey,
      label: form.label ?? null,
      passcodeHash: await hashPasscode(form.passcode),
      file,
      createdAt: now,
      expiresAt,
    });
    return { id, shlink, payload, expiresAt, label: form.label ?? null };
  } finally {
    key.fill(0);
  }
}

/** The link as a QR code (error correction M, as the spec recommends): an SVG for an <img>, as a data address. */
export async function qrCodeOf(shlink: string): Promise<string> {
  const svg = await QRCode.toString(shlink, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

export interface ShareLinkView {
  id: string;
  label: string | null;
  created: Date;
  expires: Date;
  uses: number;
  status: ShareLinkStatus;
}

export function shareLinkViews(rows: ShareLinkRow[], now: Date): ShareLinkView[] {
  return rows.map((r) => ({ id: r.id, label: r.label, created: r.createdAt, expires: r.expiresAt, uses: r.uses, status: shareLinkStatus(r, now) }));
}
