import { z } from "zod";
import { endpoints } from "@contract/endpoints";
import { WORLD_ENDPOINT_NAMES, WORLD_PATHS, normalisePath } from "./world-endpoints";

const CALLS = WORLD_ENDPOINT_NAMES.map((name) => ({ method: endpoints[name].method as string, path: normalisePath(endpoints[name].path) }));

/**
 * Injected failures for the portal's error-path tests: a status, a broken or empty reply, a dropped connection, a delay, or the
 * test's own reply ("answer"/"answerBody", the call carried out). "lost-reply" and a delay still carry the call out; the rest change no data.
 * A held fault ("hold": true) keeps each call waiting until the test releases it, so a test sees a state that lasts only while the
 * practice answers by holding it (and waits for it with …/held?atLeast=1), never by guessing a delay.
 */

export const FaultRequestSchema = z
  .strictObject({
    path: z
      .string()
      .refine((p) => WORLD_PATHS.some((known) => normalisePath(known) === normalisePath(p)), {
        message: `path must be one of the practice API paths: ${WORLD_PATHS.join(", ")}`,
      }),
    /** Only this method's call of the path; without it, every call of the path. */
    method: z.enum(["GET", "POST", "PUT", "DELETE"]).optional(),
    status: z.int().min(200).max(599).optional(),
    /**
     * "drop" closes the connection without answering, as a crashed server or a network cut would;
     * "lost-reply" carries the call out (its data changes) and then drops the connection, as a cut
     * after the practice committed would.
     */
    body: z.enum(["malformed", "empty", "drop", "lost-reply"]).optional(),
    /**
     * Any JSON value: the call is carried out as usual and this value is sent in place of its reply
     * (with `status`, default 200), unchecked by the contract: how a real practice may answer
     * (`1` or `"true"` for SavePayment's `true`). A refusal (400, 401, 403) is sent as usual.
     */
    answer: z
      .unknown()
      .meta({ description: "Any JSON value: the call is carried out as usual and this value is sent in place of its reply (with status, default 200), unchecked by the contract. A refusal (400, 401, 403) is sent as usual." })
      .optional(),
    /**
     * A body of the test's own, sent as it is (not JSON unless it is): the call is carried out and this
     * text sent in place of its reply, as servers answer beyond JSON (`OK`; with status 204 and "", nothing).
     */
    answerBody: z
      .string()
      .max(100_000)
      .meta({ description: 'A raw body: the call is carried out and this text is sent in place of its reply, as it is (with status, default 200, and contentType); with status 204 and "" an empty reply. Unchecked by the contract.' })
      .optional(),
    /** The Content-Type of `answerBody` (default text/plain). */
    contentType: z
      .string()
      .regex(/^[\w.+-]+\/[\w.+-]+(;\s*[\w-]+=[\w.-]+)*$/, "a media type such as text/plain or application/json; charset=utf-8")
      .meta({ description: "The Content-Type of answerBody (default text/plain)." })
      .optional(),
    delayMs: z.int().min(0).max(60_000).optional(),
    /** Each call waits until the test releases it (then the rest of the fault, or the normal reply). */
    hold: z.boolean().optional(),
    /** How many calls get the fault; without it, every call until the faults are cleared. */
    times: z.int().min(1).optional(),
  })
  .refine((f) => f.answer === undefined || f.body === undefined, { message: "answer and body cannot be combined: answer replaces the reply of a call carried out", path: ["answer"] })
  .refine((f) => f.answerBody === undefined || (f.answer === undefined && f.body === undefined), { message: "answerBody cannot be combined with answer or body: it is the reply of a call carried out", path: ["answerBody"] })
  .refine((f) => f.contentType === undefined || f.answerBody !== undefined, { message: "contentType is answerBody's", path: ["contentType"] })
  .refine((f) => !f.method || CALLS.some((c) => c.method === f.method && c.path === normalisePath(f.path)), {
    message: "the practice API has no call with this method at this path",
    path: ["method"],
  });
export type FaultRequest = z.output<typeof FaultRequestSchema>;

export interface Fault extends FaultRequest {
  id: number;
  /** undefined: unlimited. */
  remaining: number | undefined;
}

/** What to do with one call: `respond` undefined means reply normally (possibly after a delay). */
export interface FaultAction {
  delayMs: number;
  /** Settles when the test releases the held call (or the faults are cleared). */
  held?: Promise<void>;
  /** "timeout" is chaos's alone (mock-server/chaos.ts): no answer until the caller gives up. */
  respond?: { status: number; kind: "status" | "malformed" | "empty" | "drop" | "lost-reply" | "timeout" };
  /** The call is carried out and this value (as JSON) or this raw body sent in place of its reply, with this status. */
  answer?: { status: number } & ({ value: unknown } | { body: string; contentType: string });
}

