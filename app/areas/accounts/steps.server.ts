import { allocationsPayable } from "./allocation";
import { errorsTexts } from "~/lib/texts/errors";
import { paymentTexts } from "./texts";
import { feeCents } from "~/lib/money";
import { centsAsAmountText } from "./payment-amount";
import { paymentAmountSchema, parseCardTypes, testCardErrors } from "./payment-forms";
import type { CardProviderChoice, InvoiceTableRow } from "~/lib/accounts-view";
import { cardProvider } from "./card-provider.server";
import { config } from "~/.server/config.server";
import { atRest, paymentAttempts, practiceKey, practiceKeyOf, type PaymentAttempt, type PaymentAttempts } from "./payment-attempts.server";
import { confirmTestCard, createPaymentIntent, getInvoices, savePayment, saveTempPayment } from "~/.server/practice/accounts.server";
import { getPracticeSettings } from "~/.server/practice/patient.server";
import { recordAccessOf } from "~/.server/record-access.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";
import { rowOf } from "~/.server/invoice-rows.server";
import { refuse, stepDispatcher, type StepHandlers } from "~/.server/steps.server";
import { refusalWords } from "./card-refusal";
import { paySteps, type SaveTempInputSchema } from "./steps";
import type { z } from "zod";
import { observability } from "~/.server/observability.server";
import { paymentRefusalTexts } from "~/areas/accounts/refusal-texts";
import { attemptOwner } from "./page.server";

/**
 * /accounts/pay: every step of a payment, made by the payment machine's actors through the step
 * protocol (`./steps.ts`, decisions/280). Invoices and payments are the account holder's (parentid, 1§6).
 */

/** What a payment step needs beyond the request; tests give their own (sessions, attempts, provider). */
export interface PayDeps {
  requireSession: (request: Request) => Promise<SignedIn>;
  attempts: PaymentAttempts;
  provider: () => CardProviderChoice;
  /** The create-payment-intent function's own address (1§7), when it has one. */
  paymentIntentUrl: string | undefined;
  now: () => number;
}

const portalDeps: PayDeps = { requireSession, attempts: paymentAttempts, provider: cardProvider, paymentIntentUrl: config.PAYMENT_INTENT_URL, now: Date.now };

/** A payment the practice recorded is a change in the access record (decisions/274). */
const recordPayment = (request: Request) => recordAccessOf(request, { area: "accounts", action: "change" });

/** What every payment step is given: the session, the request it came with, and what the steps use. */
interface PayStepContext {
  signedIn: SignedIn;
  request: Request;
  deps: PayDeps;
}

