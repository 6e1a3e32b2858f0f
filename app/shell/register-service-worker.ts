import { LANGUAGE } from "~/lib/language";

/**
 * Registers the portal's service worker (issue 71, decisions/404) as `/sw.js?v=<build version>&lang=<language>`,
 * so a new build, or the other language's, installs a worker of its own. Production builds only, where the
 * browser has service workers; a failure is left silent (a console is not for patients).
 */
export function registerServiceWorker(): void {
  const version = (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
  if (!import.meta.env.PROD || !("serviceWorker" in navigator) || !version) return;
  navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(version)}&lang=${LANGUAGE}`, { scope: "/" }).catch(() => undefined);
}
