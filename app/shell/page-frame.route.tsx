import { useEffect } from "react";
import { isRouteErrorResponse, Link, Outlet, useMatches } from "react-router";
import { forgetOutcome } from "~/lib/kept-outcome";
import { KeptOutcome } from "~/components/ui/kept-outcome";
import { buttonClass } from "~/components/ui/button";
import { RetryPage } from "~/components/ui/retry-page";
import { errorsTexts } from "~/lib/texts/errors";
import { routeErrorMessage } from "~/lib/route-error";
import type { Route } from "./+types/page-frame.route";

/**
 * The page inside the signed-in shell. It exists for its ErrorBoundary: a page whose loader fails
 * shows the failure here, in the shell, so the menu and header stay usable. The shell's own failure
 * (its loader's calls) still reaches root.tsx, as there is no shell to keep. Redirects (a 401 ends
 * the session) are not errors and never arrive here.
 */
export default function ShellPage() {
  // A write's outcome is kept until the page has been read again and shown (kept-outcome.ts).
  const pageData = useMatches().at(-1)?.data;
  useEffect(() => forgetOutcome(), [pageData]);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // What a parent's view of a young person's record does not reach (whānau access): words and a way on, no Retry.
  if (isRouteErrorResponse(error) && error.status === 403 && typeof error.data === "object" && error.data?.refused === true) {
    return (
      <div className="flex max-w-2xl flex-col items-start gap-4">
        <h1 className="text-3xl font-bold">{errorsTexts.notSharedTitle}</h1>
        <p role="alert">{routeErrorMessage(error)}</p>
        <Link to="/" className={buttonClass("secondary")}>
          {errorsTexts.toDashboard}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-3xl font-bold">{notFound ? errorsTexts.notFoundTitle : errorsTexts.problemTitle}</h1>
      {notFound ? null : <KeptOutcome />}
      <p role="alert">{notFound ? errorsTexts.notFoundCode : routeErrorMessage(error)}</p>
      {notFound ? null : <RetryPage />}
    </div>
  );
}