/** The payment's steps. The practice API honours the attempt's idempotency key (decisions/031). */
const payHandlers: StepHandlers<typeof paySteps, PayStepContext> = {
  "save-temp": async (step, { signedIn: { api, user }, deps: { attempts } }) => {
    const holder = user.parentId;
    const owner = attemptOwner(user);
    const earlier = await attempts.attemptOf(owner, step.key);
    // Let go because its invoices changed (decisions/395): the page is read again, to pay them as they stand.
    if (earlier?.closed === "not-charged") return { outcome: "blocked", message: paymentRefusalTexts.invoicesChanged };
    if (earlier?.closed) return refuse(paymentRefusalTexts.keySpent);
    if (earlier && earlier.intentAt !== undefined) {
      // Once its intent is out the card may be charged at any moment: the amount is fixed, and a replay
      // with another amount is refused rather than reported as that amount paid. Another card type (and
      // so another total) is taken only while nothing can charge the intent (decisions/395).
      const recarding = !earlier.charged && earlier.cardChoice?.chosen !== undefined && step.cardType !== earlier.cardChoice.chosen.label;
      if (recarding ? earlier.amountCents !== step.amountCents : earlier.chargeCents !== step.amountCents + step.feeCents) return refuse(paymentRefusalTexts.amountFixed);
      // A charged attempt is final: paying again with its key records it and charges nothing more.
      if (earlier.charged) return { outcome: "saved", paymentId: earlier.tempId };
      // Paying it again (another card after a refusal, after a reload, from another session) goes on to
      // that same intent, which the card provider charges at most once. Nothing is saved at the practice
      // again: a practice that reads no idempotency key, as 1§7's does not, would start a second payment
      // (decisions/374).
      const pending = (await getInvoices(api, holder, "pending")).resources.map(rowOf);
      // Invoices settled elsewhere since (at the desk) leave less owing than it pays: nothing is charged
      // for them. The page is read again: at rest, the payment is let go at the next Pay and the invoices
      // are paid as they stand; otherwise its card may have been charged, and the practice is asked (decisions/395).
      if (!payableNow(earlier, pending)) return { outcome: "blocked", message: atRest(earlier) ? paymentRefusalTexts.invoicesChanged : paymentRefusalTexts.invoicesChangedUnsure };
      const claim = await attempts.claim(owner, step.key);
      if (!claim.ok) {
        observability().payments.inc({ event: "blocked" });
        return { outcome: "blocked", message: paymentRefusalTexts.openElsewhere };
      }
      if (recarding) return recard(step, earlier, pending, { api, user }, attempts);
      return { outcome: "saved", paymentId: earlier.tempId };
    }
    // The lines against the practice's own pending invoices: each once, none beyond its balance.
    const pending = (await getInvoices(api, holder, "pending")).resources.map(rowOf);
    if (!allocationsPayable(step.allocations, pending)) return refuse(paymentTexts.notStarted);
    const total = step.allocations.reduce((sum, a) => sum + a.payNowCents, 0);
    if (total !== step.amountCents) return refuse(paymentTexts.notStarted);
    // The amount rule of the form, again as the authority, over what the allocations add up to.
    if (!paymentAmountSchema({ totalCents: total }).safeParse(centsAsAmountText(step.amountCents)).success) return refuse(paymentTexts.notStarted);
    // The fee is the practice's, for the card type chosen: the browser's figure is only checked against it.
    const settings = await getPracticeSettings(api, holder);
    const cardTypes = parseCardTypes(settings.PaymentCardTypes);
    const cardType = cardTypes.find((t) => t.label === step.cardType);
    if (cardTypes.length > 0 && !cardType) return refuse(paymentTexts.notStarted);
    const fee = cardType ? feeCents(step.amountCents, cardType.feeBasisPoints) : 0;
    if (fee !== step.feeCents) return refuse(paymentTexts.notStarted);
    // One open attempt per account holder: another that may have charged must be finished first. One
    // at rest that can no longer be paid as it stands (its invoices changed) is let go (decisions/395).
    let claim = await attempts.claim(owner, step.key);
    if (!claim.ok && atRest(claim.open) && !payableNow(claim.open, pending) && (await attempts.letGo(owner, claim.open.key))) claim = await attempts.claim(owner, step.key);
    if (!claim.ok) {
      observability().payments.inc({ event: "blocked" });
      return { outcome: "blocked", message: paymentRefusalTexts.openElsewhere };
    }
    // Only the lines' ids and amounts are the browser's; each invoice's figures are the practice's own.
    const tempId = await saveTempPayment(api, holder, {
      key: practiceKey(owner, step.key),
      cardType: step.cardType,
      amountCents: step.amountCents,
      feeCents: step.feeCents,
      allocations: step.allocations.map((a) => ({ id: a.id, payNowCents: a.payNowCents })),
      invoices: pending,
    });
    if (tempId > 0) {
      await attempts.remember(owner, step.key, { tempId, amountCents: step.amountCents, chargeCents: step.amountCents + fee, cardChoice: { chosen: cardType, all: cardTypes } });
      observability().payments.inc({ event: "started" });
    }
    return { outcome: "saved", paymentId: tempId };
  },
  intent: async (step, { signedIn: { api, user }, deps }) => {
    const { attempts } = deps;
    const owner = attemptOwner(user);
    const attempt = await attempts.attemptOf(owner, step.key);
    if (!attempt || attempt.closed) return refuse(paymentTexts.notStarted);
    if (!(await attempts.markIntent(owner, step.key, deps.now()))) return refuse(paymentRefusalTexts.replaced);
    // One intent per attempt: paying again confirms the intent already made, never a second one.
    let clientSecret = attempt.clientSecret;
    if (!clientSecret) {
      const reply = await createPaymentIntent(api, { key: practiceKeyOf(owner, step.key, attempt), amountCents: attempt.chargeCents }, deps.paymentIntentUrl);
      if (!("clientSecret" in reply)) return refuse(reply.error);
      clientSecret = await attempts.intentMade(owner, step.key, reply.clientSecret, attempt.recarded);
      if (!clientSecret) return refuse(paymentTexts.notStarted);
    }
    // Stripe confirms in the browser, unseen: each secret handed out may charge the intent until its
    // browser says the card was refused, and until then its card type stays (decisions/395).
    if (deps.provider().kind === "stripe" && !(await attempts.confirmationOut(owner, step.key, clientSecret))) return refuse(paymentTexts.notStarted);
    return clientSecret;
  },
  confirm: async (step, { signedIn: { api, user }, deps }) => {
    const { attempts } = deps;
    const owner = attemptOwner(user);
    // With Stripe the card is confirmed in the browser: the portal confirms none itself.
    if (deps.provider().kind !== "test") return refuse(paymentTexts.notStarted, { status: 400 });
    const errors = testCardErrors(step);
    if (Object.keys(errors).length > 0) return refuse(Object.values(errors)[0]!, { fields: errors });
    // Only an intent this portal created for this account holder is confirmed.
    const attempt = await attempts.bySecret(owner, step.clientSecret);
    if (!attempt || attempt.closed) return refuse(paymentTexts.notStarted);
    // The fee was the chosen card type's: a card of another brand is refused before the provider
    // sees it (issue 36). Nothing can charge the intent then, so its card type may change (decisions/395).
    const brandErrors = testCardErrors(step, new Date(), attempt.cardChoice);
    if (brandErrors.cardNumber) return refuse(brandErrors.cardNumber, { fields: { cardNumber: brandErrors.cardNumber } });
    // Counted while it is at the practice (decisions/395): its card type cannot change under it. Not
    // counted: the intent is no longer the attempt's (its card type changed meanwhile).
    if (!(await attempts.confirmationOut(owner, attempt.key, step.clientSecret))) return refuse(paymentTexts.notStarted);
    const reply = await confirmTestCard(api, {
      clientSecret: step.clientSecret,
      cardNumber: step.cardNumber.replace(/[\s-]/g, ""),
      expiry: step.expiry.replace(/\s/g, ""),
      cvc: step.cvc.trim(),
      billingName: user.parentName ?? "",
      email: user.username,
    });
    if (!("status" in reply)) {
      // This card was refused. The attempt stays open: another confirmation of its intent may be on
      // its way, and the patient pays it with another card through the same intent (decisions/374).
      await attempts.confirmationRefused(owner, attempt.key);
      return refuse(refusalWords(reply.error) ?? reply.error.message);
    }
    await attempts.update(owner, attempt.key, { charged: true, declined: false });
    return reply.paymentIntentId;
  },
  declined: async (step, { signedIn: { user }, deps }) => {
    const { attempts } = deps;
    const owner = attemptOwner(user);
    // The browser says Stripe refused the card. Its word moves no money and frees nothing (issue 36):
    // the attempt stays open to be paid through the same intent; the page only says "declined" of it,
    // and the secret it was handed is no longer counted as able to charge (decisions/395).
    // The test provider's refusals are the portal's own to note (the confirm step).
    const attempt = await attempts.attemptOf(owner, step.key);
    if (!attempt || attempt.closed || attempt.charged || deps.provider().kind !== "stripe") return false;
    return attempts.confirmationRefused(owner, step.key);
  },
  record: async (step, { signedIn: { api, user }, request, deps: { attempts, provider } }) => {
    const owner = attemptOwner(user);
    const attempt = await attempts.attemptOf(owner, step.key);
    if (!attempt) return refuse(paymentTexts.notStarted);
    // The test provider's confirmations are the portal's own: one it did not see succeed is not put to
    // the practice, which (as 1§7 describes SavePayment) may record whatever it is asked to. Stripe's
    // happen in the browser, unseen: the practice's SavePayment is the authority on those.
    if (provider().kind === "test" && !attempt.charged && !attempt.closed) return refuse(paymentTexts.notStarted);
    // Let go, not charged (decisions/395): never put to the practice, which may record whatever it is asked to.
    if (attempt.closed === "not-charged") return refuse(paymentTexts.notStarted);
    const outcome = await recordWithPractice(request, { api, user }, attempts, step.key, attempt);
    return outcome === "recorded" ? true : outcome === "unknown" ? "unknown" : false;
  },
  finish: async (step, { signedIn: { api, user }, request, deps: { attempts } }) => {
    const owner = attemptOwner(user);
    const attempt = await attempts.attemptOf(owner, step.key);
    if (!attempt) return refuse(paymentTexts.notStarted);
    if (attempt.closed) return attempt.closed === "recorded" ? "recorded" : "unpaid";
    // Not seen charged: it is not put to the practice (which may record whatever it is asked to, 1§7),
    // but paid with a card through its own intent, which finds out: a charged intent is not charged
    // again, and the provider says it succeeded (decisions/374).
    if (!attempt.charged) return "unpaid";
    const outcome = await recordWithPractice(request, { api, user }, attempts, step.key, attempt);
    // Not recorded, or an answer that says neither: the charge stays open to be recorded.
    return outcome === "recorded" ? "recorded" : "pending";
  },
};

