/**
 * The practice calls of one page view, from the mock's request journal (bench/practice-calls.ts, issue 53).
 * Pure, so that tests/unit/bench-measures.test.ts can show how entries are grouped and repeats found.
 */

/** What the bench needs of a journal entry (mock-server/journal.ts). */
export interface JournalCall {
  method: string;
  path: string;
  /** The portal's request id (its X-Correlation-Id), when it sent one. */
  correlationId: string | null;
  /** As the journal keeps them (secrets redacted): two calls of one path with other arguments are two reads, not a repeat. */
  query?: unknown;
  body?: unknown;
}

/** A request the browser made to the portal during the view, with the id the portal answered it with (X-Request-Id). */
export interface PortalRequest {
  /** The address's path and query, or "document" for the page itself. */
  label: string;
  requestId: string | null;
}

export interface ViewCall {
  /** `GET Patient/PatientMenu`, spelt as first seen. */
  call: string;
  times: number;
  /** How many different argument sets (query and body) it was made with: fewer than `times` is a repeat. */
  distinct: number;
  /** Which of the view's portal requests made it, one label per time, in journal order. */
  from: string[];
}

export interface ViewCalls {
  count: number;
  /** In the order of each call's first appearance. */
  calls: ViewCall[];
  /** The calls made more than once in the view with the same arguments: the same read twice. */
  repeated: string[];
}

/**
 * A call with no known portal request behind it: the portal sent no id, or a request the browser made
 * was missed. It still counts with the view, since it happened inside the view's window.
 */
export const UNATTRIBUTED = "unattributed";

/**
 * Groups a view's journal entries by call. The practice reads paths case-insensitively (the portal
 * writes `patient/SavePayment` and `Patient/…`), so two spellings of one path are one call.
 */
export function callsOfView(entries: readonly JournalCall[], requests: readonly PortalRequest[]): ViewCalls {
  const source = new Map(requests.filter((r) => r.requestId).map((r) => [r.requestId!, r.label]));
  const byKey = new Map<string, ViewCall>();
  const argumentSets = new Map<string, Set<string>>();
  for (const entry of entries) {
    const key = `${entry.method.toUpperCase()} ${entry.path.replace(/^\/+/, "").toLowerCase()}`;
    const from = (entry.correlationId && source.get(entry.correlationId)) || UNATTRIBUTED;
    const args = argumentSets.get(key) ?? new Set<string>();
    args.add(JSON.stringify([entry.query ?? null, entry.body ?? null]));
    argumentSets.set(key, args);
    const known = byKey.get(key);
    if (known) {
      known.times++;
      known.from.push(from);
    } else byKey.set(key, { call: `${entry.method.toUpperCase()} ${entry.path.replace(/^\/+/, "")}`, times: 1, distinct: 0, from: [from] });
    byKey.get(key)!.distinct = args.size;
  }
  const calls = [...byKey.values()];
  return { count: entries.length, calls, repeated: calls.filter((c) => c.distinct < c.times).map((c) => c.call) };
}

/**
 * One line: each call, `×N` where made N times (` (N queries)` when with as many different arguments,
 * so not a repeat), and where the view's calls did not all come from the
 * document, which request made each (`GET ValidateToken ×2 (a repeat) [from document, /profile/photo]`).
 */
export function describeCalls(view: ViewCalls): string {
  const onlyDocument = view.calls.every((c) => c.from.every((f) => f === "document"));
  return view.calls
    .map((c) => {
      const times = c.times === 1 ? "" : c.distinct === c.times ? ` ×${c.times} (${c.distinct} queries)` : c.distinct > 1 ? ` ×${c.times} (${c.distinct} different queries: a repeat)` : ` ×${c.times} (a repeat)`;
      return onlyDocument ? `${c.call}${times}` : `${c.call}${times} [from ${c.from.join(", ")}]`;
    })
    .join(", ");
}

/**
 * The calls a view makes beyond another's, as a multiset, each with the requests that made the extra ones
 * (`first` against `warm`: what a session's first view reads that a later one does not, and why).
 */
export function callsBeyond(view: ViewCalls, other: ViewCalls): string[] {
  const others = new Map(other.calls.map((c) => [c.call.toLowerCase(), c]));
  return view.calls.flatMap((c) => {
    const theirs = others.get(c.call.toLowerCase());
    const extra = c.times - (theirs?.times ?? 0);
    if (extra <= 0) return [];
    // The sources the other view did not have: the photo's request where the first view fetched the photo.
    const left = [...(theirs?.from ?? [])];
    const sources = c.from.filter((f) => {
      const at = left.indexOf(f);
      if (at < 0) return true;
      left.splice(at, 1);
      return false;
    });
    return [`${c.call}${extra > 1 ? ` ×${extra}` : ""} [from ${(sources.length ? sources : c.from).join(", ")}]`];
  });
}

export const mean = (values: readonly number[]): number => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
