import { setNonce } from "get-nonce";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router's default client entry, plus one step before anything renders: the page's style
 * policy accepts a <style> element only with this response's nonce (decisions/053), and radix-ui's
 * scroll lock (react-remove-scroll-bar, opened with every dialog and menu) adds one. Its library asks
 * get-nonce for the nonce, so it is handed the one React Router's own scripts carry. The browser keeps
 * a nonce out of the attribute once parsed, but not out of the element's `nonce` property.
 */
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
if (nonce) setNonce(nonce);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
