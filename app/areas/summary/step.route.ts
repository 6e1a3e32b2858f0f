import { answerShareSteps } from "./steps.server";
import type { Route } from "./+types/step.route";

/** Share by link's steps: make a link, revoke one (decisions/305-309, 377); same-origin only (server/index.ts). */
export function action({ request }: Route.ActionArgs) {
  return answerShareSteps(request);
}
