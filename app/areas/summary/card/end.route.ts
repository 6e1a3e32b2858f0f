import { cardEndResponse } from "./making.server";
import type { Route } from "./+types/end.route";

/** A device wiped its health card copy (issue 71, decisions/405): the copy stands no more; same-origin only (server/index.ts). */
export function action({ request }: Route.ActionArgs) {
  return cardEndResponse(request);
}
