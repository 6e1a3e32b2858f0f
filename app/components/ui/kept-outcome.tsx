import { useLocation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import { keptOutcome } from "~/lib/kept-outcome";
import { errorsTexts } from "~/lib/texts/errors";

/** What the patient's write did, on the failure of reading the page again after it (app/lib/kept-outcome.ts). */
export function KeptOutcome() {
  const location = useLocation();
  // Kept in the browser alone: the server's render, and the browser's hydrating one, have none.
  const outcome = useHydrated() ? keptOutcome(location) : null;
  return outcome ? (
    <Alert tone="info" title={outcome}>
      {errorsTexts.wentThrough}
    </Alert>
  ) : null;
}
