import { PracticeApiError } from "./practice/client.server";
import type { StateStore } from "./state-store.server";

/**
 * One request to the practice per claim, whoever posts it and however often (decisions/091, 111): the
 * first post claims the key in the state store (this process's memory or Redis, shared by every portal
 * process), asks the practice and keeps the answer for a day; any other post of the key waits for that
 * answer and returns it, never asking the practice itself. An answer not kept (a refusal: nothing was
 * sent) and a practice that did not answer release the key, so the same attempt may be sent again.
 */

const KEEP_MS = 24 * 60 * 60 * 1000;
const PENDING = "pending";

export interface AnswerOnceOptions<R> {
  store: StateStore;
  /** How long a second post waits for the first one's answer. */
  waitMs: number;
  /** Whether the answer is the practice's (kept for the retries) or leaves nothing sent (released). */
  keep(reply: R): boolean;
  /** The answer when the practice did not answer, or the first post's wait ran out. */
  failed(): R;
}

export async function answerOnce<R>(storeKey: string, work: () => Promise<R>, options: AnswerOnceOptions<R>): Promise<R> {
  const { store } = options;
  if (!(await store.compareAndSet(storeKey, null, PENDING, KEEP_MS))) return answerOf(storeKey, options);
  let reply: R;
  try {
    reply = await work();
  } catch (error) {
    await store.delete(storeKey);
    if (error instanceof PracticeApiError) return options.failed();
    throw error;
  }
  if (options.keep(reply)) await store.set(storeKey, JSON.stringify(reply), KEEP_MS);
  else await store.delete(storeKey);
  return reply;
}

async function answerOf<R>(storeKey: string, options: AnswerOnceOptions<R>): Promise<R> {
  const until = Date.now() + options.waitMs;
  for (;;) {
    const value = await options.store.get(storeKey);
    if (value !== null && value !== PENDING) return JSON.parse(value) as R;
    // Released (the first post failed): this post may not send either, or two would race again.
    if (value === null || Date.now() > until) return options.failed();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
