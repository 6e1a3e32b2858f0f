import { answerLoginHelpSteps } from "./steps.server";
import type { Route } from "./+types/login-help.route";

/** The Login Help dialog's step post (decisions/356). */
export function action({ request }: Route.ActionArgs) {
  return answerLoginHelpSteps(request);
}
