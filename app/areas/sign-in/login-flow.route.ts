import { answerSignInSteps } from "./steps.server";
import type { Route } from "./+types/login-flow.route";

/** The sign-in page's steps: one step of the login machine per post (decisions/280). */
export function action({ request }: Route.ActionArgs) {
  return answerSignInSteps(request);
}

export function loader() {
  return new Response(null, { status: 405 });
}
