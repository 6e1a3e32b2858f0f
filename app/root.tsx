import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { NotFound } from "./components/not-found";
import { useHeadingFocusOnNavigation } from "./components/ui/use-heading-focus";
import { errorsMessages } from "./lib/messages/errors";
import { routeErrorMessage } from "./lib/route-error";
import "./app.css";

export const meta: Route.MetaFunction = () => [{ title: "Patient Portal" }];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-NZ">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
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
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main className="mx-auto max-w-2xl p-6">
      <h1 className="mb-4 text-3xl font-bold">{errorsMessages.problemTitle}</h1>
      <p className="mb-4">{routeErrorMessage(error)}</p>
      <a className="text-brand underline" href="/">
        Go back to the dashboard
      </a>
    </main>
  );
}
