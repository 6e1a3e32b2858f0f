import type { Endpoint } from "@contract/endpoints";
import type { PracticeApi } from "./api.server";

/** A read changes nothing at the practice, so within one request its answer can be shared. */
export function isRead(endpoint: Endpoint): boolean {
  return endpoint.method === "GET" || endpoint.readOnly === true;
}

/**
 * One practice API for one portal request, in which each read is made once: the shell's loader and
 * the page's loader ask for the same patient, practice and counters, and share one call and its
 * answer (a failure too, so both report the same). Writes always go to the practice, and any write
 * forgets what was read, so a read after a write in the same action sees the write.
 */
export function perRequestReads(inner: PracticeApi): PracticeApi {
  let reads = new Map<string, Promise<unknown>>();
  return {
    call(endpoint, options) {
      if (!isRead(endpoint)) {
        reads = new Map();
        // A read started while the write is under way may hold the old answer: forget it as well.
        return inner.call(endpoint, options).finally(() => {
          reads = new Map();
        });
      }
      const key = JSON.stringify([endpoint.method, endpoint.path, options?.address ?? null, options?.query ?? null, options?.body ?? null]);
      let pending = reads.get(key);
      if (!pending) {
        pending = inner.call(endpoint, options);
        reads.set(key, pending);
      }
      return pending as ReturnType<typeof inner.call<typeof endpoint>>;
    },
  };
}
