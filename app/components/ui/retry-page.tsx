import { useLocation, useRevalidator } from "react-router";
import { errorsTexts } from "~/lib/texts/errors";
import { Button } from "./button";

/**
 * Retry on a page that failed: loads the same page again in place (a fault that has passed gives the
 * page back). A form asking for the same address, so that it works before the page's code has arrived
 * (a patient on a slow phone presses it at once) and without it: the browser then asks again itself.
 */
export function RetryPage() {
  const revalidator = useRevalidator();
  const location = useLocation();
  const retrying = revalidator.state === "loading";
  return (
    <form
      method="get"
      action={location.pathname}
      onSubmit={(event) => {
        event.preventDefault();
        if (!retrying) void revalidator.revalidate();
      }}
    >
      {[...new URLSearchParams(location.search)].map(([name, value], i) => (
        <input key={`${i}-${name}`} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" busy={retrying} aria-busy={retrying}>
        {errorsTexts.retry}
      </Button>
    </form>
  );
}
