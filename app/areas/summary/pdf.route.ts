import { summaryPdfResponse } from "./page.server";
import { recordAccessOf } from "~/.server/record-access.server";
import type { Route } from "./+types/pdf.route";

/** The health summary of the person viewed as an A4 PDF, as a file. */
export async function loader({ request }: Route.LoaderArgs) {
  const response = await summaryPdfResponse(request);
  // A summary handed over is a download in the access record, its format as the item (decisions/274).
  if (response.ok) recordAccessOf(request, { area: "summary", action: "download", itemId: "pdf" });
  return response;
}
