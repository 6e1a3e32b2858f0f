import { cardStatusResponse } from "./making.server";
import type { Route } from "./+types/status.route";

/** Which of a device's health card copies still stand (issue 71, decisions/405): no session, ids only. */
export function loader({ request }: Route.LoaderArgs) {
  return cardStatusResponse(request);
}
