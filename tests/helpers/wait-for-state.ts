import { waitFor, type AnyActorRef, type SnapshotFrom } from "xstate";

/**
 * XState's `waitFor` with a deadline, for tests: resolves with the first snapshot that satisfies the
 * predicate (the current one included), exactly as `waitFor` does. When none does in time it fails
 * with the machine's id, its state value and a summary of its context, so a broken machine reads as
 * "payment stopped in {"editing":...} with result null", not as the test runner's bare 15 s timeout.
 *
 * The deadline runs on the real clock, taken when this module loads: a test that turns on fake
 * timers (vi.useFakeTimers) neither has to advance past it nor trips it by advancing its own clock.
 */

const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

export interface WaitForStateOptions {
  /** Milliseconds of real time before giving up; 2000 unless told. */
  timeout?: number;
}

class Deadline extends Error {}

export async function waitForState<TActor extends AnyActorRef>(
  actor: TActor,
  predicate: (snapshot: SnapshotFrom<TActor>) => boolean,
  { timeout = 2000 }: WaitForStateOptions = {},
): Promise<SnapshotFrom<TActor>> {
  // Made here so that the stack of a failure points at the test's line, not at a timer callback.
  const failure = new Error("waitForState");
  const controller = new AbortController();
  const timer = realSetTimeout(() => controller.abort(new Deadline()), timeout);
  try {
    return await waitFor(actor, predicate, { signal: controller.signal });
  } catch (error) {
    const why = error instanceof Deadline ? `no state satisfied the predicate within ${timeout} ms` : `the actor stopped before a state satisfied the predicate (${String(error)})`;
    failure.message = `waitForState: ${why}; ${describeActor(actor)}`;
    if (!(error instanceof Deadline)) failure.cause = error;
    throw failure;
  } finally {
    realClearTimeout(timer);
  }
}

/** `machine "payment" in state {"editing":"idle"} (status active); context: {key: null, ...}`. */
export function describeActor(actor: AnyActorRef): string {
  const snapshot = actor.getSnapshot() as { value?: unknown; status?: string; context?: unknown; error?: unknown };
  const id = typeof actor.src === "string" ? actor.src : (actor.src as { id?: unknown }).id;
  const name = typeof id === "string" ? `machine "${id}"` : `actor "${actor.id}"`;
  const state = "value" in snapshot ? `in state ${brief(snapshot.value, 300)}` : "with no state value";
  const error = snapshot.status === "error" ? `; error: ${String(snapshot.error)}` : "";
  return `${name} ${state} (status ${snapshot.status})${error}; context: ${summarise(snapshot.context)}`;
}

function summarise(context: unknown): string {
  if (context === null || typeof context !== "object") return brief(context, 200);
  const fields = Object.entries(context).map(([key, value]) => `${key}: ${brief(value, 120)}`);
  const text = `{${fields.join(", ")}}`;
  return text.length > 1500 ? `${text.slice(0, 1500)}…}` : text;
}

/** A value as JSON, cut to `max` characters; actor references and objects already shown are named, never walked. */
function brief(value: unknown, max: number): string {
  let text: string;
  try {
    const seen = new WeakSet<object>();
    text =
      JSON.stringify(value, function (this: Record<string, unknown>, key: string, v: unknown) {
        // The holder's own value, before its toJSON (an actor reference has one).
        const original = key === "" ? value : this[key];
        if (typeof v === "function") return "[function]";
        if (isActor(original)) return `[actor ${original.id}]`;
        if (v && typeof v === "object") {
          if (seen.has(v)) return "[seen above]";
          seen.add(v);
        }
        return v;
      }) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function isActor(value: unknown): value is AnyActorRef {
  return typeof value === "object" && value !== null && "sessionId" in value && "send" in value && "getSnapshot" in value;
}
