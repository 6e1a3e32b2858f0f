import { PracticeApiError } from "./practice/client.server";
import type { StateStore } from "./state-store.server";

/**
 * One write to the practice per claim, whoever posts it and however often: the key is claimed in the state store, and a write
 * that may have been carried out stays *unknown* until `reconcile` finds it at the practice (decisions/091, 111, 215).
 */

const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * How long a post may be claimed or writing before its process is taken to be gone (a crash, a kill
 * past the shutdown's wait): longer than any write the portal makes, a few practice calls of at most
 * PRACTICE_TIMEOUT_MS (2 minutes at most) each. A claim older than this no longer holds the key for a
 * day: one never written is taken over, one writing is looked for as an unknown one is.
 */
export const CLAIM_STALE_MS = 10 * 60 * 1000;

/** `at`: when the post claimed the key or began writing (absent in claims made before it was kept: never stale). */
type Claim<R, E> = { s: "pending"; at?: number } | { s: "writing"; e: E; at?: number } | { s: "unknown"; e: E } | { s: "answer"; r: R };

const pending = (now: () => number) => JSON.stringify({ s: "pending", at: now() } satisfies Claim<never, never>);

export interface AnswerOnceOptions<R, E> {
  store: StateStore;
  /** How long a second post waits for the first one's answer. */
  waitMs: number;
  /** Whether the answer is the practice's (kept for the retries) or leaves nothing sent (released). */
  keep(reply: R): boolean;
  /** The answer when nothing was written (the practice refused or was unavailable), or the wait ran out. */
  failed(): R;
  /** The answer when the write may or may not have been carried out. */
  unknown(): R;
  /** Whether the practice has the write the evidence describes: its answer if so, null if not. */
  reconcile?(evidence: E): Promise<R | null>;
  /** The clock claims are dated by (tests give their own). */
  now?: () => number;
}

/**
 * `work` calls `writing(evidence)` just before the practice call that changes something: from then on
 * a failure without a clear refusal is unknown, and `evidence` is what `reconcile` will look for.
 */
export type OnceWork<R, E> = (writing: (evidence: E) => Promise<void>) => Promise<R>;

export async function answerOnce<R, E>(storeKey: string, work: OnceWork<R, E>, options: AnswerOnceOptions<R, E>): Promise<R> {
  if (await options.store.compareAndSet(storeKey, null, pending(clockOf(options)), KEEP_MS)) return write(storeKey, work, options);
  return settled(storeKey, work, options);
}

const clockOf = (options: { now?: () => number }) => options.now ?? Date.now;

/** A failure after which the practice may still have done the write. */
export function mayHaveBeenCarriedOut(error: unknown): boolean {
  if (!(error instanceof PracticeApiError)) return true;
  if (error.kind === "timeout" || error.kind === "network" || error.kind === "contract") return true;
  // 503 says the practice did not take the request on; any other server error may come after the work.
  return error.kind === "http" && error.status !== undefined && error.status >= 500 && error.status !== 503;
}

async function write<R, E>(storeKey: string, work: OnceWork<R, E>, options: AnswerOnceOptions<R, E>): Promise<R> {
  const { store } = options;
  let evidence: { e: E } | null = null;
  const writing = async (e: E) => {
    evidence = { e };
    await store.set(storeKey, JSON.stringify({ s: "writing", e, at: clockOf(options)() } satisfies Claim<R, E>), KEEP_MS);
  };
  let reply: R;
  try {
    reply = await work(writing);
  } catch (error) {
    const wrote = evidence as { e: E } | null;
    if (wrote && mayHaveBeenCarriedOut(error)) {
      await store.set(storeKey, JSON.stringify({ s: "unknown", e: wrote.e } satisfies Claim<R, E>), KEEP_MS);
      if (error instanceof PracticeApiError) return options.unknown();
      throw error;
    }
    await store.delete(storeKey);
    if (error instanceof PracticeApiError) return options.failed();
    throw error;
  }
  if (options.keep(reply)) await store.set(storeKey, JSON.stringify({ s: "answer", r: reply } satisfies Claim<R, E>), KEEP_MS);
  else await store.delete(storeKey);
  return reply;
}

async function settled<R, E>(storeKey: string, work: OnceWork<R, E>, options: AnswerOnceOptions<R, E>): Promise<R> {
  const { store } = options;
  const now = clockOf(options);
  const until = Date.now() + options.waitMs;
  // A post that waited for another's write takes that write's outcome, unknown included: looking at
  // once, while the practice may still be carrying it out, would prove nothing.
  let waited = false;
  for (;;) {
    const value = await store.get(storeKey);
    // Released (the first post failed): this post may not send either, or two would race again.
    if (value === null) return options.failed();
    const claim = JSON.parse(value) as Claim<R, E>;
    if (claim.s === "answer") return claim.r;
    const since = "at" in claim ? claim.at : undefined;
    const stale = since !== undefined && now() - since > CLAIM_STALE_MS;
    if (claim.s === "pending") {
      // A claim whose process is gone before it wrote anything: this post takes it over and writes.
      if (stale) {
        if (await store.compareAndSet(storeKey, value, pending(now), KEEP_MS)) return write(storeKey, work, options);
        continue;
      }
    } else if (claim.s === "unknown" || stale) {
      // One whose process is gone while writing is unknown: looked for, as one that ended unknown is.
      const unknownValue = JSON.stringify({ s: "unknown", e: claim.e } satisfies Claim<R, E>);
      if ((waited && !stale) || !options.reconcile) return options.unknown();
      if (await store.compareAndSet(storeKey, value, pending(now), KEEP_MS)) return reconcileThenWrite(storeKey, unknownValue, claim.e, work, options);
      continue;
    }
    waited = true;
    // The wait ran out: a post still writing may yet be carried out, so its outcome is not known.
    if (Date.now() > until) return claim.s === "writing" ? options.unknown() : options.failed();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function reconcileThenWrite<R, E>(storeKey: string, unknownValue: string, evidence: E, work: OnceWork<R, E>, options: AnswerOnceOptions<R, E>): Promise<R> {
  let found: R | null;
  try {
    found = await options.reconcile!(evidence);
  } catch (error) {
    // Could not look: still unknown, for the next post to look again.
    await options.store.set(storeKey, unknownValue, KEEP_MS);
    if (error instanceof PracticeApiError) return options.unknown();
    throw error;
  }
  if (found === null) return write(storeKey, work, options);
  await options.store.set(storeKey, JSON.stringify({ s: "answer", r: found } satisfies Claim<R, E>), KEEP_MS);
  return found;
}
