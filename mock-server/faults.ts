import { z } from "zod";
import { endpoints } from "../contract/endpoints";
import { WORLD_ENDPOINT_NAMES, WORLD_PATHS, normalisePath } from "./world-endpoints";

const CALLS = WORLD_ENDPOINT_NAMES.map((name) => ({ method: endpoints[name].method as string, path: normalisePath(endpoints[name].path) }));

/**
 * Injected failures, for the portal's tests of its error paths: a status, a reply that breaks the
 * contract, an empty reply, a connection dropped without any reply, or a delay before the normal reply.
 * A fault that answers in the handler's place changes no data. Two deliberately do: "lost-reply" is
 * carried out and only its reply is lost (the case idempotency keys exist for), and a delayed call is
 * carried out even when its caller stopped waiting. A fault names a path, and optionally a method for
 * a path that has several calls (GET and POST Patient).
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
    delayMs: z.int().min(0).max(60_000).optional(),
    /** How many calls get the fault; without it, every call until the faults are cleared. */
    times: z.int().min(1).optional(),
  })
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
  respond?: { status: number; kind: "status" | "malformed" | "empty" | "drop" | "lost-reply" };
}

export class FaultTable {
  #faults: Fault[] = [];
  #nextId = 1;

  add(request: FaultRequest): Fault {
    const fault: Fault = { ...request, path: WORLD_PATHS.find((p) => normalisePath(p) === normalisePath(request.path))!, id: this.#nextId++, remaining: request.times };
    this.#faults.push(fault);
    return fault;
  }

  clear(): void {
    this.#faults = [];
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
    if (fault.body) return { delayMs, respond: { status: fault.status ?? 200, kind: fault.body } };
    if (fault.status !== undefined) return { delayMs, respond: { status: fault.status, kind: "status" } };
    // A delay alone slows the normal reply; a fault that names nothing is a plain server error.
    if (fault.delayMs !== undefined) return { delayMs };
    return { delayMs, respond: { status: 500, kind: "status" } };
  }
}
