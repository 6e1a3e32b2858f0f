/** How many page reads the portal works on at once: the rest wait their turn, a request waiting for the practice gives its place up, writes never wait (decisions/390). */
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
