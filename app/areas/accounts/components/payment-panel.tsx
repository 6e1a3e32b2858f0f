import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import type { PaymentContext, PaymentEvent, PaymentInput } from "../payment.machine";
import { amountOf, editPayment, feeOf, initialPaymentContext, isPaymentEdit } from "../payment-choice";
import { practiceDateTime, type CardProviderChoice, type InvoiceTableRow, type OpenPayment, type PaidNotice } from "~/lib/accounts-view";
import type { CardType } from "../card-brand";
import { totalBalanceCents } from "../allocation";
import { formatCents } from "~/lib/money";
import { paymentTexts } from "../texts";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { lazyModule } from "~/lib/lazy-module";
import { useMachineWhenReached } from "~/lib/use-machine-when-reached";
import { ConfirmerSlot } from "./card-provider";
import { InvoiceTable } from "./invoice-table";
import { SignInAgainLink } from "~/components/ui/sign-in-again-link";
import { OpenPaymentNotice } from "./open-payment-notice";
import { TestCardFields } from "./test-card-fields";

// Stripe's SDK loads only on /accounts and only when a key is configured (decisions/030).
const StripeCardFields = lazy(() => import("./stripe-card-fields"));

// The payment machine, xstate, the step client and zod come after the page (issue 12, decisions/180),
// fetched when the patient reaches for the form (issue 35, decisions/348: a phone would otherwise
// download them on every visit); the form is drawn without them and takes what the patient does.
const paymentCode = lazyModule(() => import("./payment-engine"));
type PaymentEngine = Awaited<ReturnType<typeof paymentCode.preload>>;
type PaymentActor = ReturnType<PaymentEngine["createPaymentActor"]>;

/** The form before its machine runs: the starting state with the patient's edits, and whether Pay was pressed. */
interface EarlyPayment {
  draft: PaymentContext;
  payPressed: boolean;
}

/** What the form is drawn from: the machine's snapshot once it runs, its starting state with the patient's edits before. */
interface PaymentState {
  context: PaymentContext;
  matches(state: "paying" | "failed" | "succeeded"): boolean;
}

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
  /**
   * A payment left unfinished (any tab, any session): it must be finished before another starts. One
   * not seen charged is what this form pays (decisions/374); the page re-keys the panel when it changes.
   */
  openPayment: OpenPayment | null;
  /** This tab's Pay was refused because of the open payment: its heading takes the focus. */
  focusOpen: boolean;
  onOpen(row: InvoiceTableRow): void;
  /** The patient reaches for the invoices: what opening one needs can be fetched now. */
  onReachInvoices(): void;
  onPaid(notice: PaidNotice): void;
  /** The portal refused to start because another payment is open, or the open one is not charged yet: the page reads it again. */
  onBlocked(): void;
}

/** The open payment this form pays with a card, if it can: its intent is out but not seen charged. */
function resumableOf(open: OpenPayment | null, invoices: readonly InvoiceTableRow[]): PaymentInput["resume"] {
  if (!open || open.charged || open.amountCents === null) return undefined;
  // Invoices paid elsewhere since (at the desk) leave less owing than it pays: not charged for nothing.
  if (open.amountCents > totalBalanceCents(invoices)) return undefined;
  return { key: open.key, amountCents: open.amountCents, cardType: open.cardType, cardTypeOpen: open.atRest };
}

