import { randomBytes } from "node:crypto";
import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { contentSecurityPolicy } from "./.server/csp.server";
import { config } from "./.server/config.server";

export const streamTimeout = 5_000;

/** A page's data (`/profile.data`) holds the same health information as the page: never stored either. */
export function handleDataRequest(response: Response) {
  response.headers.set("Cache-Control", "no-store");
  return response;
}

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

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = randomBytes(16).toString("base64");
  if (config.NODE_ENV === "production") responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { stripe: Boolean(config.STRIPE_PUBLISHABLE_KEY) }));
  // Signed-in pages hold health information: never store them in shared or browser caches.
  responseHeaders.set("Cache-Control", "no-store");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = coalescedBody(() => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors inside the shell are logged here; shell errors reach handleDocumentRequest's own log.
        if (shellRendered) console.error(error);
      },
    });
  });
}
