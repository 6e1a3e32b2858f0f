import { attachmentResponse } from "../.server/emails-page.server";
import type { Route } from "./+types/emails-attachment";

/** One message attachment (GET Patient/MessageByID for the viewed patient), served same-origin for the preview. */
export function loader({ request, params }: Route.LoaderArgs) {
  return attachmentResponse(request, params.id, params.n);
}
