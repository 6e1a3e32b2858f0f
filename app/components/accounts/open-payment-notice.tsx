import { useState } from "react";
import type { OpenPayment } from "../../lib/accounts-view";
import { messages } from "../../lib/messages";
import { paySteps, payStepValues } from "../../lib/payment-steps";
import { Button } from "../ui/button";

const t = messages.payment;

/**
 * The account holder's unfinished payment (issue 20): it may have taken money the practice has not
 * recorded, so it stands in place of the payment form until it is finished. Finishing asks the
 * practice to record it: recorded if the card was charged, let go if it never was.
 */
export function OpenPaymentNotice({ open, onFinished }: { open: OpenPayment; onFinished(message: string): void }) {
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<string | null>(null);

  async function finish() {
    setBusy(true);
    setReply(null);
    try {
      const outcome = await paySteps.post({ step: "finish", key: open.key }, payStepValues.finish);
      if (outcome === "pending") setReply(t.finishPending);
      else onFinished(outcome === "recorded" ? t.finishRecorded : t.finishNotCharged);
    } catch (error) {
      setReply(error instanceof Error && error.message ? error.message : messages.errors.practiceUnavailable);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="open-payment-heading" className="flex flex-col gap-3 border-l-8 border-danger bg-white p-4">
      <h2 id="open-payment-heading" className="text-xl font-bold">
        {t.openHeading}
      </h2>
      <p>{open.charged ? t.openCharged(open.amount) : t.openUncertain(open.amount, open.started)}</p>
      <div>
        <Button onClick={() => void finish()} disabled={busy}>
          {busy ? "Finishing…" : t.finish}
        </Button>
      </div>
      <div role="status">{reply ? <p className="font-semibold">{reply}</p> : null}</div>
    </section>
  );
}
