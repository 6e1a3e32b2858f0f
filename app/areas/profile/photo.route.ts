import { profilePhotoResponse } from "./page.server";
import type { Route } from "./+types/photo.route";
import { recordAccessOf } from "~/.server/record-access.server";

/** The viewed patient's profile photo (GET Patient/LoadImage), served same-origin so the practice token stays on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  const response = await profilePhotoResponse(request);
  // A file handed over is a download in the access record (decisions/274).
  if (response.ok) recordAccessOf(request, { area: "profile", action: "download" });
  return response;
}
