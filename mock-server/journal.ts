import { redactBody } from "@contract/redact";
import type { ChaosKind } from "./chaos";

/**
 * A world's request journal, for QA to assert what the portal sent: method, path, query, body, the
 * fault applied, the reply status and the portal's correlation id. Tokens, passwords and card details are redacted at the
 * moment an entry is written (contract/redact.ts), so no later reader can see them. It keeps the latest 1,000 entries.
 */
export interface JournalEntry {
  at: string;
  method: string;
  path: string;
  query: unknown;
  body: unknown;
  fault: string | null;
  /** What seeded chaos did to the call (decisions/383): its number in the chaos sequence, kind and latency; null when chaos spared it. */
  chaos: { call: number; kind: ChaosKind; latencyMs: number } | null;
  status: number;
  /** The portal's X-Correlation-Id (its request id), when it sent a well-formed one; otherwise null. */
  correlationId: string | null;
}

/** What a live reader of the journal hears: an entry (numbered), the journal emptied, or the world gone. */
export type JournalEvent = { kind: "request"; seq: number; entry: JournalEntry } | { kind: "cleared" } | { kind: "gone" };

/**
 * The live side of a world's journal (the console's journal, decisions/381). It outlives a reset, which
 * gives the world a new Journal, so that a reader stays subscribed and its entries' numbers keep rising.
 */
export class JournalFeed {
  readonly #listeners = new Set<(event: JournalEvent) => void>();
  #seq = 0;

  nextSeq(): number {
    return ++this.#seq;
  }

  /** Returns the unsubscribe. */
  subscribe(listener: (event: JournalEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  publish(event: JournalEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}

const LIMIT = 1_000;

export class Journal {
  readonly #entries: { seq: number; entry: JournalEntry }[] = [];
  readonly #feed: JournalFeed;

  constructor(feed: JournalFeed = new JournalFeed()) {
    this.#feed = feed;
  }

  record(entry: Omit<JournalEntry, "query" | "body"> & { query: unknown; body: unknown }) {
    const stored = { seq: this.#feed.nextSeq(), entry: { ...entry, query: redactBody(entry.query), body: redactBody(entry.body) } };
    this.#entries.push(stored);
    if (this.#entries.length > LIMIT) this.#entries.splice(0, this.#entries.length - LIMIT);
    this.#feed.publish({ kind: "request", ...stored });
  }

  clear(): void {
    this.#entries.length = 0;
    this.#feed.publish({ kind: "cleared" });
  }

  /** Oldest first; method and path compare case-insensitively, path as an exact call path. */
  list(filter: { method?: string; path?: string } = {}): JournalEntry[] {
    const path = filter.path?.replace(/^\/+/, "").toLowerCase();
    return this.#entries.map((e) => e.entry).filter((e) => (!filter.method || e.method === filter.method.toUpperCase()) && (!path || e.path.toLowerCase() === path));
  }

  /** Every entry kept, oldest first, with its number: what a live reader is sent before what comes next. */
  numbered(): readonly { seq: number; entry: JournalEntry }[] {
    return this.#entries;
  }
}
