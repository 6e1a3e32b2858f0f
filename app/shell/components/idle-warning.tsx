import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Form, useFetchers, useLocation, useNavigation, useRevalidator } from "react-router";
import { sessionTexts } from "~/lib/texts/session";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";

/** How long before the session's idle end the warning comes (the NHS pattern gives a few minutes). */
export const WARN_BEFORE_MS = 5 * 60 * 1000;

/**
 * The warning before the idle timeout (issue 21, the NHS.UK pattern): the session ends on the portal
 * server after `idleMs` without a request, so a few minutes before that this tab says so and offers
 * "Stay signed in", which reads the page again (any request keeps the session) rather than letting
 * a patient lose what they were doing. Every navigation, revalidation and form post restarts the
 * count. When the time has passed the page is read again: if another tab kept the session alive the
 * patient simply stays; if not, the server sends them to sign in, back to this page afterwards.
 */
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
