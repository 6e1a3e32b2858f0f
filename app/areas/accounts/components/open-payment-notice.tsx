import { useEffect, useRef, useState } from "react";
import type { OpenPayment } from "~/lib/accounts-view";
import { errorsTexts } from "~/lib/texts/errors";
import { paymentTexts } from "../texts";
import { Button } from "~/components/ui/button";

const t = paymentTexts;

/**
 * The account holder's unfinished payment that took money the practice has not recorded (issue 20):
 * it stands in place of the payment form until it is finished. Finishing asks the practice to record
 * it. (One not seen charged is paid with a card instead, in the payment form: decisions/374.)
 */
export function OpenPaymentNotice({ open, focusOnShow, onFinished, onUnpaid }: { open: OpenPayment; focusOnShow: boolean; onFinished(message: string): void; onUnpaid(): void }) {
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown in place of the form whose Pay was just refused: the focus would be lost with that button.
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);

  async function finish() {
    setBusy(true);
    setReply(null);
    try {
      // The step protocol and the steps' zod schemas are not on the page's first load (decisions/180).
      // Not arriving is the same failure as the step itself not getting through, and says so alike
      // (the step client's own words; importing them here would add a script to the first load).
      const [{ callStep }, { paySteps }] = await Promise.all([import("~/lib/steps"), import("../steps")]).catch((error: unknown) => {
        throw new Error("The portal could not be reached (/accounts/pay finish).", { cause: error });
      });
      const outcome = await callStep(paySteps, "finish", { key: open.key });
      if (outcome === "pending") setReply(t.finishPending);
      else if (outcome === "unpaid") {
        // Another tab paid it with a card meanwhile, or this page is older than its attempt: the page
        // is read again and offers the card form for it.
        setReply(t.finishUnpaid);
        onUnpaid();
      } else onFinished(t.finishRecorded);
    } catch (error) {
      setReply(error instanceof Error && error.message ? error.message : errorsTexts.practiceUnavailable);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="open-payment-heading" className="flex flex-col gap-3 border-l-8 border-danger bg-white p-4">
      <h2 id="open-payment-heading" ref={heading} tabIndex={-1} className="text-xl font-bold focus-visible:outline-2 focus-visible:outline-offset-2">
        {t.openHeading}
      </h2>
      <p>{open.charged ? t.openCharged(open.amount) : t.openNotPayable(open.amount, open.started)}</p>
      {open.charged ? (
        <div>
          <Button onClick={() => void finish()} busy={busy}>
            {busy ? t.finishing : t.finish}
          </Button>
        </div>
      ) : null}
      <div role="status">{reply ? <p className="font-semibold">{reply}</p> : null}</div>
    </section>
  );
}
