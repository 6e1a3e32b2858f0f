import { redactBody } from "@contract/redact";

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
  status: number;
  /** The portal's X-Correlation-Id (its request id), when it sent a well-formed one; otherwise null. */
  correlationId: string | null;
}

const LIMIT = 1_000;

export class Journal {
  readonly #entries: JournalEntry[] = [];

  record(entry: Omit<JournalEntry, "query" | "body"> & { query: unknown; body: unknown }) {
    this.#entries.push({ ...entry, query: redactBody(entry.query), body: redactBody(entry.body) });
    if (this.#entries.length > LIMIT) this.#entries.splice(0, this.#entries.length - LIMIT);
  }

  clear(): void {
    this.#entries.length = 0;
  }

  /** Oldest first; method and path compare case-insensitively, path as an exact call path. */
  list(filter: { method?: string; path?: string } = {}): JournalEntry[] {
    const path = filter.path?.replace(/^\/+/, "").toLowerCase();
    return this.#entries.filter((e) => (!filter.method || e.method === filter.method.toUpperCase()) && (!path || e.path.toLowerCase() === path));
  }
}
