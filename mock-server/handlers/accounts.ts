import { invoicePdf } from "../documents/invoice-pdf";
import { HttpError } from "../http";
import { practiceAddressText } from "../../fixtures/builders/practice";
import { invoiceResource } from "../resources/accounts";
import { pagedBundle, practiceOf, withToken } from "./helpers";
import { mockArea, type AreaRoutes } from "../area";
import { getScenario } from "../../fixtures/scenarios/index";
import { isoOf } from "../clock";
import { clientSecretFor, PaymentStore, type TempPayment } from "../payment-store";
import type { WorldCore } from "../world-core";

/** Payments made in this world (a reset forgets them with the rest). */
function stores() {
  return { payments: new PaymentStore() };
}

type World = WorldCore & ReturnType<typeof stores>;

/** Invoices and their PDFs (1§7). The wrapper has already checked the patient id against the token. */
const invoiceRoutes = {
  paymentNotice: withToken(({ world, query }) => {
    const all = world.store.invoice.findMany({ where: { patientId: { equals: query.PatientID } }, orderBy: { position: "asc" } });
    const listed = query.TransactionTypeID === "1" ? all.filter((i) => i.balanceCents > 0) : all;
    return pagedBundle(listed, query, invoiceResource);
  }),

  invoicePdf: withToken(async ({ world, query }) => {
    const invoice = world.store.invoice.findFirst({ where: { id: { equals: query.InvoiceTransactionID } } });
    if (!invoice || invoice.patientId !== query.PatientID) throw new HttpError(404, { error: `No invoice ${query.InvoiceTransactionID} for this patient` });
    const patient = world.store.patient.findFirst({ where: { id: { equals: invoice.patientId } }, strict: true });
    const practice = practiceOf(world);
    const bytes = await invoicePdf({
      practice: { name: practice.name, address: practiceAddressText(practice), phone: practice.phone },
      patient: { name: [patient.title, ...patient.given, patient.family].join(" "), nhi: patient.nhi },
      invoice,
    });
    return { PDFFileName: Buffer.from(bytes).toString("base64") };
  }),
} satisfies AreaRoutes<World>;

/**
 * The test cards of the built-in provider (issue 6), Stripe's own numbers: Visa 4242 4242 4242 4242 and
 * Mastercard 5555 5555 5555 4444 succeed (a card of another brand after a declined one, decisions/395),
 * as does any other complete number; these two are refused.
 */
const DECLINED = "4000000000000002";
const INSUFFICIENT = "4000000000009995";

