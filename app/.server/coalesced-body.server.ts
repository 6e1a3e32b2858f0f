import { Transform } from "node:stream";

/**
 * The page's body as React writes it, handed on in fewer, larger pieces (decisions/350). React writes
 * a page in pieces of at most 4 KB and then calls `flush()` once a round of its work is written; every
 * piece would otherwise cross the web stream React Router reads, the compressor (which flushes each
 * write, so each costs a brotli block) and a socket write of its own. What React writes in one round
 * leaves together, at its `flush()`, or on the next turn of the event loop should a round not end with
 * one: no byte waits for another round, so a streamed page's first bytes still leave at once.
 */
export function coalescedBody(onFinal: () => void): Transform {
  let held: Buffer[] = [];
  let scheduled = false;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      held.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      callback();
    },
    final(callback) {
      release();
      onFinal();
      callback();
    },
  });
  function release() {
    scheduled = false;
    if (held.length === 0) return;
    const out = held.length === 1 ? held[0] : Buffer.concat(held);
    held = [];
    body.push(out);
  }
  // React calls it after each round of writes (react-dom/server's flushBuffered).
  (body as Transform & { flush(): void }).flush = release;
  return body;
}
