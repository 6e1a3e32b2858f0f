// First, before any module that builds a zod schema (see the module).
import "./shell/zod-without-eval";
import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, redirectDocument, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { NotFound } from "./components/not-found";
import { KeptOutcome } from "./components/ui/kept-outcome";
import { RetryPage } from "./components/ui/retry-page";
import { useHeadingFocusOnNavigation } from "./components/ui/use-heading-focus";
import { useIsolationLeftWithZoom } from "./components/ui/use-isolation-left-with-zoom";
import { errorsTexts } from "./lib/texts/errors";
import { HTML_LANG, isLanguage, LANGUAGE, LANGUAGE_COOKIE } from "./lib/language";
import { routeErrorMessage } from "./lib/route-error";
import { THEME_COLOUR } from "./shell/manifest";
import { registerServiceWorker } from "./shell/register-service-worker";
import { tidyKeptCards } from "./lib/health-card/tidy";
// The stylesheet is the page's one render-blocking file: as a React stylesheet resource (precedence)
// it is written first in <head>, before the scripts' modulepreloads, which React would otherwise put
// ahead of it; a first paint then waits on it alone (issue 12, decisions/180).
import stylesheet from "./app.css?url";

export const meta: Route.MetaFunction = () => [{ title: errorsTexts.portalTitle }];

/**
 * Every answer of the portal's own routes is `no-store` unless its route chose otherwise (the patient's
 * photo, decisions/171): pages and their data requests are marked in entry.server.tsx, and this covers
 * the routes that answer data or files directly (a result's detail, a chart's values, documents), which
 * React Router hands back without passing through either (issue 36).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (_, next) => {
    const response = await next();
    if (response.headers.has("Cache-Control")) return response;
    try {
      response.headers.set("Cache-Control", "no-store");
      return response;
    } catch {
      // A Response made by Response.redirect() or fetch() has headers that cannot change: a copy can.
      const copy = new Response(response.body, response);
      copy.headers.set("Cache-Control", "no-store");
      return copy;
    }
  },
];

/**
 * A page left open in one language while the patient chose the other in another tab: its next page is
 * loaded as a document, from the chosen language's build, rather than drawn by this one (decisions/403).
 * A post goes on as it is: what the patient typed is sent, not dropped by a reload.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  ({ request }) => {
    const chosen = new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=(\\w+)`).exec(document.cookie)?.[1];
    if (request.method === "GET" && isLanguage(chosen) && chosen !== LANGUAGE) {
      const url = new URL(request.url);
      throw redirectDocument(url.pathname + url.search + url.hash);
    }
  },
];

/** The manifest is asked with the cookies, so the language cookie chooses its words as it does the page's (decisions/404). */
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest", crossOrigin: "use-credentials" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang={HTML_LANG[LANGUAGE]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOUR} />
        <Meta />
        <link rel="stylesheet" href={stylesheet} precedence="portal" />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useHeadingFocusOnNavigation();
  useIsolationLeftWithZoom();
  // The installable portal's worker (issue 71, decisions/404), once the page is up.
  useEffect(() => {
    registerServiceWorker();
    // Health cards the portal no longer vouches for are wiped from this browser on any page loaded online (decisions/405).
    void tidyKeptCards();
  }, []);
  return <Outlet />;
}

/**
 * A failure with no shell to keep (the shell's own calls, the token check among them): the message,
 * Retry to load the same page again (a practice that is back gives it back, still signed in), and
 * the way to the dashboard.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-start gap-4 p-6">
      <h1 className="text-3xl font-bold">{errorsTexts.problemTitle}</h1>
      <KeptOutcome />
      <p role="alert">{routeErrorMessage(error)}</p>
      <RetryPage />
      <a className="text-brand underline" href="/">
        {errorsTexts.backToDashboard}
      </a>
    </main>
  );
}
