import { invoicePdfResponse } from "./page.server";
import type { Route } from "./+types/invoice.route";

/** An invoice's PDF (GET Patient/LoadInvoicePDF with the parent id), served same-origin for the viewer. */
export function loader({ request, params }: Route.LoaderArgs) {
  return invoicePdfResponse(request, params.id);
}