/**
 * Whether an open payment can still be paid as it stands: as much is owing as it pays to the invoices.
 * (Attempts kept before the amount was, a day at most, cannot be: the page does not offer them either.)
 */
function payableNow(attempt: PaymentAttempt, pending: readonly InvoiceTableRow[]): boolean {
  return attempt.amountCents !== undefined && pending.reduce((sum, row) => sum + row.balanceCents, 0) >= attempt.amountCents;
}

/** A card of another brand for a payment whose intent nothing can charge: saved again for the new card type and fee under a key of its own (decisions/395). */
async function recard(step: z.output<typeof SaveTempInputSchema>, earlier: PaymentAttempt, pending: InvoiceTableRow[], { api, user }: Pick<SignedIn, "api" | "user">, attempts: PaymentAttempts) {
  const kept = paymentRefusalTexts.cardTypeFixed(earlier.cardChoice?.chosen?.label ?? "");
  if (!atRest(earlier)) return refuse(kept);
  // The fee is the practice's for the new card type, and the lines its pending invoices, as for a new payment.
  const cardTypes = parseCardTypes((await getPracticeSettings(api, user.parentId)).PaymentCardTypes);
  const cardType = cardTypes.find((t) => t.label === step.cardType);
  if (!cardType || feeCents(step.amountCents, cardType.feeBasisPoints) !== step.feeCents) return refuse(paymentTexts.notStarted);
  if (!allocationsPayable(step.allocations, pending) || step.allocations.reduce((sum, a) => sum + a.payNowCents, 0) !== step.amountCents) return refuse(paymentTexts.notStarted);
  const owner = attemptOwner(user);
  const cardChoice = { chosen: cardType, all: cardTypes };
  const tempId = await saveTempPayment(api, user.parentId, {
    key: practiceKeyOf(owner, step.key, { recarded: (earlier.recarded ?? 0) + 1, cardChoice }),
    cardType: cardType.label,
    amountCents: step.amountCents,
    feeCents: step.feeCents,
    allocations: step.allocations.map((a) => ({ id: a.id, payNowCents: a.payNowCents })),
    invoices: pending,
  });
  if (tempId <= 0) return { outcome: "saved" as const, paymentId: tempId };
  // A confirmation of the old intent went out meanwhile, or another change came first: this one is never used.
  if (!(await attempts.recard(owner, step.key, earlier, { tempId, chargeCents: step.amountCents + step.feeCents, cardChoice }))) return refuse(kept);
  return { outcome: "saved" as const, paymentId: tempId };
}