export function PaymentPanel({ invoices, methodType, cardTypes, provider, billing, openPayment, focusOpen, onOpen, onReachInvoices, onPaid, onBlocked }: Props) {
  const [slot] = useState(() => new ConfirmerSlot());
  const [input] = useState<PaymentInput>(() => ({
    invoices: invoices.map((i) => ({ id: i.id, balanceCents: i.balanceCents, payNowCents: i.payNowCents })),
    methodType,
    cardTypes,
    resume: resumableOf(openPayment, invoices),
  }));
  const resume = input.resume;
  const [initial] = useState<EarlyPayment>(() => ({ draft: initialPaymentContext(input), payPressed: false }));

  const latestOnBlocked = useRef(onBlocked);
  useEffect(() => {
    latestOnBlocked.current = onBlocked;
  }, [onBlocked]);
  // Until the machine runs, the form shows its starting state with the patient's edits applied by the
  // machine's own editing functions, and the hook keeps every event to hand it.
  const machine = useMachineWhenReached<PaymentEngine, PaymentEvent, EarlyPayment, PaymentActor>({
    code: paymentCode,
    initial,
    answer: (early, event) => {
      if (event.type === "pay.submit") return { ...early, payPressed: true };
      return isPaymentEdit(event) ? { ...early, draft: { ...early.draft, ...editPayment(early.draft, event) } } : early;
    },
    start(engine, early) {
      const actor = engine.createPaymentActor(input, { slot, attemptKey, forgetAttempt, onBlocked: () => latestOnBlocked.current() });
      actor.start();
      // The card fields' first report is among these: their effect (a child's) ran earlier in this
      // commit, with the checks that came in the same module. Pay goes last, once, as the patient meant it.
      for (const event of early) if (event.type !== "pay.submit") actor.send(event);
      if (early.some((event) => event.type === "pay.submit")) actor.send({ type: "pay.submit" });
      return actor;
    },
  });
  const { send } = machine;

  const state: PaymentState = machine.snapshot ?? { context: machine.early.draft, matches: () => false };
  const ctx = state.context;
  const paying = state.matches("paying");
  const hasInvoices = invoices.length > 0;
  const method = ctx.method;
  const formDisabled = method !== "card" || !hasInvoices;
  const amount = amountOf(ctx);
  const amountCents = "cents" in amount ? amount.cents : 0;
  const fee = feeOf(ctx, amountCents);
  // Its intent went out with this card type, and a card tried on it may still be charged: the type is
  // shown, not offered (decisions/395). While paying, the select stays, held by the fieldset.
  const typeFixed = !!ctx.fixed && !ctx.fixed.cardTypeOpen && !paying;
  const cardChoice = { chosen: ctx.cardTypes[ctx.cardTypeIndex], all: ctx.cardTypes, locked: typeFixed };
  // An open payment nothing can charge, whose invoices changed: a new payment lets it go (decisions/395).
  const setAside = !!openPayment && !resume && !openPayment.charged && openPayment.atRest;
  const ids = { choice: useId(), hint: useId() };

  // A success reaches the page once, and its attempt's key is done with.
  const succeeded = state.matches("succeeded");
  const result = ctx.result;
  useEffect(() => {
    if (!succeeded) return;
    forgetAttempt();
    const receipt = result?.kind === "succeeded" ? result.receipt : null;
    if (!receipt) return onPaid({ message: paymentTexts.succeeded });
    const reference = (id: string) => invoices.find((i) => i.id === id)?.reference || id;
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

  // The open payment's heading takes the focus when this tab's Pay was refused for it: the Pay
  // button pressed went with the form the page re-keyed.
  const openHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOpen) openHeading.current?.focus();
  }, [focusOpen]);
  const onCardChange = useCallback((card: { complete: boolean; error: string | null }) => send({ type: "card.change", ...card }), [send]);
  const rows = invoices.map((row) => {
    const allocation = ctx.allocations.find((a) => a.id === row.id);
    return { ...row, payNowCents: allocation?.payNowCents ?? row.payNowCents };
  });
  const checked = new Map(ctx.allocations.map((a) => [a.id, a.checked]));

  return (
    <div className="flex flex-col gap-6">
      <InvoiceTable caption={paymentTexts.pendingCaption} rows={rows} empty={paymentTexts.noPending} checked={checked} onOpen={onOpen} onReach={onReachInvoices} />

      {openPayment && !resume && !setAside ? (
        <OpenPaymentNotice open={openPayment} focusOnShow={focusOpen} onFinished={(message) => onPaid({ message })} onUnpaid={onBlocked} />
      ) : !hasInvoices ? (
        // Nothing owed: no payment form to fill in for $0.00 (issue 21), just the plain answer.
        <section aria-labelledby="pay-heading" className="flex flex-col gap-2 rounded bg-white p-4 shadow-sm">
          <h2 id="pay-heading" className="text-2xl font-bold">
            {paymentTexts.makePayment}
          </h2>
          <p>{paymentTexts.nothingOwed}</p>
        </section>
      ) : (
        <form
          noValidate
          aria-labelledby={resume ? "open-payment-heading" : "pay-heading"}
          className={`flex flex-col gap-4 rounded bg-white p-4 shadow-sm ${resume ? "border-l-8 border-danger" : ""}`}
          onPointerEnter={machine.reach}
          onFocus={machine.reach}
          onPointerDown={machine.reach}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: "pay.submit" });
          }}
        >
          {resume && openPayment ? (
            <>
              <h2 id="open-payment-heading" ref={openHeading} tabIndex={-1} className="text-2xl font-bold focus-visible:outline-2 focus-visible:outline-offset-2">
                {paymentTexts.openHeading}
              </h2>
              <p>{openPayment.declined ? paymentTexts.openDeclined(openPayment.amount, openPayment.started) : paymentTexts.openUnfinished(openPayment.amount, openPayment.started)}</p>
            </>
          ) : (
            <>
              <h2 id="pay-heading" ref={openHeading} tabIndex={-1} className="text-2xl font-bold focus-visible:outline-2 focus-visible:outline-offset-2">
                {paymentTexts.makePayment}
              </h2>
              {setAside ? <p>{paymentTexts.openSetAside(openPayment.amount, openPayment.started)}</p> : null}
            </>
          )}
          {method === "poli" ? <Alert tone="info">{paymentTexts.poli}</Alert> : null}
          {method === "paymentExpress" ? <Alert tone="info">{paymentTexts.paymentExpress}</Alert> : null}

          <fieldset disabled={formDisabled || paying} className={`flex flex-col gap-4 ${method !== "card" ? "opacity-50" : ""}`}>
            {resume ? null : (
              <fieldset className="flex flex-col gap-2">
                <legend id={ids.choice} className="mb-1 font-semibold">
                  {paymentTexts.howMuch}
                </legend>
                <label className="flex min-h-11 items-center gap-3">
                  <input type="radio" name="choice" className="size-5" checked={ctx.choice === 1} onChange={() => send({ type: "choice.select", choice: 1 })} />
                  {paymentTexts.payTotal(formatCents(totalBalanceCents(invoices)))}
                </label>
                <label className="flex min-h-11 items-center gap-3">
                  <input type="radio" name="choice" className="size-5" checked={ctx.choice === 2} onChange={() => send({ type: "choice.select", choice: 2 })} />
                  {paymentTexts.payOther}
                </label>
              </fieldset>
            )}
            {ctx.choice === 2 && !resume ? (
              <TextField
                label={paymentTexts.amountLabel}
                inputMode="decimal"
                value={ctx.amountText}
                onChange={(event) => send({ type: "amount.change", text: event.target.value })}
                error={ctx.submitted && "error" in amount ? amount.error : undefined}
                className="max-w-xs"
              />
            ) : null}

            {cardTypes.length > 0 && typeFixed ? (
              // The fee went to the card provider with this card type: the card must be its brand.
              <p>
                <span className="font-semibold">{paymentTexts.cardTypeAndFeeFixed}</span> {ctx.cardTypes[ctx.cardTypeIndex]?.label}
              </p>
            ) : cardTypes.length > 0 ? (
              <div className="flex max-w-md flex-col gap-1">
                <label htmlFor="card-type" className="font-semibold">
                  {paymentTexts.cardTypeAndFee}
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
                <Suspense fallback={<p role="status">{paymentTexts.loadingCardForm}</p>}>
                  <StripeCardFields publishableKey={provider.publishableKey} disabled={paying} showErrors={ctx.submitted} onChange={onCardChange} slot={slot} billing={billing} cardChoice={cardChoice} />
                </Suspense>
              ) : (
                <TestCardFields disabled={paying} showErrors={ctx.submitted} onChange={onCardChange} slot={slot} billing={billing} checks={machine.module?.testCardChecks ?? null} cardChoice={cardChoice} />
              )
            ) : null}

            <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt>{paymentTexts.amount}</dt>
              <dd>{formatCents(amountCents)}</dd>
              <dt>{paymentTexts.cardFee}</dt>
              <dd>{formatCents(fee)}</dd>
              <dt className="font-semibold">{paymentTexts.totalToCharge}</dt>
              <dd className="font-semibold">{formatCents(amountCents + fee)}</dd>
            </dl>
          </fieldset>

          {ctx.progress > 0 ? (
            <div className="flex flex-col gap-1">
              {/* A failure stops the bar where 1§4 puts it (100) but never as a full blue "done": it says it stopped. */}
              <span id="pay-progress-label">
                {paymentTexts.progress}
                {failure ? <span className="font-semibold">{paymentTexts.progressStopped}</span> : null}
              </span>
              <div
                role="progressbar"
                aria-labelledby="pay-progress-label"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={ctx.progress}
                aria-valuetext={failure ? paymentTexts.progressStoppedValue : paymentTexts.progressValue(ctx.progress)}
                className="h-3 w-full max-w-md overflow-hidden rounded bg-muted/30"
              >
                <div className={`h-full ${failure ? "bg-danger bg-[repeating-linear-gradient(135deg,transparent_0_6px,rgb(255_255_255/0.5)_6px_12px)]" : "bg-brand"}`} style={{ width: `${ctx.progress}%` }} />
              </div>
            </div>
          ) : null}

          {ctx.result?.kind === "failed" ? (
            <div ref={failureRef} tabIndex={-1}>
              <Alert title={ctx.result.charged ? paymentTexts.chargedTitle : ctx.result.uncertain ? paymentTexts.interruptedTitle : ctx.result.sessionEnded ? paymentTexts.sessionEndedTitle : paymentTexts.failedTitle}>
                <p>{ctx.result.message}</p>
                {ctx.fixed && !ctx.result.charged && !ctx.result.uncertain && !ctx.result.sessionEnded && state.matches("failed") ? <p className="mt-2">{paymentTexts.retryAnotherCard}</p> : null}
                {ctx.result.sessionEnded ? (
                  <p className="mt-2">
                    <SignInAgainLink />
                  </p>
                ) : null}
                {state.matches("failed") ? (
                  <div className="mt-3 flex flex-wrap gap-3">
                    <Button onClick={() => send({ type: "payment.retry" })}>{ctx.result.charged ? paymentTexts.retryRecording : paymentTexts.tryAgain}</Button>
                    {!ctx.result.charged && !ctx.fixed ? (
                      <Button variant="secondary" onClick={() => send({ type: "payment.dismiss" })}>
                        {paymentTexts.changePayment}
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </Alert>
            </div>
          ) : null}

          {machine.unavailable && machine.early.payPressed ? <Alert>{paymentTexts.formNotLoaded}</Alert> : null}

          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              busy={paying}
              disabled={!hasInvoices || method !== "card" || state.matches("failed")}
              aria-describedby={!hasInvoices ? ids.hint : undefined}
              title={!hasInvoices ? paymentTexts.nothingToPay : undefined}
            >
              {paying ? paymentTexts.paying : paymentTexts.pay}
            </Button>
            {!hasInvoices ? (
              <span id={ids.hint} className="text-muted">
                {paymentTexts.nothingToPay}
              </span>
            ) : null}
          </div>
        </form>
      )}
    </div>
  );
}
