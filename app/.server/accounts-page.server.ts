import { data } from "react-router";
import { allocationsPayable } from "../lib/allocation";
import { formatDate } from "../lib/dates";
import { messages } from "../lib/messages";
import { feeCents, toCents } from "../lib/money";
import { centsAsAmountText, paymentAmountSchema } from "../lib/payment-amount";
import { PayStepSchema, parseCardTypes, testCardErrors } from "../lib/payment-forms";
import type { CardProviderChoice, InvoiceTableRow } from "../lib/accounts-view";
import type { PayReply } from "../lib/payment-steps";
import { cardProvider } from "./card-provider.server";
import { config } from "./config.server";
import { paymentAttempts, type PaymentAttempts } from "./payment-attempts.server";
import { confirmTestCard, createPaymentIntent, getInvoicePdf, getInvoices, savePayment, saveTempPayment } from "./practice/accounts.server";
import { PracticeApiError } from "./practice/client.server";
import { practiceErrorResponse } from "./practice/errors.server";
import { getPracticeSettings } from "./practice/patient.server";
import { requireSession, type SignedIn } from "./session.server";
import type { Invoice } from "../../contract/accounts";
import { requestForm } from "./request-form.server";

/**
 * What /accounts loads and does. Invoices and payments are the account holder's (parentid, 1§6).
 * Every step of a payment is a POST to /accounts/pay, made by the payment machine's actors.
 */

function rowOf(invoice: Invoice): InvoiceTableRow {
  const e = invoice.extension;
  return {
    id: invoice.id,
    date: formatDate(e.date),
    notes: e.notes,
    type: e.type,
    reference: e.reference,
    amountCents: toCents(e.amount) ?? 0,
    balanceCents: toCents(e.balance) ?? 0,
    payNowCents: toCents(e.payNow) ?? 0,
  };
}

export async function loadAccountsPage(request: Request) {
  const { api, user } = await requireSession(request);
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const [pending, all, settings] = await Promise.all([
    getInvoices(api, user.parentId, "pending").catch(practiceErrorResponse),
    getInvoices(api, user.parentId, "all", page).catch(practiceErrorResponse),
    getPracticeSettings(api, user.parentId).catch(practiceErrorResponse),
  ]);
  return {
    pending: pending.resources.map(rowOf),
    all: { rows: all.resources.map(rowOf), total: all.total ?? all.resources.length, page },
    methodType: settings.PaymentMethodType?.trim() || "2",
    cardTypes: parseCardTypes(settings.PaymentCardTypes),
    provider: cardProvider(),
    billing: { name: user.parentName ?? "", email: user.username },
  };
}

export type { PayReply };

/** What a payment step needs beyond the request; tests give their own (sessions, attempts, provider). */
export interface PayDeps {
  requireSession: (request: Request) => Promise<SignedIn>;
  attempts: PaymentAttempts;
  provider: () => CardProviderChoice;
  /** The create-payment-intent function's own address (1§7), when it has one. */
  paymentIntentUrl: string | undefined;
}

const portalPayDeps: PayDeps = { requireSession, attempts: paymentAttempts, provider: cardProvider, paymentIntentUrl: config.PAYMENT_INTENT_URL };

