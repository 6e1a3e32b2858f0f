import { summaryFhirResponse } from "./page.server";
import type { Route } from "./+types/fhir.route";

/** The health summary of the person viewed as a FHIR R4 document Bundle (application/fhir+json), as a file. */
export function loader({ request }: Route.LoaderArgs) {
  return summaryFhirResponse(request);
}
