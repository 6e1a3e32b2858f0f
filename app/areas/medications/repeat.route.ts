import { answerRepeatSteps } from "./steps.server";
import type { Route } from "./+types/repeat.route";

/** The repeat-medication machine's steps (the pharmacies, the request; decisions/280); same-origin only (server/index.ts). */
export function action({ request }: Route.ActionArgs) {
  return answerRepeatSteps(request);
}