/** One step of a payment. The practice API honours the attempt's idempotency key (decisions/031). */
export async function payAction(request: Request, deps: PayDeps = portalPayDeps): Promise<PayReply> {
  const { attempts } = deps;
  const { api, user } = await deps.requireSession(request);
  const parsed = PayStepSchema.safeParse(Object.fromEntries(await requestForm(request)));
  if (!parsed.success) throw data({ message: "Invalid payment step" }, { status: 400 });
  const step = parsed.data;
  const holder = user.parentId;
  try {
    switch (step.step) {
      case "save-temp": {
        const earlier = await attempts.attemptOf(holder, step.key);
        // A charged attempt is final: paying again with its key records it and charges nothing more.
        if (earlier?.charged) return { ok: true, value: earlier.tempId };
        // The lines against the practice's own pending invoices: each once, none beyond its balance.
        const pending = await getInvoices(api, holder, "pending");
        if (!allocationsPayable(step.allocations, pending.resources.map(rowOf))) return { ok: false, message: messages.payment.notStarted };
        const total = step.allocations.reduce((sum, a) => sum + a.payNowCents, 0);
        if (total !== step.amountCents) return { ok: false, message: messages.payment.notStarted };
        // The amount rule of the form, again as the authority, over what the allocations add up to.
        if (!paymentAmountSchema({ totalCents: total }).safeParse(centsAsAmountText(step.amountCents)).success) return { ok: false, message: messages.payment.notStarted };
        // The fee is the practice's, for the card type chosen: the browser's figure is only checked against it.
        const settings = await getPracticeSettings(api, holder);
        const cardTypes = parseCardTypes(settings.PaymentCardTypes);
        const cardType = cardTypes.find((t) => t.label === step.cardType);
        if (cardTypes.length > 0 && !cardType) return { ok: false, message: messages.payment.notStarted };
        const fee = cardType ? feeCents(step.amountCents, cardType.feeBasisPoints) : 0;
        if (fee !== step.feeCents) return { ok: false, message: messages.payment.notStarted };
        const tempId = await saveTempPayment(api, holder, step);
        if (tempId > 0) await attempts.remember(holder, step.key, { tempId, chargeCents: step.amountCents + fee, charged: false });
        return { ok: true, value: tempId };
      }
      case "intent": {
        const attempt = await attempts.attemptOf(holder, step.key);
        if (!attempt) return { ok: false, message: messages.payment.notStarted };
        const reply = await createPaymentIntent(api, { key: step.key, amountCents: attempt.chargeCents }, deps.paymentIntentUrl);
        if (!("clientSecret" in reply)) return { ok: false, message: reply.error };
        await attempts.update(holder, step.key, { clientSecret: reply.clientSecret });
        return { ok: true, value: reply.clientSecret };
      }
      case "confirm": {
        if (deps.provider().kind !== "test") throw data({ message: "Cards are confirmed by the card provider" }, { status: 400 });
        const errors = testCardErrors(step);
        if (Object.keys(errors).length > 0) return { ok: false, message: Object.values(errors)[0]!, fieldErrors: errors };
        // Only an intent this portal created for this account holder is confirmed.
        const attempt = await attempts.bySecret(holder, step.clientSecret);
        if (!attempt) return { ok: false, message: messages.payment.notStarted };
        const reply = await confirmTestCard(api, {
          clientSecret: step.clientSecret,
          cardNumber: step.cardNumber.replace(/[\s-]/g, ""),
          expiry: step.expiry.replace(/\s/g, ""),
          cvc: step.cvc.trim(),
          billingName: user.parentName ?? "",
          email: user.username,
        });
        if (!("status" in reply)) return { ok: false, message: reply.error.message };
        await attempts.update(holder, attempt.key, { charged: true });
        return { ok: true, value: reply.paymentIntentId };
      }
      case "record": {
        const attempt = await attempts.attemptOf(holder, step.key);
        if (!attempt) return { ok: false, message: messages.payment.notStarted };
        return { ok: true, value: await savePayment(api, holder, attempt.tempId) };
      }
    }
  } catch (error) {
    // A confirmation that timed out or failed on the way back may have charged: the browser must keep
    // the attempt's key, so paying again cannot charge a second time.
    if (error instanceof PracticeApiError) return { ok: false, message: messages.errors.practiceUnavailable, uncertain: step.step === "confirm" };
    throw error;
  }
}

/** The invoice's PDF, from the practice's base64, as a same-origin document for the viewer. */
export async function invoicePdfResponse(request: Request, invoiceId: string): Promise<Response> {
  const { api, user } = await requireSession(request);
  try {
    const reply = await getInvoicePdf(api, user.parentId, invoiceId);
    return new Response(Buffer.from(reply.PDFFileName, "base64"), {
      headers: { "Content-Type": "application/pdf", "Cache-Control": "no-store", "Content-Disposition": `inline; filename="invoice-${invoiceId.replace(/[^\w-]/g, "")}.pdf"` },
    });
  } catch (error) {
    if (error instanceof PracticeApiError) return new Response(messages.payment.pdfFailed, { status: error.kind === "forbidden" ? 403 : 502, headers: { "Content-Type": "text/plain" } });
    throw error;
  }
}
