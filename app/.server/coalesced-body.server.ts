import { Transform } from "node:stream";

/** The page's body as React writes it, handed on in fewer, larger pieces at each `flush()`, so no byte waits for another round (decisions/350). */
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
