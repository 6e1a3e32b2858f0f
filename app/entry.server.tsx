import { randomBytes } from "node:crypto";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { contentSecurityPolicy } from "./.server/csp.server";
import { config } from "./.server/config.server";
import { coalescedBody } from "./.server/coalesced-body.server";
import { ServerDrawings } from "./lib/sent-drawing";
import { documentDrawings } from "./.server/sent-drawing.server";

export const streamTimeout = 5_000;

/** A page's data (`/profile.data`) holds the same health information as the page: never stored either. */
export function handleDataRequest(response: Response) {
  response.headers.set("Cache-Control", "no-store");
  return response;
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
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

    // The charts' drawings the loaders sent to this render alone (sent-drawing.server.ts): in the HTML, not in its data.
    const page = (
      <ServerDrawings value={loadContext.get(documentDrawings)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerDrawings>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
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
