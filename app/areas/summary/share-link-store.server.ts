import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { observability } from "~/.server/observability.server";
import { failureCode, portalStore, runDaily, storeQueries, type PortalStore, type StoreOperation } from "~/.server/portal-store.server";
import { shareLinks, shareLinkTickets } from "~/.server/portal-store/schema";
import { MAX_WRONG_PASSCODES, randomBase64url } from "./shlink";

/** What the portal's store keeps of share links: a passcode only as a slow hash, a summary only as ciphertext the link's key opens (decisions/305-309). */

/** How long a manifest's `location` works (the spec's bound is an hour); it also works only once. */
export const TICKET_MS = 5 * 60 * 1000;
/** Links (and their counts) are deleted this long after they stopped working. */
export const SHARE_LINK_KEEP_DAYS = 90;

export const DAY_MS = 24 * 60 * 60 * 1000;
const SCRYPT = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** The portal's store could not be asked: the page says so plainly, the receiving side answers 503. */
export class ShareLinksUnavailable extends Error {
  constructor() {
    super("The share links could not be read or written");
    this.name = "ShareLinksUnavailable";
  }
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

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
  return runDaily(purge);
}
