import { answerBookingSteps } from "./steps.server";
import type { Route } from "./+types/book.route";

/** The booking machine's steps (roles, providers, slots, next day, book; decisions/280); same-origin only (server/index.ts). */
export function action({ request }: Route.ActionArgs) {
  return answerBookingSteps(request);
}
