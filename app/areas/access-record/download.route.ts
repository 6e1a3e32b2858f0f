import { accessCsvResponse } from "./page.server";
import type { Route } from "./+types/download.route";

/** GET /access-record/download: the access record's view (the same filters) as a CSV file. */
export function loader({ request }: Route.LoaderArgs) {
  return accessCsvResponse(request);
}
