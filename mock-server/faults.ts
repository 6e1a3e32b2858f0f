import { z } from "zod";
import { WORLD_PATHS, normalisePath } from "./world-endpoints";

/**
 * Injected failures, for the portal's tests of its error paths: a status, a reply that breaks the
 * contract, an empty reply, a connection dropped without any reply, or a delay before the normal reply.
 * A faulted call never reaches the handler, so it changes no data, with one deliberate exception:
 * "lost-reply" is carried out and only its reply is lost, the case idempotency keys exist for.
 */

export const FaultRequestSchema = z
  .strictObject({
    path: z
      .string()
      .refine((p) => WORLD_PATHS.some((known) => normalisePath(known) === normalisePath(p)), {
        message: `path must be one of the practice API paths: ${WORLD_PATHS.join(", ")}`,
      }),
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

  /** Consumes one use of the oldest live fault for this path. */
  take(path: string): FaultAction | undefined {
    const key = normalisePath(path);
    const fault = this.#faults.find((f) => normalisePath(f.path) === key);
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
