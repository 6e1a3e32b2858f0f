import { randomBytes } from "node:crypto";
import { recentlyUsed } from "~/lib/recently-used";
import { endpoints, type Endpoint } from "@contract/endpoints";
import type { StateStore } from "../state-store.server";
import type { PracticeApi } from "./api.server";
import { isRead } from "./per-request-reads.server";

/** What one signed-in session keeps of the practice between page views (the shell's reads, the counters, the token's "valid"), in the state store, started again by any change (decisions/375). */

/** The shell's data is read again at least this often, for what staff change at the practice meanwhile. */
export const SHELL_KEEP_MS = 10 * 60 * 1000;
/** The unread and due counts a patient sees are never older than this. */
export const COUNTS_KEEP_MS = 30 * 1000;
/**
 * The practice's "valid" for the token holds this long: a page and the requests it makes at once (the
 * profile's photo, a chart) check it once. Any call the practice answers 401 still ends the session at
 * once (1§4), so a token ended at the practice is noticed by the next page's own calls.
 */
export const TOKEN_CHECK_KEEP_MS = 20 * 1000;

/**
 * The reads kept, each for its time: the shell's, the counts, and the practice's own lists and texts
 * that pages read again and again without the patient changing them (the lookups of 1§3, the roles,
 * the compose and draft disclaimers). Each is keyed by its parameters, the patient's ids among them.
 */
const KEPT = new Map<Endpoint, number>([
  [endpoints.patientMenu, SHELL_KEEP_MS],
  [endpoints.patient, SHELL_KEEP_MS],
  [endpoints.organization, SHELL_KEEP_MS],
  [endpoints.practiceSettings, SHELL_KEEP_MS],
  [endpoints.lookup, SHELL_KEEP_MS],
  [endpoints.roles, SHELL_KEEP_MS],
  [endpoints.terms, SHELL_KEEP_MS],
  [endpoints.refreshCounter, COUNTS_KEEP_MS],
]);

/** Reads that change what the counters count: opening a message or a result marks it read (2§7). */
const CHANGES_COUNTS = new Set<Endpoint>([endpoints.messageById, endpoints.labResultById]);

interface KeptEntry {
  /** A new one on every change: a reply read before a change is never kept after it. */
  generation: string;
  tokenGoodAt?: number;
  replies: Record<string, { at: number; reply: unknown }>;
}

const entryKey = (sessionId: string) => `session-reads:${sessionId}`;

/** The entries this process last read, by key and text, so an unchanged entry is not parsed again; frozen, as every page of the session shares them (decisions/376). */
const parsed = recentlyUsed<{ raw: string; entry: KeptEntry }>(500);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function parse(key: string, raw: string | null): KeptEntry | null {
  if (!raw) return null;
  const last = parsed.get(key);
  if (last?.raw === raw) return last.entry;
  let entry: KeptEntry;
  try {
    entry = deepFreeze(JSON.parse(raw) as KeptEntry);
  } catch {
    return null;
  }
  parsed.set(key, { raw, entry });
  return entry;
}
const newGeneration = () => randomBytes(9).toString("base64url");
/** The entry lives no longer than its longest-kept reply. */
const ENTRY_TTL_MS = SHELL_KEEP_MS;

/** Forgets everything a session kept (sign-out, a session ended elsewhere). */
export function forgetSessionReads(store: StateStore, sessionId: string): Promise<void> {
  parsed.delete(entryKey(sessionId));
  return store.delete(entryKey(sessionId));
}

/** One request's view of its session's kept reads: the entry is read once, when first needed. */
export interface SessionReads {
  /** Whether the practice said the token is good within TOKEN_CHECK_KEEP_MS. */
  tokenCheckedRecently(): Promise<boolean>;
  /** The practice has just said the token is good. */
  noteTokenGood(): Promise<void>;
  /** The practice API with the kept reads answered from the entry, and every change starting it again. */
  api(inner: PracticeApi): PracticeApi;
  /** Refresh Configurations: everything is read from the practice again. */
  forget(): Promise<void>;
}

export function sessionReads(store: StateStore, sessionId: string, now: () => number = Date.now): SessionReads {
  const key = entryKey(sessionId);
  let read: Promise<KeptEntry> | undefined;
  /**
   * The entry as this request first read it: a reply fetched under it is kept only if its generation
   * is still the same. A session without one starts one here, so that the replies of its first page,
   * fetched together, all belong to that generation.
   */
  const atStart = () => (read ??= startOrRead());
  async function startOrRead(): Promise<KeptEntry> {
    for (;;) {
      const raw = await store.get(key);
      const entry = parse(key, raw);
      if (entry) return entry;
      const fresh: KeptEntry = { generation: newGeneration(), replies: {} };
      if (await store.compareAndSet(key, raw, JSON.stringify(fresh), ENTRY_TTL_MS)) return fresh;
    }
  }

  /**
   * Applies `change` to the entry as stored now (compare-and-set, retried on a lost race until it
   * holds: a page's first reads all write at once, and each round one of them wins); null leaves it.
   */
  async function update(change: (current: KeptEntry | null) => KeptEntry | null): Promise<void> {
    for (;;) {
      const raw = await store.get(key);
      const next = change(parse(key, raw));
      if (!next) return;
      if (await store.compareAndSet(key, raw, JSON.stringify(next), ENTRY_TTL_MS)) return;
    }
  }

  /**
   * A change at the practice: nothing kept from before it is used again, in any process, nor by this
   * request (a save read back at once reads the practice, and that reply is kept under the new start).
   */
  async function changed(): Promise<void> {
    await update((current) => ({ generation: newGeneration(), tokenGoodAt: current?.tokenGoodAt, replies: {} }));
    read = undefined;
  }

  return {
    async tokenCheckedRecently() {
      const { tokenGoodAt } = await atStart();
      return tokenGoodAt !== undefined && now() - tokenGoodAt < TOKEN_CHECK_KEEP_MS && now() >= tokenGoodAt;
    },
    noteTokenGood() {
      const at = now();
      return update((current) => ({ generation: current?.generation ?? newGeneration(), replies: current?.replies ?? {}, tokenGoodAt: at }));
    },
    api(inner) {
      return {
        async call(endpoint, options) {
          const keepMs = KEPT.get(endpoint);
          if (keepMs === undefined || !isRead(endpoint)) {
            const counts = CHANGES_COUNTS.has(endpoint);
            if (isRead(endpoint) && !counts) return inner.call(endpoint, options);
            try {
              return await inner.call(endpoint, options);
            } finally {
              await changed();
            }
          }
          const replyKey = JSON.stringify([endpoint.method, endpoint.path, options?.address ?? null, options?.query ?? null, options?.body ?? null]);
          const entry = await atStart();
          const kept = entry.replies[replyKey];
          if (kept && now() - kept.at < keepMs && now() >= kept.at) return kept.reply as Awaited<ReturnType<typeof inner.call<typeof endpoint>>>;
          const startedAt = now();
          const reply = await inner.call(endpoint, options);
          await update((current) => {
            // Changed or ended since this request began (a write, Refresh Configurations, sign-out):
            // this reply may be from before the change, so it is not kept.
            if (current?.generation !== entry.generation) return null;
            return { ...current, replies: { ...current.replies, [replyKey]: { at: startedAt, reply } } };
          });
          return reply;
        },
      };
    },
    forget: changed,
  };
}
