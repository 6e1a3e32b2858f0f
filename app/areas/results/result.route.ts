import { loadResultDetail } from "./page.server";
import type { Route } from "./+types/result.route";

/** One result's content for the result dialog (GET Patient/LabResultByID), its HTML sanitised here. */
export function loader({ request, params }: Route.LoaderArgs) {
  return loadResultDetail(request, params.id);
}
