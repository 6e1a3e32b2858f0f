import { loadResultDetail } from "./page.server";
import type { Route } from "./+types/result.route";

/** One result's content for the result dialog (GET Patient/LabResultByID), its HTML sanitised here. */
export function loader({ request, params }: Route.LoaderArgs) {
  return loadResultDetail(request, params.id);
}

/**
 * The list refreshes while a result is open (2§4: opening refreshes it): the open result's content is
 * not read again then. A result's content does not change once given, and reading it twice would ask
 * the practice twice and put the dialog back to its spinner. Its Retry still reads it (a new load).
 */
export const shouldRevalidate = () => false;
