import { useMachine } from "@xstate/react";
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { fromPromise } from "xstate";
import { amountOf, feeOf, paymentMachine, paymentTexts } from "../../../machines/payment.machine";
import { practiceDateTime, type CardProviderChoice, type CardType, type InvoiceTableRow, type OpenPayment, type PaidNotice } from "../../lib/accounts-view";
import { totalBalanceCents } from "../../lib/allocation";
import { formatCents } from "../../lib/money";
import { paymentMessages } from "../../lib/messages/payment";
import { paySteps, payStepValues, RefusedError } from "../../lib/payment-steps";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";
import { ConfirmerSlot } from "./card-provider";
import { InvoiceTable } from "./invoice-table";
import { SignInAgainLink } from "../ui/sign-in-again-link";
import { OpenPaymentNotice } from "./open-payment-notice";
import { TestCardFields } from "./test-card-fields";

// Stripe's SDK loads only on /accounts and only when a key is configured (decisions/030).
const StripeCardFields = lazy(() => import("./stripe-card-fields"));

/**
 * The idempotency key of the attempt in progress survives a refresh (sessionStorage), so paying
 * again after a refresh reuses it and the practice charges at most once (decisions/031).
 */
const KEY_STORE = "portal.payment.attempt";

function attemptKey(): string {
  const stored = sessionStorage.getItem(KEY_STORE);
  if (stored) return stored;
  const key = crypto.randomUUID();
  sessionStorage.setItem(KEY_STORE, key);
  return key;
}

function forgetAttempt() {
  sessionStorage.removeItem(KEY_STORE);
}

interface Props {
  invoices: readonly InvoiceTableRow[];
  methodType: string;
  cardTypes: CardType[];
  provider: CardProviderChoice;
  billing: { name: string; email: string };
  /** A payment left unfinished (any tab, any session): it must be finished before another starts. */
  openPayment: OpenPayment | null;
  onOpen(row: InvoiceTableRow): void;
  onPaid(notice: PaidNotice): void;
  /** The portal refused to start because another payment is open: the page reads it again. */
  onBlocked(): void;
}