/**
 * Asks the practice to record an attempt's payment. Recorded, not recorded, or an answer that says
 * neither (decisions/240): only the first closes the attempt, and it is a change in the access record;
 * the others keep it open for the recording to be asked again, the third counted as left open.
 */
async function recordWithPractice(request: Request, { api, user }: Pick<SignedIn, "api" | "user">, attempts: PaymentAttempts, key: string, attempt: PaymentAttempt) {
  const outcome = await savePayment(api, user.parentId, attempt.tempId);
  if (outcome === "recorded") {
    await attempts.close(attemptOwner(user), key);
    recordPayment(request);
  } else if (outcome === "unknown") observability().payments.inc({ event: "left_open" });
  return outcome;
}

/**
 * /accounts/pay's action: the payment machine's steps (decisions/280). A practice that could not answer
 * is the step's `failed` failure; for a card confirmation that timed out or failed on the way back it
 * means the card may have been charged, so the browser keeps the attempt's key and paying again cannot
 * charge a second time.
 */
export function answerPaySteps(request: Request, deps: PayDeps = portalDeps): Promise<Response> {
  return stepDispatcher(paySteps, payHandlers, {
    begin: async (request) => ({ signedIn: await deps.requireSession(request), request, deps }),
    failed: () => errorsTexts.practiceUnavailable,
  })(request);
}
