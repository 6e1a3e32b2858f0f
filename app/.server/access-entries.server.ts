import { createHash } from "node:crypto";
import { and, desc, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import { data } from "react-router";
import { errorsTexts } from "~/lib/texts/errors";
import { purgeDevices } from "./device-rows.server";
import { currentRequestId, observability } from "./observability.server";
import { failureCode, portalStore, runDaily, type PortalStore } from "./portal-store.server";
import { ACCESS_ACTIONS, ACCESS_AREAS, accessEntries, BROWSERS, PLATFORMS, type AccessAction, type AccessArea, type DeviceLabel } from "./portal-store/schema";

/**
 * The access record (issue 31): who opened, downloaded or changed what of whose record through the portal, kept in the
 * portal's own store; recording never holds a page up, and only the retention purge removes an entry (decisions/270).
 */

export interface AccessEvent {
  /**
   * The practice's API address (the session's apiBase): patient ids are the practice's own. Or its key
   * as the store already names it (practiceKey), for an access made with no session: a share link's use.
   */
  practice: string | { key: string };
  /** Whose record: the practice's opaque id of the patient viewed (the session's userId). */
  patientId: string;
  /** Who: accountHolderKey(apiBase, parentId), the state store's name for the account holder. */
  holderKey: string;
  /** The holder's name when they act for someone else's record (a proxy); null on their own. */
  proxyName: string | null;
  area: AccessArea;
  /** The practice's opaque id of the item (a letter, a message); none for a list or a page. */
  itemId?: string | null;
  action: AccessAction;
  /** The request's User-Agent, read for a device label and then dropped. */
  userAgent: string | null | undefined;
  /** The device's label when it was read earlier (a sign-in completes on a later request than the one that read it). */
  device?: DeviceLabel;
  /** The session's anonymous id (anonymousSessionId), never the session id itself. */
  sessionId: string;
  /** When; now unless given. */
  at?: Date;
}

export interface AccessEntry {
  id: number;
  at: Date;
  patientId: string;
  holderKey: string;
  proxyName: string | null;
  area: AccessArea;
  itemId: string | null;
  action: AccessAction;
  device: DeviceLabel;
  sessionId: string;
}

const ID = /^[A-Za-z0-9._:-]{1,128}$/;
const KEY = /^[A-Za-z0-9_-]{16,64}$/;
const SESSION = /^[A-Za-z0-9_-]{8,64}$/;
const NAME = /^[^\d\n\r\t<>]{1,100}$/;

/** The practice as the store names it: a hash of its API address, which is long and may change case or slash. */
export function practiceKey(apiBase: string): string {
  return createHash("sha256").update(`practice\n${apiBase}`).digest("base64url").slice(0, 22);
}

/** "Chrome on Android": the browser and the platform a person would recognise, with no version or other detail. */
export function deviceLabel(userAgent: string | null | undefined): DeviceLabel {
  const ua = userAgent ?? "";
  const platform: (typeof PLATFORMS)[number] = /iPad/.test(ua)
    ? "iPad"
    : /iPhone|iPod/.test(ua)
      ? "iPhone"
      : /Android/.test(ua)
        ? "Android"
        : /CrOS/.test(ua)
          ? "ChromeOS"
          : /Windows/.test(ua)
            ? "Windows"
            : /Macintosh|Mac OS X/.test(ua)
              ? "macOS"
              : /Linux/.test(ua)
                ? "Linux"
                : "another device";
  // Order matters: Edge, Samsung Internet and Opera also say Chrome, and Chrome also says Safari.
  const browser: (typeof BROWSERS)[number] = /\bEdg(e|A|iOS)?\//.test(ua)
    ? "Edge"
    : /SamsungBrowser\//.test(ua)
      ? "Samsung Internet"
      : /\bOPR\/|\bOpera\b/.test(ua)
        ? "Opera"
        : /Firefox\/|FxiOS\//.test(ua)
          ? "Firefox"
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? "Chrome"
            : /Version\/[\d.]+.*Safari\//.test(ua)
              ? "Safari"
              : "Another browser";
  return `${browser} on ${platform}`;
}

/** Which field of an event would be refused by the table's checks, if any (named, never quoted). */
function refusedField(event: AccessEvent): string | null {
  if (!(ACCESS_AREAS as readonly string[]).includes(event.area)) return "area";
  if (!(ACCESS_ACTIONS as readonly string[]).includes(event.action)) return "action";
  if (typeof event.practice !== "string" && !KEY.test(event.practice.key)) return "practice";
  if (!ID.test(event.patientId)) return "patientId";
  if (event.itemId != null && !ID.test(event.itemId)) return "itemId";
  if (!KEY.test(event.holderKey)) return "holderKey";
  if (!SESSION.test(event.sessionId)) return "sessionId";
  if (event.proxyName !== null && !NAME.test(event.proxyName.trim())) return "proxyName";
  if (event.at && Number.isNaN(event.at.getTime())) return "at";
  return null;
}

/**
 * Records one access. Returns at once, whatever the store's state: the entry is written in the
 * background, retried while the store fails, and if it still cannot be written it is logged as an
 * error (what failed, never what was recorded) and counted as lost.
 */
export function recordAccess(event: AccessEvent, store: PortalStore | undefined = portalStore()): void {
  const refused = store ? refusedField(event) : null;
  if (refused || !store) {
    const { logger, portalStoreWritesLost } = observability();
    portalStoreWritesLost.inc({ operation: "access.record" });
    logger.error({ kind: "portal-store", operation: "access.record", requestId: currentRequestId(), error: refused ? `refused: ${refused}` : "no store" }, "portal store write lost");
    return;
  }
  // Read now, not at each try: a retried entry keeps the time of the access.
  const row = {
    at: event.at ?? new Date(),
    practiceKey: typeof event.practice === "string" ? practiceKey(event.practice) : event.practice.key,
    patientId: event.patientId,
    holderKey: event.holderKey,
    proxyName: event.proxyName?.trim() ?? null,
    area: event.area,
    itemId: event.itemId ?? null,
    action: event.action,
    device: event.device ?? deviceLabel(event.userAgent),
    sessionId: event.sessionId,
  };
  // Batched with the others of the next moment (decisions/351): one insert for many page views.
  store.insertLater("access.record", accessEntries, row);
}

export interface AccessQuery {
  practice: string;
  patientId: string;
  /** Only this person's accesses (their holderKey). */
  holderKey?: string;
  area?: AccessArea;
  /** From this instant, included. */
  from?: Date;
  /** Until this instant, excluded. */
  to?: Date;
  /** The `next` of the page before; none for the newest page. */
  after?: string | null;
  /** Entries a page (default 50, at most 200). */
  pageSize?: number;
}

export interface AccessPage {
  entries: AccessEntry[];
  /** Where the next (older) page starts; null on the last page. */
  next: string | null;
}

/** A position in the record, newest first: the last entry's time and id (ids break ties of one millisecond). */
function readCursor(cursor: string | null | undefined): { at: Date; id: number } | null {
  const match = /^(\d{1,15})\.(\d{1,18})$/.exec(cursor ?? "");
  return match ? { at: new Date(Number(match[1])), id: Number(match[2]) } : null;
}

/**
 * One patient's record at one practice, newest first, filtered and paged. When the store cannot
 * answer, the page gets the same 503 and plain words as when the session store is away.
 */
export async function listAccess(query: AccessQuery, store: PortalStore | undefined = portalStore()): Promise<AccessPage> {
  const size = Math.min(Math.max(Math.trunc(query.pageSize ?? 50), 1), 200);
  const t = accessEntries;
  const where: SQL[] = [eq(t.practiceKey, practiceKey(query.practice)), eq(t.patientId, query.patientId)];
  if (query.holderKey) where.push(eq(t.holderKey, query.holderKey));
  if (query.area) where.push(eq(t.area, query.area));
  if (query.from) where.push(gte(t.at, query.from));
  if (query.to) where.push(lt(t.at, query.to));
  const cursor = readCursor(query.after);
  if (cursor) where.push(or(lt(t.at, cursor.at), and(eq(t.at, cursor.at), lt(t.id, cursor.id)))!);
  try {
    if (!store) throw new Error("no store");
    // Entries still held for a batch are written first: a patient sees the page views just made.
    await store.flush();
    const rows = await store.run("access.list", (db) =>
      db
        .select({ id: t.id, at: t.at, patientId: t.patientId, holderKey: t.holderKey, proxyName: t.proxyName, area: t.area, itemId: t.itemId, action: t.action, device: t.device, sessionId: t.sessionId })
        .from(t)
        .where(and(...where))
        .orderBy(desc(t.at), desc(t.id))
        .limit(size + 1),
    );
    const entries = rows.slice(0, size);
    const last = entries.at(-1);
    return { entries, next: rows.length > size && last ? `${last.at.getTime()}.${last.id}` : null };
  } catch (error) {
    observability().logger.error({ kind: "portal-store", operation: "access.list", requestId: currentRequestId(), error: failureCode(error) }, "portal store read failed");
    throw data({ message: errorsTexts.stateUnavailable }, { status: 503 });
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted by one statement of the purge: a first purge of years of entries holds no long lock. */
const PURGE_BATCH = 5_000;

/**
 * Deletes the entries older than `days` before `now`, `batch` rows a statement; answers how many. The
 * only delete of the access record.
 */
export async function purgeAccessRecord(store: PortalStore, { now, days, batch = PURGE_BATCH }: { now: Date; days: number; batch?: number }): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const t = accessEntries;
  let removed = 0;
  for (;;) {
    const rows = await store.run("access.purge", (db) =>
      db
        .delete(t)
        .where(inArray(t.id, db.select({ id: t.id }).from(t).where(lt(t.at, cutoff)).limit(batch)))
        .returning({ id: t.id }),
    );
    removed += rows.length;
    if (rows.length < batch) return removed;
  }
}

export interface RetentionOptions {
  days: number;
  /** Days a device not seen since is kept on Your devices (DEVICE_RETENTION_DAYS, decisions/311); none: devices are not purged. */
  devicesDays?: number;
  /** The clock the purge reads (tests give their own). */
  now?: () => Date;
  /** Told after each purge, with the number of entries (and devices) removed, or the failure. */
  onPurged?: (outcome: { removed: number; devicesRemoved: number } | { error: unknown }) => void;
}

/**
 * The retention purge (ACCESS_RECORD_RETENTION_DAYS, and DEVICE_RETENTION_DAYS for Your devices): once
 * now, then once a day, on a timer that keeps no process alive. Stops when the process closes its
 * store. A failed purge is logged and counted, and tried again the next day; the devices' purge runs
 * even when the access record's failed.
 */
export function startAccessRetention(store: PortalStore, { days, devicesDays, now = () => new Date(), onPurged }: RetentionOptions): () => void {
  const purge = async () => {
    const { logger } = observability();
    const at = now();
    let failure: { error: unknown } | null = null;
    let removed = 0;
    let devicesRemoved = 0;
    try {
      removed = await purgeAccessRecord(store, { now: at, days });
      if (removed > 0) logger.info({ kind: "portal-store", operation: "access.purge", removed }, "access record purged");
    } catch (error) {
      logger.error({ kind: "portal-store", operation: "access.purge", error: failureCode(error) }, "access record purge failed");
      failure = { error };
    }
    if (devicesDays !== undefined) {
      try {
        devicesRemoved = await purgeDevices(store, { now: at, days: devicesDays });
        if (devicesRemoved > 0) logger.info({ kind: "portal-store", operation: "devices.write", removed: devicesRemoved }, "devices purged");
      } catch (error) {
        logger.error({ kind: "portal-store", operation: "devices.write", error: failureCode(error) }, "devices purge failed");
        failure ??= { error };
      }
    }
    onPurged?.(failure ?? { removed, devicesRemoved });
  };
  return runDaily(purge);
}
