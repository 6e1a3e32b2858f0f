/**
 * How many page requests the portal works on at once (decisions/390). A process has one thread for
 * its JavaScript: past its capacity, every page taken in slows every other one down, they all finish
 * late together, and what they hold alive meanwhile gives the garbage collector more to do, which
 * takes more of that thread (the open loop's collapse, docs/performance.md). So a page read (GET or
 * HEAD) is taken in only while fewer than `limit` are at work; the others wait their turn, first come
 * first served, holding nothing but their socket.
 *
 * Waiting for the practice is not work: a request whose practice calls are all out gives its place up
 * (`away`) and comes back without queueing (`back`), so a practice that answers in 300 ms does not cap
 * the portal at `limit` pages each 300 ms, and a request that has started is always allowed to finish
 * (nothing it waits for can be stuck behind it in the queue). Writes (POST and the rest) are never
 * queued: a patient's step is not held behind other people's page views.
 */
export interface PageWork {
  /** A practice call went out: while none is out, the request counts as at work again. */
  away(): void;
  back(): void;
}

export interface PageWorkLimit {
  /** Starts `run` now or once a place is free; `cancel` drops it from the queue (the client left). */
  admit(run: (work: PageWork) => void): { cancel(): void; finished(): void };
  /** At work now, and waiting for a place. */
  counts(): { working: number; waiting: number };
}

export function pageWorkLimit(limit: number): PageWorkLimit {
  let working = 0;
  const queue: Array<() => void> = [];
  const startNext = () => {
    while (working < limit && queue.length > 0) queue.shift()!();
  };
  return {
    admit(run) {
      let started = false;
      let done = false;
      let callsOut = 0;
      const work: PageWork = {
        away() {
          if (done || callsOut++ > 0) return;
          working--;
          startNext();
        },
        back() {
          if (done || --callsOut > 0) return;
          working++;
        },
      };
      const start = () => {
        started = true;
        working++;
        run(work);
      };
      if (working < limit) start();
      else queue.push(start);
      return {
        cancel() {
          if (started) return;
          const at = queue.indexOf(start);
          if (at >= 0) queue.splice(at, 1);
        },
        finished() {
          if (!started || done) return;
          done = true;
          if (callsOut === 0) working--;
          startNext();
        },
      };
    },
    counts: () => ({ working, waiting: queue.length }),
  };
}
