import { summaryPdfResponse } from "./page.server";
import type { Route } from "./+types/pdf.route";

/** The health summary of the person viewed as an A4 PDF, as a file. */
export function loader({ request }: Route.LoaderArgs) {
  return summaryPdfResponse(request);
}
