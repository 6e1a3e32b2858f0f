import { loadResultDetail } from "./page.server";
import type { Route } from "./+types/result.route";

/** One result's content for the result dialog (GET Patient/LabResultByID), its HTML sanitised here. */
export function loader({ request, params }: Route.LoaderArgs) {
  return loadResultDetail(request, params.id);
}

/**
 * Read once per opening: the list's refresh after a result is opened (2§4) revalidates the page, and
 * must not read this result's content again (another document counted, another call to the practice).
 */
export function shouldRevalidate() {
  return false;
}
