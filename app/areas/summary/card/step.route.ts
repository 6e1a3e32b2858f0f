import { answerCardSteps } from "./steps.server";
import type { Route } from "./+types/step.route";

/** Keeping a health card on this device: the passkey's options, then the card (issue 71, decisions/405); same-origin only (server/index.ts). */
export function action({ request }: Route.ActionArgs) {
  return answerCardSteps(request);
}
