import { resourceFileResponse } from "./page.server";
import type { Route } from "./+types/file.route";

/** A PDF resource (GET Patient/MediaByID for the viewed patient), served same-origin for the viewer. */
export function loader({ request, params }: Route.LoaderArgs) {
  return resourceFileResponse(request, params.id);
}
