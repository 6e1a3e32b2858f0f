import { profilePhotoResponse } from "./page.server";
import type { Route } from "./+types/photo.route";

/** The viewed patient's profile photo (GET Patient/LoadImage), served same-origin so the practice token stays on the server. */
export function loader({ request }: Route.LoaderArgs) {
  return profilePhotoResponse(request);
}
