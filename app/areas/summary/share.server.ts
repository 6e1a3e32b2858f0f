import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { CompactEncrypt } from "jose";
import QRCode from "qrcode";
import { practiceKey, recordAccess } from "~/.server/access-record.server";
import { currentRequestId, observability } from "~/.server/observability.server";
import { failureCode, portalStore, storeQueries, type PortalStore, type StoreOperation } from "~/.server/portal-store.server";
import { shareLinks, shareLinkTickets } from "~/.server/portal-store/schema";
import type { StateStore } from "~/.server/state-store.server";
import { clientAddress } from "~/.server/client-address.server";
import { config } from "~/.server/config.server";
import { MANIFEST_BODY_BYTES, SHARE_CORS } from "~/lib/share-link-paths";
import { encodeShlink, MANIFEST_ID_BYTES, manifestUrlOf, MAX_WRONG_PASSCODES, randomBase64url, SHARE_ORIGIN_MAX, shareLinkStatus, type ShareLinkForm, type ShareLinkStatus, type ShlinkPayload } from "./shlink";
import { publicOriginOf } from "./public-origin.server";

/**
 * Share links of the health summary, SMART Health Links (issue 32; decisions/305-309). The maker's
 * side (make, list, revoke) is called by the summary page with a session; the receiving side (the
 * manifest and the file) is reached by another app with no session at all, so it answers only what
 * the link and its passcode open, with CORS and never cached.
 *
 * The summary is made and encrypted when the link is made, with a key that only the link carries:
 * the portal keeps the ciphertext and forgets the key (decisions/305).
 */

export const FHIR_JSON = "application/fhir+json";
/** How long a manifest's `location` works (the spec's bound is an hour); it also works only once. */
export const TICKET_MS = 5 * 60 * 1000;
/** Requests to the receiving side per client address per minute. */
export const SHARE_REQUESTS_PER_MINUTE = 30;
/** Links (and their counts) are deleted this long after they stopped working. */
export const SHARE_LINK_KEEP_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;
const SCRYPT = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const ID43 = /^[A-Za-z0-9_-]{43}$/;

/** The portal's store could not be asked: the page says so plainly, the receiving side answers 503. */
export class ShareLinksUnavailable extends Error {
  constructor() {
    super("The share links could not be read or written");
    this.name = "ShareLinksUnavailable";
  }
}

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

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

function scrypt(passcode: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCallback(passcode.normalize("NFC"), salt, 32, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))));
}

