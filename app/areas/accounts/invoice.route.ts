import { invoicePdfResponse } from "./page.server";
import type { Route } from "./+types/invoice.route";
import { recordAccessOf } from "~/.server/record-access.server";

/** An invoice's PDF (GET Patient/LoadInvoicePDF with the parent id), served same-origin for the viewer. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const response = await invoicePdfResponse(request, params.id);
  // A file handed over is a download in the access record (decisions/274).
  if (response.ok) recordAccessOf(request, { area: "accounts", action: "download", itemId: params.id });
  return response;
}