/**
 * The calls one held fault has taken: how many arrived, and the release they wait for. It outlives the
 * fault's place in the table (a fault with `times: 1` leaves the table as its call takes it), so the
 * test can still wait for that call and release it.
 */
class Gate {
  arrived = 0;
  released = false;
  #open!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.#open = resolve));
  #watchers: { atLeast: number; notify: () => void }[] = [];

  arrive(): Promise<void> {
    this.arrived += 1;
    this.#watchers = this.#watchers.filter((w) => (this.arrived >= w.atLeast ? (w.notify(), false) : true));
    return this.opened;
  }

  release(): void {
    this.released = true;
    this.#open();
  }

  /** Resolves true once `atLeast` calls have arrived, false if `signal` aborts first. */
  waitFor(atLeast: number, signal: AbortSignal): Promise<boolean> {
    if (this.arrived >= atLeast) return Promise.resolve(true);
    return new Promise((resolve) => {
      const watcher = { atLeast, notify: () => resolve(true) };
      this.#watchers.push(watcher);
      signal.addEventListener("abort", () => {
        this.#watchers = this.#watchers.filter((w) => w !== watcher);
        resolve(false);
      }, { once: true });
    });
  }
}

export class FaultTable {
  #faults: Fault[] = [];
  #gates = new Map<number, Gate>();
  #nextId = 1;

  add(request: FaultRequest): Fault {
    const fault: Fault = { ...request, path: WORLD_PATHS.find((p) => normalisePath(p) === normalisePath(request.path))!, id: this.#nextId++, remaining: request.times };
    this.#faults.push(fault);
    if (fault.hold) this.#gates.set(fault.id, new Gate());
    return fault;
  }

  /** Removes every fault and lets every held call go on, so nothing waits for a release that cannot come. */
  clear(): void {
    this.#faults = [];
    for (const gate of this.#gates.values()) gate.release();
    this.#gates.clear();
  }

  /** Lets the calls a held fault holds go on, and its later calls pass; false when there is no such held fault. */
  release(id: number): { released: number } | false {
    const gate = this.#gates.get(id);
    if (!gate) return false;
    const released = gate.released ? 0 : gate.arrived;
    gate.release();
    return { released };
  }

  /** How many calls a held fault has taken, once at least `atLeast` have (false: no such held fault; null: gave up). */
  async held(id: number, atLeast: number, signal: AbortSignal): Promise<{ arrived: number; released: boolean } | false | null> {
    const gate = this.#gates.get(id);
    if (!gate) return false;
    if (!(await gate.waitFor(atLeast, signal))) return null;
    return { arrived: gate.arrived, released: gate.released };
  }

  list(): readonly Fault[] {
    return this.#faults;
  }

  /** Removes one fault; false when there is none with that id. */
  remove(id: number): boolean {
    const before = this.#faults.length;
    this.#faults = this.#faults.filter((f) => f.id !== id);
    return this.#faults.length < before;
  }

  /** Consumes one use of the oldest live fault for this call. */
  take(path: string, method: string): FaultAction | undefined {
    const key = normalisePath(path);
    const fault = this.#faults.find((f) => normalisePath(f.path) === key && (!f.method || f.method === method));
    if (!fault) return undefined;
    if (fault.remaining !== undefined) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.#faults = this.#faults.filter((f) => f !== fault);
    }
    const delayMs = fault.delayMs ?? 0;
    const gate = this.#gates.get(fault.id);
    const held = gate?.arrive();
    if (fault.answer !== undefined) return { delayMs, held, answer: { status: fault.status ?? 200, value: fault.answer } };
    if (fault.answerBody !== undefined) return { delayMs, held, answer: { status: fault.status ?? 200, body: fault.answerBody, contentType: fault.contentType ?? "text/plain" } };
    if (fault.body) return { delayMs, held, respond: { status: fault.status ?? 200, kind: fault.body } };
    if (fault.status !== undefined) return { delayMs, held, respond: { status: fault.status, kind: "status" } };
    // A delay or a hold alone slows the normal reply; a fault that names nothing is a plain server error.
    if (fault.delayMs !== undefined || fault.hold) return { delayMs, held };
    return { delayMs, respond: { status: 500, kind: "status" } };
  }
}
