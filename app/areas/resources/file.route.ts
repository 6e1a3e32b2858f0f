import { resourceFileResponse } from "./page.server";
import type { Route } from "./+types/file.route";
import { recordAccessOf } from "~/.server/record-access.server";

/** A PDF resource (GET Patient/MediaByID for the viewed patient), served same-origin for the viewer. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const response = await resourceFileResponse(request, params.id);
  // A file handed over is a download in the access record (decisions/274).
  if (response.ok) recordAccessOf(request, { area: "resources", action: "download", itemId: params.id });
  return response;
}
