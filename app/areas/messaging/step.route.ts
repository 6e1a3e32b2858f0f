import { answerMessagingSteps } from "./steps.server";
import type { Route } from "./+types/step.route";

/** The /emails page's and the messaging machine's steps (decisions/280); same-origin only (server/index.ts). */
export function action({ request }: Route.ActionArgs) {
  return answerMessagingSteps(request);
}
