import { useEffect } from "react";
import { useLocation } from "react-router";

/** The one page served cross-origin isolated (server/index.ts `videoConsultHeaders`, decisions/130). */
const ISOLATED_PATH = "/zoom";

/**
 * Isolation belongs to the document, not to the page: after /zoom, a page reached by a client-side
 * link (Back to appointments, the menu, the browser's Back) would stay cross-origin isolated, and
 * /accounts would then block Stripe's card frames. Such a page is loaded again in full, in place of
 * the history entry, so it gets its own headers.
 */
export function useIsolationLeftWithZoom() {
  const location = useLocation();
  useEffect(() => {
    if (window.crossOriginIsolated && location.pathname !== ISOLATED_PATH) {
      window.location.replace(`${location.pathname}${location.search}${location.hash}`);
    }
  }, [location]);
}
