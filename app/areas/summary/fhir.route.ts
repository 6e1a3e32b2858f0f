import { summaryFhirResponse } from "./page.server";
import { recordAccessOf } from "~/.server/record-access.server";
import type { Route } from "./+types/fhir.route";

/** The health summary of the person viewed as a FHIR R4 document Bundle (application/fhir+json), as a file. */
export async function loader({ request }: Route.LoaderArgs) {
  const response = await summaryFhirResponse(request);
  // A summary handed over is a download in the access record, its format as the item (decisions/274).
  if (response.ok) recordAccessOf(request, { area: "summary", action: "download", itemId: "fhir" });
  return response;
}
