import { answerPaySteps } from "./steps.server";
import type { Route } from "./+types/pay.route";

/** The payment machine's steps (decisions/280, 031); same-origin only (server/index.ts). */
export function action({ request }: Route.ActionArgs) {
  return answerPaySteps(request);
}
