import { isRouteErrorResponse } from "react-router";
import { errorsTexts } from "./texts/errors";

/**
 * What a failed page says: the message its loader threw with (the practice's 502 and 503 texts,
 * practiceErrorResponse), or a plain apology for anything unexpected, whose details stay in the log.
 */
export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error) && typeof error.data === "object" && error.data && "message" in error.data) return String(error.data.message);
  return errorsTexts.unexpected;
}
