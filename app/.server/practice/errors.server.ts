import { data } from "react-router";
import { errorsTexts } from "~/lib/texts/errors";
import { PracticeApiError } from "./client.server";

/**
 * Turns a failed practice call into the error page's response: a reply that breaks the contract is a
 * clear 502, an unreachable or failing practice a 503; never a crash. Redirects pass through.
 */
export function practiceErrorResponse(error: unknown): never {
  if (error instanceof Response) throw error;
  if (error instanceof PracticeApiError) {
    if (error.kind === "contract") throw data({ message: errorsTexts.practiceBroken }, { status: 502 });
    if (error.kind === "forbidden") throw data({ message: "That record is not one you can see." }, { status: 403 });
    throw data({ message: errorsTexts.practiceUnavailable }, { status: 503 });
  }
  throw error;
}
