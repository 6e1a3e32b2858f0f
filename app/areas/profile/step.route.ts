import { answerProfileSteps } from "./steps.server";
import type { Route } from "./+types/step.route";

/** The profile's steps: its forms, Sign-in security and Your devices (decisions/377); same-origin only (server/index.ts). */
export function action({ request }: Route.ActionArgs) {
  return answerProfileSteps(request);
}
