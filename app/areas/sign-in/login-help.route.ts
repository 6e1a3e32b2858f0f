import { answerLoginHelp } from "./login-help.server";
import type { Route } from "./+types/login-help.route";

/** The Login Help dialog's step post; the step itself is `./login-help.server.ts` (decisions/356). */
export function action({ request }: Route.ActionArgs) {
  return answerLoginHelp(request);
}