/** The passcode as the store keeps it: scrypt$<salt>$<hash>. */
export async function hashPasscode(passcode: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString("base64url")}$${(await scrypt(passcode, salt)).toString("base64url")}`;
}

export async function passcodeMatches(passcode: string, stored: string): Promise<boolean> {
  const [, salt, hash] = stored.split("$");
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(passcode, Buffer.from(salt, "base64url"));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export interface ShareLinkRow {
  id: string;
  label: string | null;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  endedAt: Date | null;
  uses: number;
  wrongPasscodes: number;
}

export interface NewShareLink {
  id: string;
  manifestHash: string;
  practiceKey: string;
  patientId: string;
  holderKey: string;
  label: string | null;
  passcodeHash: string;
  file: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A link found by its manifest, with one try of its passcode claimed. */
interface Claimed {
  id: string;
  practiceKey: string;
  patientId: string;
  passcodeHash: string;
  wrongPasscodes: number;
  file: string | null;
  createdAt: Date;
}

/** What is kept of a link while it works: found by its manifest or its file's ticket. */
interface LiveFile {
  id: string;
  practiceKey: string;
  patientId: string;
  file: string;
}

const active = (now: Date) => and(isNull(shareLinks.revokedAt), isNull(shareLinks.endedAt), gt(shareLinks.expiresAt, now));

/** The store's side of share links, for one store (tests give theirs; the app uses the process's). */
export function shareLinkStore(opened: () => PortalStore | undefined = portalStore) {
  const run = storeQueries<Extract<StoreOperation, `share-links.${string}`>>(opened, () => new ShareLinksUnavailable());
  const t = shareLinks;

  async function insert(link: NewShareLink): Promise<void> {
    await run("share-links.write", (db) => db.insert(t).values(link));
  }

  /** One person's links at one practice, the newest first. */
  async function list(practice: string, patientId: string): Promise<ShareLinkRow[]> {
    return run("share-links.read", (db) =>
      db
        .select({ id: t.id, label: t.label, createdAt: t.createdAt, expiresAt: t.expiresAt, revokedAt: t.revokedAt, endedAt: t.endedAt, uses: t.uses, wrongPasscodes: t.wrongPasscodes })
        .from(t)
        .where(and(eq(t.practiceKey, practice), eq(t.patientId, patientId)))
        .orderBy(desc(t.createdAt), t.id),
    );
  }

  /** Revokes one of the person's links that still has its file; false when there is none such. The file goes with it. */
  async function revoke(practice: string, patientId: string, id: string, now: Date): Promise<boolean> {
    const rows = await run("share-links.write", (db) =>
      db
        .update(t)
        .set({ revokedAt: now, file: null })
        .where(and(eq(t.id, id), eq(t.practiceKey, practice), eq(t.patientId, patientId), isNull(t.revokedAt)))
        .returning({ id: t.id }),
    );
    if (rows.length === 1) await run("share-links.write", (db) => db.delete(shareLinkTickets).where(eq(shareLinkTickets.linkId, id)));
    return rows.length === 1;
  }

  /**
   * Claims one try of the passcode on a working link: counted as wrong before it is checked, in one
   * statement, so parallel tries can never check more passcodes than the link has left (the spec's
   * design note); a right one is given back. Undefined when the link does not work or every try left
   * is being checked at this moment.
   */
  async function claimTry(manifestHash: string, now: Date): Promise<Claimed | undefined> {
    const [row] = await run("share-links.write", (db) =>
      db
        .update(t)
        .set({ wrongPasscodes: sql`${t.wrongPasscodes} + 1` })
        .where(and(eq(t.manifestHash, manifestHash), active(now), lt(t.wrongPasscodes, MAX_WRONG_PASSCODES)))
        .returning({ id: t.id, practiceKey: t.practiceKey, patientId: t.patientId, passcodeHash: t.passcodeHash, wrongPasscodes: t.wrongPasscodes, file: t.file, createdAt: t.createdAt }),
    );
    return row;
  }

  /** A working link's wrong passcodes so far, without claiming a try; undefined when it does not work. */
  async function working(manifestHash: string, now: Date): Promise<{ wrongPasscodes: number } | undefined> {
    const [row] = await run("share-links.read", (db) => db.select({ wrongPasscodes: t.wrongPasscodes }).from(t).where(and(eq(t.manifestHash, manifestHash), active(now))));
    return row;
  }

  /** The right passcode: the try is given back and the use counted. */
  async function accepted(id: string, now: Date): Promise<void> {
    await run("share-links.write", (db) =>
      db
        .update(t)
        .set({ wrongPasscodes: sql`greatest(${t.wrongPasscodes} - 1, 0)`, uses: sql`${t.uses} + 1`, lastUsedAt: now })
        .where(eq(t.id, id)),
    );
  }

  /** A wrong passcode: the link ends when they reach the limit (one statement ends it once, whoever raced). */
  async function refused(id: string, now: Date): Promise<{ ended: boolean }> {
    const rows = await run("share-links.write", (db) =>
      db
        .update(t)
        .set({ endedAt: now, file: null })
        .where(and(eq(t.id, id), isNull(t.endedAt), sql`${t.wrongPasscodes} >= ${MAX_WRONG_PASSCODES}`))
        .returning({ id: t.id }),
    );
    return { ended: rows.length === 1 };
  }

  /** A single-use, short-lived ticket for the file of a link (the manifest's `location`). */
  async function issueTicket(linkId: string, now: Date): Promise<string> {
    const ticket = randomBase64url(32);
    await run("share-links.write", (db) => db.insert(shareLinkTickets).values({ ticketHash: sha256(ticket), linkId, expiresAt: new Date(now.getTime() + TICKET_MS) }));
    return ticket;
  }

  /** Uses a ticket up and answers its link's file, if the ticket is fresh and the link still works. */
  async function redeem(ticket: string, now: Date): Promise<LiveFile | undefined> {
    const [used] = await run("share-links.write", (db) =>
      db
        .update(shareLinkTickets)
        .set({ usedAt: now })
        .where(and(eq(shareLinkTickets.ticketHash, sha256(ticket)), isNull(shareLinkTickets.usedAt), gt(shareLinkTickets.expiresAt, now)))
        .returning({ linkId: shareLinkTickets.linkId }),
    );
    if (!used) return undefined;
    const [link] = await run("share-links.read", (db) =>
      db.select({ id: t.id, practiceKey: t.practiceKey, patientId: t.patientId, file: t.file }).from(t).where(and(eq(t.id, used.linkId), active(now))),
    );
    return link?.file ? { ...link, file: link.file } : undefined;
  }

  /**
   * What no longer works is no longer kept: the file of a link that has expired, used or stale tickets,
   * and the rows of links that stopped working more than SHARE_LINK_KEEP_DAYS ago. Answers how many links went.
   */
  async function purge(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - SHARE_LINK_KEEP_DAYS * DAY_MS);
    await run("share-links.purge", (db) => db.update(t).set({ file: null }).where(and(sql`${t.file} is not null`, lte(t.expiresAt, now))));
    await run("share-links.purge", (db) => db.delete(shareLinkTickets).where(or(lte(shareLinkTickets.expiresAt, now), sql`${shareLinkTickets.usedAt} is not null`)));
    const gone = await run("share-links.purge", (db) =>
      db
        .delete(t)
        .where(or(lt(t.expiresAt, cutoff), lt(t.revokedAt, cutoff), lt(t.endedAt, cutoff)))
        .returning({ id: t.id }),
    );
    return gone.length;
  }

  return { insert, list, revoke, claimTry, working, accepted, refused, issueTicket, redeem, purge };
}

export type ShareLinkStore = ReturnType<typeof shareLinkStore>;

/* ---------- Making a link ---------- */

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
 * key leaves in the link only.
 */
export async function makeShareLink(store: ShareLinkStore, maker: Maker, summaryJson: string, form: ShareLinkForm, origin: string, now: Date = new Date()): Promise<MadeLink> {
  assertShareOrigin(origin);
  const key = randomBytes(32);
  try {
    const manifestId = randomBase64url(MANIFEST_ID_BYTES);
    const id = randomBase64url(16);
    const expiresAt = new Date(now.getTime() + form.expiryDays * DAY_MS);
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

/* ---------- The receiving side: no session, CORS, never cached ---------- */

const json = (body: unknown, status = 200, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { ...SHARE_CORS, "Content-Type": "application/json", ...extra } });

export interface ReceivingSide {
  store: ShareLinkStore;
  /** Counts requests per client address (the state store, shared by every process). */
  counts: StateStore;
  now?: () => Date;
  /** PORTAL_ORIGIN (the portal's own); unset, the request's origin names the file's location. */
  origin?: string;
}

/** A share link's use, on the record of the person summarised: made by "someone with a share link", named by the link's id only. */
function recordUse(link: { id: string; practiceKey: string; patientId: string }, request: Request, action: "share-manifest-fetched" | "share-file-fetched" | "share-passcode-wrong" | "share-link-ended"): void {
  try {
    recordAccess({
      practice: { key: link.practiceKey },
      patientId: link.patientId,
      holderKey: `shl_${link.id}`,
      proxyName: "Someone with a share link",
      area: "summary",
      action,
      itemId: link.id,
      userAgent: request.headers.get("User-Agent"),
      sessionId: link.id,
    });
  } catch (error) {
    observability().logger.error({ kind: "portal-store", operation: "access.record", requestId: currentRequestId(), error: failureCode(error) }, "access not recorded");
  }
}

/** One more request from this address this minute; false past the limit. */
async function withinRate(side: ReceivingSide, request: Request, now: Date): Promise<boolean> {
  const minute = Math.floor(now.getTime() / 60_000);
  const count = await side.counts.increment(`shl:address:${clientAddress(request)}:${minute}`, 120_000);
  return count <= SHARE_REQUESTS_PER_MINUTE;
}

const tooMany = (now: Date) => json({ error: "Too many requests: try again in a minute." }, 429, { "Retry-After": String(60 - (Math.floor(now.getTime() / 1000) % 60)) });
const notActive = () => json({ error: "This link does not exist, has expired or was revoked." }, 404);
const unavailable = () => json({ error: "The portal cannot answer just now." }, 503, { "Retry-After": "30" });

/** What a manifest request may carry (the spec's body: recipient, passcode, embeddedLengthMax). */
function readManifestRequest(body: unknown): { recipient: string; passcode?: string; embeddedLengthMax?: number } | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const { recipient, passcode, embeddedLengthMax } = body as Record<string, unknown>;
  if (typeof recipient !== "string" || recipient.trim() === "" || recipient.length > 500) return null;
  if (passcode !== undefined && typeof passcode !== "string") return null;
  if (embeddedLengthMax !== undefined && (typeof embeddedLengthMax !== "number" || !Number.isInteger(embeddedLengthMax) || embeddedLengthMax < 0)) return null;
  return { recipient, passcode: passcode as string | undefined, embeddedLengthMax: embeddedLengthMax as number | undefined };
}

/**
 * POST /shl/<manifest id>: the SMART Health Link manifest request. 404 for a link that does not work
 * (unknown, expired, revoked, ended); 401 with `remainingAttempts` for a wrong or missing passcode
 * (only a wrong one is counted); the manifest, with the file embedded when the request allows its
 * length and otherwise at a one-use address that works five minutes.
 */
export async function manifestResponse(request: Request, manifestId: string, side: ReceivingSide): Promise<Response> {
  const now = side.now?.() ?? new Date();
  if (request.method !== "POST") return json({ error: "Use POST." }, 405, { Allow: "POST, OPTIONS" });
  try {
    if (!(await withinRate(side, request, now))) return tooMany(now);
  } catch {
    return unavailable();
  }
  if (!ID43.test(manifestId)) return notActive();
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  let body: unknown;
  try {
    const text = await request.text();
    if (type !== "application/json" || text.length > MANIFEST_BODY_BYTES) throw new Error("not JSON");
    body = JSON.parse(text);
  } catch {
    return json({ error: "The request must be JSON with a recipient." }, 400);
  }
  const asked = readManifestRequest(body);
  if (!asked) return json({ error: "The request must be JSON with a recipient." }, 400);
  const manifestHash = sha256(manifestId);
  try {
    if (asked.passcode === undefined || asked.passcode === "") {
      // A receiving app that did not ask its user: told how many tries are left, and nothing counted.
      const link = await side.store.working(manifestHash, now);
      if (!link) return notActive();
      return json({ remainingAttempts: Math.max(0, MAX_WRONG_PASSCODES - link.wrongPasscodes) }, 401);
    }
    const claimed = await side.store.claimTry(manifestHash, now);
    if (!claimed) {
      // Every try left is being checked by other requests right now: wait, rather than check one too many.
      return (await side.store.working(manifestHash, now)) ? tooMany(now) : notActive();
    }
    if (!(await passcodeMatches(asked.passcode, claimed.passcodeHash)) || !claimed.file) {
      const { ended } = await side.store.refused(claimed.id, now);
      recordUse(claimed, request, "share-passcode-wrong");
      if (ended) recordUse(claimed, request, "share-link-ended");
      return json({ remainingAttempts: Math.max(0, MAX_WRONG_PASSCODES - claimed.wrongPasscodes) }, 401);
    }
    await side.store.accepted(claimed.id, now);
    const file = claimed.file;
    const described = { contentType: FHIR_JSON, lastUpdated: claimed.createdAt.toISOString(), status: "finalized", fhirVersion: "4.0.1" };
    const entry =
      asked.embeddedLengthMax !== undefined && file.length <= asked.embeddedLengthMax
        ? { ...described, embedded: file }
        : { ...described, location: `${publicOriginOf(request, side.origin)}/shl/file/${await side.store.issueTicket(claimed.id, now)}` };
    recordUse(claimed, request, "share-manifest-fetched");
    return json({ files: [entry] });
  } catch (error) {
    if (error instanceof ShareLinksUnavailable) return unavailable();
    throw error;
  }
}

/** GET /shl/file/<ticket>: the encrypted file (application/jose), once per ticket, while the link works. */
export async function fileResponse(request: Request, ticket: string, side: ReceivingSide): Promise<Response> {
  const now = side.now?.() ?? new Date();
  try {
    if (!(await withinRate(side, request, now).catch(() => true))) return tooMany(now);
    if (!ID43.test(ticket)) return notActive();
    const link = await side.store.redeem(ticket, now);
    if (!link) return notActive();
    recordUse(link, request, "share-file-fetched");
    return new Response(link.file, { headers: { ...SHARE_CORS, "Content-Type": "application/jose" } });
  } catch (error) {
    if (error instanceof ShareLinksUnavailable) return unavailable();
    throw error;
  }
}

/** The receiving side as the portal runs it: its store and its state store. */
export function portalReceivingSide(counts: StateStore): ReceivingSide {
  return { store: shareLinkStore(), counts, origin: config.PORTAL_ORIGIN };
}

/**
 * The purge of links that no longer work (SHARE_LINK_KEEP_DAYS): once now, then daily, on a timer that
 * keeps no process alive; a failure is logged and tried again the next day.
 */
export function startShareLinkPurge(store: ShareLinkStore, now: () => Date = () => new Date()): () => void {
  const purge = async () => {
    const { logger } = observability();
    try {
      const removed = await store.purge(now());
      if (removed > 0) logger.info({ kind: "portal-store", operation: "share-links.purge", removed }, "share links purged");
    } catch (error) {
      logger.error({ kind: "portal-store", operation: "share-links.purge", error: failureCode(error) }, "share links purge failed");
    }
  };
  void purge();
  const timer = setInterval(() => void purge(), DAY_MS);
  timer.unref();
  const stop = () => clearInterval(timer);
  observability().closers.add(stop);
  return stop;
}