export function PaymentPanel({ invoices, methodType, cardTypes, provider, billing, openPayment, onOpen, onPaid, onBlocked }: Props) {
  const [slot] = useState(() => new ConfirmerSlot());
  // This tab's Pay was refused because another payment is open: the notice that replaces the form takes the focus.
  const [blocked, setBlocked] = useState(false);
  const machine = useMemo(
    () =>
      paymentMachine.provide({
        actors: {
          saveTempPayment: fromPromise(async ({ input }) => {
            const id = await paySteps
              .post(
                {
                  step: "save-temp",
                  key: input.key,
                  cardType: input.cardType,
                  amountCents: String(input.amountCents),
                  feeCents: String(input.feeCents),
                  allocations: JSON.stringify(input.allocations.map((a) => ({ id: a.id, payNowCents: a.payNowCents }))),
                },
                payStepValues.saveTemp,
              )
              .catch((error: unknown) => {
                if (error instanceof RefusedError) {
                  // Refused before it began: this tab's key is done with. Another payment left open
                  // (in any tab) is the page's to finish, so the page reads it again.
                  forgetAttempt();
                  if (error.blocked) {
                    setBlocked(true);
                    onBlocked();
                  }
                }
                throw error;
              });
            if (id <= 0) forgetAttempt();
            return id;
          }),
          createPaymentIntent: fromPromise(({ input }) => paySteps.post({ step: "intent", key: input.key }, payStepValues.intent)),
          confirmCard: fromPromise(async ({ input }) => {
            try {
              await slot.confirm(input.clientSecret);
            } catch (error) {
              // Only a refusal is sure to have charged nothing; after a dropped connection (a refresh,
              // a network failure) the key is kept, so paying again cannot charge twice. The portal
              // is told of the refusal (Stripe's happens in the browser) so the account may pay again.
              if (error instanceof RefusedError) {
                forgetAttempt();
                await paySteps.post({ step: "declined", key: input.key }, payStepValues.declined).catch(() => undefined);
              }
              throw error;
            }
          }),
          savePayment: fromPromise(({ input }) => paySteps.post({ step: "record", key: input.key }, payStepValues.record)),
        },
      }),
    [slot, onBlocked],
  );
  const [state, send] = useMachine(machine, {
    input: { invoices: invoices.map((i) => ({ id: i.id, balanceCents: i.balanceCents, payNowCents: i.payNowCents })), methodType, cardTypes, newKey: attemptKey },
  });
  const ctx = state.context;
  const paying = state.matches("paying");
  const hasInvoices = invoices.length > 0;
  const method = ctx.method;
  const formDisabled = method !== "card" || !hasInvoices;
  const amount = amountOf(ctx);
  const amountCents = "cents" in amount ? amount.cents : 0;
  const fee = feeOf(ctx, amountCents);
  const ids = { choice: useId(), hint: useId() };

  // A success reaches the page once, and its attempt's key is done with.
  const succeeded = state.matches("succeeded");
  const result = ctx.result;
  useEffect(() => {
    if (!succeeded) return;
    forgetAttempt();
    const receipt = result?.kind === "succeeded" ? result.receipt : null;
    if (!receipt) return onPaid({ message: paymentTexts.succeeded });
    const reference = (id: string) => invoices.find((i) => i.id === id)?.reference ?? id;
    onPaid({
      message: result?.message ?? paymentTexts.succeeded,
      receipt: {
        reference: String(receipt.paymentId),
        paidAt: practiceDateTime(new Date()),
        amount: formatCents(receipt.amountCents),
        fee: formatCents(receipt.feeCents),
        total: formatCents(receipt.amountCents + receipt.feeCents),
        cardType: receipt.cardType,
        invoices: receipt.allocations.map((a) => ({ reference: reference(a.id), paid: formatCents(a.payNowCents) })),
      },
    });
    // The invoices are those the payment was made for: read when it succeeded, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [succeeded, result, onPaid]);

  // A failure takes the focus, so the patient hears it and is beside its Try again (issue 21).
  const failureRef = useRef<HTMLDivElement>(null);
  const failure = result?.kind === "failed" ? result : null;
  useEffect(() => {
    if (!failure) return;
    failureRef.current?.focus();
    failureRef.current?.scrollIntoView({ block: "center" });
  }, [failure]);

  const onCardChange = useCallback((card: { complete: boolean; error: string | null }) => send({ type: "card.change", ...card }), [send]);
  const rows = invoices.map((row) => {
    const allocation = ctx.allocations.find((a) => a.id === row.id);
    return { ...row, payNowCents: allocation?.payNowCents ?? row.payNowCents };
  });
  const checked = new Map(ctx.allocations.map((a) => [a.id, a.checked]));

  return (
    <div className="flex flex-col gap-6">
      <InvoiceTable caption="Pending invoices" rows={rows} empty={paymentMessages.noPending} checked={checked} onOpen={onOpen} />

      {openPayment ? (
        <OpenPaymentNotice open={openPayment} focusOnShow={blocked} onFinished={(message) => onPaid({ message })} />
      ) : !hasInvoices ? (
        // Nothing owed: no payment form to fill in for $0.00 (issue 21), just the plain answer.
        <section aria-labelledby="pay-heading" className="flex flex-col gap-2 rounded bg-white p-4 shadow-sm">
          <h2 id="pay-heading" className="text-2xl font-bold">
            Make a payment
          </h2>
          <p>{paymentMessages.nothingOwed}</p>
        </section>
      ) : (
        <form
          noValidate
          aria-labelledby="pay-heading"
          className="flex flex-col gap-4 rounded bg-white p-4 shadow-sm"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: "pay.submit" });
          }}
        >
          <h2 id="pay-heading" className="text-2xl font-bold">
            Make a payment
          </h2>
          {method === "poli" ? <Alert tone="info">{paymentMessages.poli}</Alert> : null}
          {method === "paymentExpress" ? <Alert tone="info">{paymentMessages.paymentExpress}</Alert> : null}

          <fieldset disabled={formDisabled || paying} className={`flex flex-col gap-4 ${method !== "card" ? "opacity-50" : ""}`}>
            <fieldset className="flex flex-col gap-2">
              <legend id={ids.choice} className="mb-1 font-semibold">
                How much would you like to pay?
              </legend>
              <label className="flex min-h-11 items-center gap-3">
                <input type="radio" name="choice" className="size-5" checked={ctx.choice === 1} onChange={() => send({ type: "choice.select", choice: 1 })} />
                Pay the total balance ({formatCents(totalBalanceCents(invoices))})
              </label>
              <label className="flex min-h-11 items-center gap-3">
                <input type="radio" name="choice" className="size-5" checked={ctx.choice === 2} onChange={() => send({ type: "choice.select", choice: 2 })} />
                Pay another amount
              </label>
            </fieldset>
            {ctx.choice === 2 ? (
              <TextField
                label="Amount (NZD)"
                inputMode="decimal"
                value={ctx.amountText}
                onChange={(event) => send({ type: "amount.change", text: event.target.value })}
                error={ctx.submitted && "error" in amount ? amount.error : undefined}
                className="max-w-xs"
              />
            ) : null}

            {cardTypes.length > 0 ? (
              <div className="flex max-w-md flex-col gap-1">
                <label htmlFor="card-type" className="font-semibold">
                  Card type and fee
                </label>
                <select
                  id="card-type"
                  className="min-h-11 rounded border-2 border-ink bg-white px-3"
                  value={ctx.cardTypeIndex}
                  onChange={(event) => send({ type: "cardType.select", index: Number(event.target.value) })}
                >
                  {cardTypes.map((type, i) => (
                    <option key={type.label} value={i}>
                      {type.label}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}

            {method === "card" && hasInvoices ? (
              provider.kind === "stripe" ? (
                <Suspense fallback={<p role="status">Loading the card form…</p>}>
                  <StripeCardFields publishableKey={provider.publishableKey} disabled={paying} showErrors={ctx.submitted} onChange={onCardChange} slot={slot} billing={billing} />
                </Suspense>
              ) : (
                <TestCardFields disabled={paying} showErrors={ctx.submitted} onChange={onCardChange} slot={slot} billing={billing} />
              )
            ) : null}

            <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt>Amount</dt>
              <dd>{formatCents(amountCents)}</dd>
              <dt>Card fee</dt>
              <dd>{formatCents(fee)}</dd>
              <dt className="font-semibold">Total to charge</dt>
              <dd className="font-semibold">{formatCents(amountCents + fee)}</dd>
            </dl>
          </fieldset>

          {ctx.progress > 0 ? (
            <div className="flex flex-col gap-1">
              {/* A failure stops the bar where 1§4 puts it (100) but never as a full blue "done": it says it stopped. */}
              <span id="pay-progress-label">Payment progress{failure ? <span className="font-semibold">: stopped, not completed</span> : null}</span>
              <div
                role="progressbar"
                aria-labelledby="pay-progress-label"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={ctx.progress}
                aria-valuetext={failure ? "Stopped: the payment was not completed" : `${ctx.progress}%`}
                className="h-3 w-full max-w-md overflow-hidden rounded bg-muted/30"
              >
                <div className={`h-full ${failure ? "bg-danger bg-[repeating-linear-gradient(135deg,transparent_0_6px,rgb(255_255_255/0.5)_6px_12px)]" : "bg-brand"}`} style={{ width: `${ctx.progress}%` }} />
              </div>
            </div>
          ) : null}

          {ctx.result?.kind === "failed" ? (
            <div ref={failureRef} tabIndex={-1}>
              <Alert title={ctx.result.charged ? "Your card was charged" : ctx.result.uncertain ? "The payment was interrupted" : ctx.result.sessionEnded ? paymentMessages.sessionEndedTitle : paymentMessages.failedTitle}>
                <p>{ctx.result.message}</p>
                {ctx.result.sessionEnded ? (
                  <p className="mt-2">
                    <SignInAgainLink />
                  </p>
                ) : null}
                {state.matches("failed") ? (
                  <div className="mt-3 flex flex-wrap gap-3">
                    <Button onClick={() => send({ type: "payment.retry" })}>{ctx.result.charged ? "Try recording the payment again" : "Try again"}</Button>
                    {!ctx.result.charged ? (
                      <Button variant="secondary" onClick={() => send({ type: "payment.dismiss" })}>
                        Change the payment
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </Alert>
            </div>
          ) : null}

          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              disabled={paying || !hasInvoices || method !== "card" || state.matches("failed")}
              aria-describedby={!hasInvoices ? ids.hint : undefined}
              title={!hasInvoices ? paymentMessages.nothingToPay : undefined}
            >
              {paying ? "Paying…" : "Pay"}
            </Button>
            {!hasInvoices ? (
              <span id={ids.hint} className="text-muted">
                {paymentMessages.nothingToPay}
              </span>
            ) : null}
          </div>
        </form>
      )}
    </div>
  );
}
