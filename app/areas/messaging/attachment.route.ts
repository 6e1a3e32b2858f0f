import { attachmentResponse } from "./page.server";
import type { Route } from "./+types/attachment.route";

/** One message attachment (GET Patient/MessageByID for the viewed patient), served same-origin for the preview. */
export function loader({ request, params }: Route.LoaderArgs) {
  return attachmentResponse(request, params.id, params.n);
}
