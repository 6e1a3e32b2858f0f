import { forwardRef, useState } from "react";
import { flushSync } from "react-dom";
import type { PaidNotice } from "~/lib/accounts-view";
import { Button } from "~/components/ui/button";
import { paymentTexts as t } from "../texts";

/**
 * What a payment's success says (issue 21): the amount, the date and the practice's payment reference,
 * the invoices it went to, and a receipt to print. It takes the focus when it appears (the page does
 * that), so a screen reader hears it and a phone shows it.
 */
export const PaymentResult = forwardRef<HTMLDivElement, { notice: PaidNotice }>(function PaymentResult({ notice }, ref) {
  const receipt = notice.receipt;
  // Printing prints the receipt alone (app.css, .printing-receipt), and only when Print receipt asks:
  // the class is in the page before print() (which returns once the print dialog has closed).
  const [printing, setPrinting] = useState(false);
  const print = () => {
    flushSync(() => setPrinting(true));
    window.print();
    setPrinting(false);
  };

  return (
    <div ref={ref} tabIndex={-1} role="status" className={`flex flex-col gap-3 border-l-8 border-success bg-white p-4 ${printing ? "printing-receipt" : ""}`}>
      <p className="text-xl font-bold">{notice.message}</p>
      {receipt ? (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{t.amountPaid}</dt>
            <dd>{receipt.total}</dd>
            <dt className="font-semibold">{t.ofWhichFee}</dt>
            <dd>
              {receipt.fee}
              {receipt.cardType ? t.feeCardType(receipt.cardType) : ""}
            </dd>
            <dt className="font-semibold">{t.paidAt}</dt>
            <dd>{receipt.paidAt}</dd>
            <dt className="font-semibold">{t.practiceReference}</dt>
            <dd>{receipt.reference}</dd>
          </dl>
          {receipt.invoices.length > 0 ? (
            <div>
              <p className="font-semibold">{t.paidTowards}</p>
              <ul className="list-disc pl-6">
                {receipt.invoices.map((invoice) => (
                  <li key={invoice.reference}>
                    {t.paidInvoice(invoice.reference, invoice.paid)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="no-print">
            <Button variant="secondary" onClick={print}>
              {t.printReceipt}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
});
