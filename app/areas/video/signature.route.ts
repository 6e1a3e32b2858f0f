import { answerVideoSteps } from "./steps.server";
import type { Route } from "./+types/signature.route";

/** The signature for joining a video consult (issue 15; decisions/280), posted by /zoom's Start Meeting (same-origin only, server/index.ts). */
export function action({ request }: Route.ActionArgs) {
  return answerVideoSteps(request);
}
