import { profilePhotoResponse } from "../.server/profile-page.server";
import type { Route } from "./+types/profile-photo";

/** The viewed patient's profile photo (GET Patient/LoadImage), served same-origin so the practice token stays on the server. */
export function loader({ request }: Route.LoaderArgs) {
  return profilePhotoResponse(request);
}
