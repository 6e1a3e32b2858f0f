import { answerSummarySteps } from "./steps.server";
import type { Route } from "./+types/step.route";

/** The summary's steps: share links, made and revoked (decisions/305-309, 377), and a health card kept on the device (decisions/405); same-origin only (server/index.ts). */
export function action({ request }: Route.ActionArgs) {
  return answerSummarySteps(request);
}
