import { attachmentResponse } from "./attachment.server";
import type { Route } from "./+types/attachment.route";
import { recordAccessOf } from "~/.server/record-access.server";

/** One message attachment (GET Patient/MessageByID for the viewed patient), served same-origin for the preview. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const response = await attachmentResponse(request, params.id, params.n);
  // A file handed over is a download in the access record (decisions/274).
  if (response.ok) recordAccessOf(request, { area: "messages", action: "download", itemId: params.id });
  return response;
}
