import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Form, useFetchers, useLocation, useNavigation, useRevalidator } from "react-router";
import { sessionTexts } from "~/lib/texts/session";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";

/** How long before the session's idle end the warning comes (the NHS pattern gives a few minutes). */
export const WARN_BEFORE_MS = 5 * 60 * 1000;

/** The warning before the idle timeout: "Stay signed in" reads the page again, and when the time has passed the page is read again (decisions/121). */
export function IdleWarning({ idleMs }: { idleMs: number }) {
  const location = useLocation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const revalidator = useRevalidator();
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  // Each request the page makes counts as activity: the count restarts when it is over.
  const activity = `${location.key}|${busy ? "busy" : "idle"}|${fetchers.length}`;
  // The warning belongs to the quiet spell it came in: any activity after it ends it.
  const [warnedFor, setWarnedFor] = useState<string | null>(null);
  const warning = warnedFor === activity;
  const readAgain = useEffectEvent(() => {
    setWarnedFor(null);
    void revalidator.revalidate();
  });

  // When this tab will read the page again if nothing happens before (the session's end as it counts
  // it), on a hidden element: the count restarts only once a request's answer has been drawn, so a
  // test that moves a fake clock waits for this to be set first.
  const signedOutAt = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (busy) return;
    const warn = window.setTimeout(() => setWarnedFor(activity), Math.max(0, idleMs - WARN_BEFORE_MS));
    const end = window.setTimeout(readAgain, idleMs);
    const marker = signedOutAt.current;
    marker?.setAttribute("data-signed-out-at", new Date(Date.now() + idleMs).toISOString());
    return () => {
      window.clearTimeout(warn);
      window.clearTimeout(end);
      marker?.removeAttribute("data-signed-out-at");
    };
  }, [activity, busy, idleMs]);

  const stay = () => {
    setWarnedFor(null);
    void revalidator.revalidate();
  };

  return (
    <>
      <span ref={signedOutAt} hidden />
      <Dialog open={warning} onOpenChange={(open) => (open ? undefined : stay())} title={sessionTexts.idleTitle} description={sessionTexts.idleText(Math.round(WARN_BEFORE_MS / 60_000))} dismissOnBackdrop={false}>
        <div className="flex flex-wrap gap-3">
          <Button onClick={stay} autoFocus>
            {sessionTexts.staySignedIn}
          </Button>
          <Form method="post" action="/logout">
            <Button type="submit" variant="secondary">
              {sessionTexts.signOut}
            </Button>
          </Form>
        </div>
      </Dialog>
    </>
  );
}
