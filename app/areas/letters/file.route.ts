import { letterFileResponse } from "./page.server";
import type { Route } from "./+types/file.route";

/** One letter's file (GET Patient/LetterAndDocumentByID for the viewed patient), served same-origin for the viewer. */
export function loader({ request, params }: Route.LoaderArgs) {
  return letterFileResponse(request, params.id);
}