const paymentRoutes = {
  saveTempPayment: withToken(({ world, query, body }) => {
    const payments = world.payments;
    // A practice built to the spec reads no IdempotencyKey (decisions/372): every call is a new payment.
    const key = world.practice === "spec" ? null : query.IdempotencyKey;
    const earlier = key === null ? undefined : payments.tempByKey.get(key);
    // Once its intent is charged, a key's payment is fixed: the same key gets the same id, nothing changes.
    if (earlier !== undefined && key !== null && chargedKey(world, key)) return earlier;
    const allocations: Array<{ invoiceId: string; cents: number }> = [];
    for (const line of body) {
      const invoice = world.store.invoice.findFirst({ where: { id: { equals: line.InvoiceID } } });
      const cents = Math.round(line.PayNow * 100);
      // An unknown invoice, another patient's, or more than its balance: the practice refuses.
      if (!invoice || invoice.patientId !== query.PatientID || cents <= 0 || cents > invoice.balanceCents) return -1;
      // A line must restate the invoice as the practice holds it (1§3's client row): its amount,
      // balance and notes; a line that disagrees was read from an old or altered list.
      if (Math.round(line.Amount * 100) !== invoice.amountCents || Math.round(line.Balance * 100) !== invoice.balanceCents || line.Notes !== invoice.notes) return -1;
      allocations.push({ invoiceId: invoice.id, cents });
    }
    const amountCents = Math.round(query.amount * 100);
    if (allocations.reduce((s, a) => s + a.cents, 0) !== amountCents) return -1;
    // Before any charge, the same key may restate the payment (a refresh, another amount): same id.
    const id = earlier ?? payments.nextPaymentId();
    payments.temps.set(id, { id, patientId: query.PatientID, key, allocations, amountCents, feeCents: Math.round(query.cardCharges * 100), recorded: false });
    if (key !== null) payments.tempByKey.set(key, id);
    return id;
  }),

  createPaymentIntent: withToken(({ world, body }) => {
    const payments = world.payments;
    if (world.practice === "spec") {
      // No IdempotencyKey is read (decisions/372): every call is a new intent.
      const { id, secret } = clientSecretFor(world, `spec-intent-${payments.intents.size + 1}`);
      payments.intents.set(secret, { id, clientSecret: secret, key: null, amountCents: body.amount, status: "requires_payment_method" });
      return { clientSecret: secret };
    }
    const existing = payments.intentByKey.get(body.IdempotencyKey);
    if (existing) {
      const intent = payments.intents.get(existing)!;
      // An unconfirmed intent may change its amount, as a card provider allows. A charged one is
      // final: the same key gets the same intent back, whatever amount is asked now, so the caller
      // goes on to record the payment that was made rather than being locked out of it.
      if (intent.status === "requires_payment_method") intent.amountCents = body.amount;
      return { clientSecret: intent.clientSecret };
    }
    const { id, secret } = clientSecretFor(world, body.IdempotencyKey);
    payments.intents.set(secret, { id, clientSecret: secret, key: body.IdempotencyKey, amountCents: body.amount, status: "requires_payment_method" });
    payments.intentByKey.set(body.IdempotencyKey, secret);
    return { clientSecret: secret };
  }),

  confirmCardPayment: withToken(({ world, body }) => {
    const payments = world.payments;
    const intent = payments.intents.get(body.clientSecret);
    if (!intent) return { error: { code: "intent_not_found" as const, message: "This payment was not started." } };
    // Confirming a payment that succeeded already answers the same and charges nothing more.
    if (intent.status === "succeeded") return { status: "succeeded" as const, paymentIntentId: intent.id };
    const declineAll = getScenario(world.scenarioId)?.practice.cardPayments === "decline-all";
    if (declineAll || body.cardNumber === DECLINED) return { error: { code: "card_declined" as const, message: "Your card was declined." } };
    if (body.cardNumber === INSUFFICIENT) return { error: { code: "insufficient_funds" as const, message: "Your card has insufficient funds." } };
    const [month, year] = body.expiry.split("/").map(Number);
    // A card is valid to the end of its expiry month, by the world's clock.
    const now = world.clock.now();
    if (2000 + year < now.year || (2000 + year === now.year && month < now.month)) {
      return { error: { code: "expired_card" as const, message: "Your card has expired." } };
    }
    intent.status = "succeeded";
    payments.charges.push({ intentId: intent.id, amountCents: intent.amountCents, at: isoOf(world.clock.nowMs()) });
    return { status: "succeeded" as const, paymentIntentId: intent.id };
  }),

  savePayment: withToken(({ world, query }) => {
    const payments = world.payments;
    const temp = payments.temps.get(query.electronicPaymentID);
    if (!temp || temp.patientId !== query.PatientID) return false;
    if (temp.recorded) return true;
    // A practice built to the spec links the temporary payment to no intent (1§7 passes nothing between
    // them), so it records the payment it is named, trusting, as the spec's own product did. Ours
    // records only a payment charged in full, its amount and card fee.
    if (world.practice !== "spec" && !chargedInFull(world, temp)) return false;
    for (const a of temp.allocations) {
      const invoice = world.store.invoice.findFirst({ where: { id: { equals: a.invoiceId } }, strict: true });
      const balanceCents = Math.max(0, invoice.balanceCents - a.cents);
      world.store.invoice.update({ where: { id: { equals: invoice.id } }, data: { balanceCents, payNowCents: balanceCents } });
    }
    temp.recorded = true;
    return true;
  }),
} satisfies AreaRoutes<World>;

function chargedInFull(world: World, temp: TempPayment): boolean {
  const intentSecret = temp.key === null ? undefined : world.payments.intentByKey.get(temp.key);
  const intent = intentSecret ? world.payments.intents.get(intentSecret) : undefined;
  return intent !== undefined && intent.status === "succeeded" && intent.amountCents === temp.amountCents + temp.feeCents;
}

function chargedKey(world: World, key: string): boolean {
  const payments = world.payments;
  const secret = payments.intentByKey.get(key);
  return secret !== undefined && payments.intents.get(secret)?.status === "succeeded";
}

/** The account balance: the sum of the pending invoices' balances, in dollars. */
export function balanceOf(world: WorldCore, patientId: string): number {
  const cents = world.store.invoice.findMany({ where: { patientId: { equals: patientId } } }).reduce((sum, i) => sum + Math.max(0, i.balanceCents), 0);
  return cents / 100;
}

/** The area as the mock lists it (mock-server/areas.ts, decisions/359): invoices and card payments. */
export const accountsArea = mockArea({ stores, routes: { ...invoiceRoutes, ...paymentRoutes } });
