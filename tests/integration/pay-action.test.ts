import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assign, createActor, fromPromise } from "xstate";
import { waitForState } from "../helpers/wait-for-state";
import { attemptOwner } from "~/areas/accounts/page.server";
import { answerPaySteps, type PayDeps } from "~/areas/accounts/steps.server";
import { loadConfig } from "~/.server/config.server";
import { PaymentAttempts } from "~/areas/accounts/payment-attempts.server";
import { confirmTestCard, createPaymentIntent, getInvoices, savePayment, saveTempPayment } from "~/.server/practice/accounts.server";
import { createSessions } from "~/.server/session.server";
import type { CardProviderChoice } from "~/lib/accounts-view";
import { paymentTexts } from "~/areas/accounts/texts";
import { paymentOutcomeTexts } from "~/areas/accounts/outcome-texts";
import { RefusedError } from "~/areas/accounts/card-refusal";
import { STEP_HEADER } from "~/lib/step-errors";
import { callStep, type StepEnvelope, type StepReply } from "~/lib/steps";
import { paySteps } from "~/areas/accounts/steps";
import { parseCardTypes } from "~/areas/accounts/payment-forms";
import { getPracticeSettings } from "~/.server/practice/patient.server";
import { paymentMachine } from "~/areas/accounts/payment.machine";
import { feeCents, feeRateBasisPoints, toCents } from "~/lib/money";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";
import { paymentRefusalTexts } from "~/areas/accounts/refusal-texts";
import { cardTexts } from "~/areas/accounts/card-texts";

/**
 * The payment action (/accounts/pay) against the mock over HTTP, with its own sessions and attempts:
 * what it takes from the browser, what it takes from its own record and the practice, and how it
 * behaves when a step is repeated.
 */
const mock = useMockServer();
const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
let world: TestWorld;

beforeAll(async () => {
  world = await mock.createWorld({ seed: 31 });
});

/** A step's answer as the tests read it: the protocol's envelope around the declared replies. */
type PayEnvelope<N extends keyof typeof paySteps.steps = keyof typeof paySteps.steps> = StepEnvelope<StepReply<typeof paySteps, N>>;

interface Payer {
  /**
   * Posts one step as the browser's `callStep` does and gives its envelope. The input is the test's
   * own (a tampered browser may post what the declaration does not take).
   */
  post<N extends keyof typeof paySteps.steps>(name: N, input: Record<string, unknown>): Promise<PayEnvelope<N>>;
  /** The browser's fetch for `callStep`, to this payer's dispatcher with its session cookie. */
  fetch: typeof fetch;
  attempts: PaymentAttempts;
  invoices: Array<{ id: string; balanceCents: number }>;
  /** The holder's practice session, to play what a card provider in the browser does unseen by the portal. */
  practice: PortalSession;
  feeBasisPoints: number;
  /** Whose attempts the portal keeps them as. */
  owner: string;
  /** The ids of the holder's pending invoices, as the practice has them now. */
  pendingIds(): Promise<string[]>;
}

/** The portal's clock for the payment steps, moved on by the tests that wait out the quiet time. */
const clock = { now: Date.now() };

/**
 * solo, signed in to the portal with a session cookie of its own, paying through a fresh set of
 * attempts, or the attempts of another payer (another tab or session of the same portal).
 */
async function payer(attempts = new PaymentAttempts(), options: { label?: string; provider?: CardProviderChoice } = {}): Promise<Payer> {
  const label = options.label ?? "solo";
  const { practice: s, cookie } = await signedInToPortal(sessions, world, label, { name: label });
  const provider = options.provider ?? { kind: "test" };
  const deps: PayDeps = { requireSession: sessions.openSession, attempts, provider: () => provider, paymentIntentUrl: undefined, now: () => clock.now };
  const pending = await getInvoices(s.api, s.id, "pending");
  const fetchStep: typeof fetch = (url, init) => answerPaySteps(new Request(new URL(String(url), "http://portal.test"), { ...init, headers: { ...(init?.headers as Record<string, string>), Cookie: cookie } }), deps);
  return {
    attempts,
    practice: s,
    invoices: pending.resources.map((r) => ({ id: r.id, balanceCents: toCents(r.extension.balance)! })),
    feeBasisPoints: feeRateBasisPoints("Visa - 2.5%")!,
    owner: attemptOwner({ apiBase: s.apiBase, parentId: s.id }),
    pendingIds: async () => (await getInvoices(s.api, s.id, "pending")).resources.map((r) => r.id),
    post: async (name, input) => (await (await fetchStep(paySteps.url, { method: "POST", body: new URLSearchParams({ step: name, input: JSON.stringify(input) }), headers: { [STEP_HEADER]: "1" } })).json()) as never,
    fetch: fetchStep,
  };
}

let keys = 0;
const newKey = () => `key-pay-action-${++keys}-${Date.now()}`;

/** The save-temp step as the payment panel posts it, paying the first invoice in full. */
function saveTemp(p: Payer, key: string, change: Record<string, unknown> = {}) {
  const invoice = p.invoices[0];
  const amount = invoice.balanceCents;
  return p.post("save-temp", {
    key,
    cardType: "Visa - 2.5%",
    amountCents: amount,
    feeCents: feeCents(amount, p.feeBasisPoints),
    allocations: [{ id: invoice.id, payNowCents: amount }],
    ...change,
  });
}

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

/**
 * The payment machine whose actors post each step through the payment action, as the payment form's
 * do (payment-engine.ts, the browser's own step client); `fields` is the card in the form's fields when it confirms.
 */
function machineThroughTheAction(p: Payer, fields: () => typeof card) {
  return paymentMachine.provide({
    actors: {
      saveTempPayment: fromPromise(async ({ input }) => {
        const reply = await callStep(paySteps, "save-temp", { key: input.key, cardType: input.cardType, amountCents: input.amountCents, feeCents: input.feeCents, allocations: input.allocations.map((a) => ({ id: a.id, payNowCents: a.payNowCents })) }, { fetch: p.fetch });
        if (reply.outcome === "blocked") throw new RefusedError(reply.message);
        return reply.paymentId;
      }),
      createPaymentIntent: fromPromise(({ input }) => callStep(paySteps, "intent", { key: input.key }, { fetch: p.fetch })),
      confirmCard: fromPromise(async ({ input }) => {
        await callStep(paySteps, "confirm", { clientSecret: input.clientSecret, ...fields() }, { fetch: p.fetch });
      }),
      savePayment: fromPromise(({ input }) => callStep(paySteps, "record", { key: input.key }, { fetch: p.fetch })),
    },
    actions: { mintKey: assign({ key: () => newKey() }) },
  });
}

/** A start the portal made: SaveTempPayment saved it. */
const started = { ok: true, reply: { outcome: "saved" } } as const;
/** A start refused because another attempt holds the account's payment open: the page shows its notice. */
const blocked = { ok: true, reply: { outcome: "blocked", message: paymentRefusalTexts.openElsewhere } };
/** SaveTempPayment's electronic payment id, when the start was saved. */
const paymentIdOf = (envelope: PayEnvelope<"save-temp">) => (envelope.ok && envelope.reply.outcome === "saved" ? envelope.reply.paymentId : undefined);
/** A rule's "no": nothing was charged by it. */
const refusal = (message: string) => ({ ok: false, failure: { kind: "refused", message } });

/** A payment started and taken up to its payment intent: the client secret. */
async function startPayment(p: Payer, key: string): Promise<string> {
  expect(await saveTemp(p, key)).toMatchObject(started);
  const intent = await p.post("intent", { key });
  if (!intent.ok) throw new Error(intent.failure.message);
  return String(intent.reply);
}

async function payInFull(p: Payer, key: string) {
  const temp = await saveTemp(p, key);
  expect(temp).toMatchObject(started);
  const intent = await p.post("intent", { key });
  if (!intent.ok) throw new Error(intent.failure.message);
  const confirmed = await p.post("confirm", { clientSecret: String(intent.reply), ...card });
  expect(confirmed).toMatchObject({ ok: true });
  return { temp, intent, confirmed, recorded: await p.post("record", { key }) };
}

describe("the payment action", () => {
  it("refuses a card fee that is not the practice's, before any practice call saves the payment", async () => {
    const p = await payer();
    await world.clearRequests();
    expect(await saveTemp(p, newKey(), { feeCents: 0 })).toEqual(refusal(paymentTexts.notStarted));
    expect(await world.requests({ path: "patient/SaveTempPayment" })).toEqual([]);
  });

  it("refuses an amount that is not what the allocations come to", async () => {
    const p = await payer();
    await world.clearRequests();
    const amount = p.invoices[0].balanceCents;
    expect(await saveTemp(p, newKey(), { amountCents: amount - 100, feeCents: feeCents(amount - 100, p.feeBasisPoints) })).toEqual(refusal(paymentTexts.notStarted));
    expect(await world.requests({ path: "patient/SaveTempPayment" })).toEqual([]);
  });

  it.each([
    ["one invoice twice, for double its balance", (p: Payer) => [p.invoices[0], p.invoices[0]].map((i) => ({ id: i.id, payNowCents: i.balanceCents }))],
    ["an invoice that is not pending", (p: Payer) => [{ id: `${p.invoices[0].id}9`, payNowCents: 100 }]],
    ["more than an invoice's balance", (p: Payer) => [{ id: p.invoices[0].id, payNowCents: p.invoices[0].balanceCents + 100 }]],
  ])("refuses lines paying %s, before any practice call saves the payment", async (_what, lines) => {
    const p = await payer();
    await world.clearRequests();
    const allocations = lines(p);
    const amount = allocations.reduce((sum, a) => sum + a.payNowCents, 0);
    const result = await saveTemp(p, newKey(), { amountCents: amount, feeCents: feeCents(amount, p.feeBasisPoints), allocations });
    expect(result).toEqual(refusal(paymentTexts.notStarted));
    expect(await world.requests({ path: "patient/SaveTempPayment" })).toEqual([]);
  });

  it("creates the payment intent for the amount and fee it recorded, whatever the browser sends later", async () => {
    const p = await payer();
    const key = newKey();
    const amount = p.invoices[0].balanceCents;
    const charge = amount + feeCents(amount, p.feeBasisPoints);
    expect(await saveTemp(p, key)).toMatchObject(started);
    await world.clearRequests();
    // A tampered intent step: extra amount fields are not read; the portal's record is.
    const intent = await p.post("intent", { key, amountCents: "1", amount: "1", feeCents: "0" });
    expect(intent).toMatchObject({ ok: true });
    const [sent] = await world.requests({ path: "payments/create-payment-intent" });
    expect(sent.body).toMatchObject({ amount: charge });
    await world.clearRequests();
    expect(await p.post("confirm", { clientSecret: String(intent.ok && intent.reply), ...card })).toMatchObject({ ok: true });
    const charges = await world.charges();
    expect(charges.at(-1)?.amountCents).toBe(charge);
  });

  it("an intent for a key the portal never saved is refused without a practice call", async () => {
    const p = await payer();
    await world.clearRequests();
    expect(await p.post("intent", { key: newKey() })).toEqual(refusal(paymentTexts.notStarted));
    expect(await world.requests({ path: "payments/create-payment-intent" })).toEqual([]);
  });

  it("paying again with a recorded key saves nothing new and charges nothing more", async () => {
    const p = await payer();
    const key = newKey();
    const before = (await world.charges()).length;
    const first = await payInFull(p, key);
    expect(first.recorded).toEqual({ ok: true, reply: true });
    expect(await world.charges()).toHaveLength(before + 1);
    await world.clearRequests();
    // Its payment is finished: the key cannot start another, nor be reported as paid again.
    const again = await saveTemp(p, key);
    expect(again).toEqual(refusal(paymentRefusalTexts.keySpent));
    expect(await world.requests({ path: "patient/SaveTempPayment" })).toEqual([]);
    expect(await world.charges()).toHaveLength(before + 1);
  });

  it("two confirmations of one step posted together both reach the practice at once, and the card is charged once", async () => {
    const p = await payer();
    const key = newKey();
    expect(await saveTemp(p, key)).toMatchObject(started);
    const intent = await p.post("intent", { key });
    if (!intent.ok) throw new Error(intent.failure.message);
    const before = (await world.charges()).length;
    const delayMs = 800;
    await world.fault({ path: "payments/confirm-card", delayMs, times: 2 });
    await world.clearRequests();
    const sentAt = Date.now();
    const both = await Promise.all([1, 2].map(() => p.post("confirm", { clientSecret: String(intent.reply), ...card })));
    const elapsed = Date.now() - sentAt;
    expect(both).toEqual([
      { ok: true, reply: expect.any(String) },
      { ok: true, reply: expect.any(String) },
    ]);
    expect(both[0]).toEqual(both[1]);
    // Both went to the practice; had the portal queued them, the two delays would add up.
    expect(await world.requests({ path: "payments/confirm-card" })).toHaveLength(2);
    expect(elapsed).toBeLessThan(2 * delayMs);
    expect(await world.charges()).toHaveLength(before + 1);
  });

  it("a step with no session goes to /login", async () => {
    const attempts = new PaymentAttempts();
    const request = new Request("http://portal.test/accounts/pay", { method: "POST", body: new URLSearchParams({ step: "intent", input: JSON.stringify({ key: newKey() }) }) });
    const thrown = await answerPaySteps(request, { requireSession: sessions.openSession, attempts, provider: () => ({ kind: "test" }), paymentIntentUrl: undefined, now: Date.now }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Faccounts%2Fpay");
  });
});

// Against our mock and a practice as 1§7 describes it, which reads no idempotency key and records
// whatever SavePayment names (decisions/372, 374): the same payments, the same single charge.
describe.each(["mock", "spec"] as const)("one open payment per account holder (issue 20), at the %s practice", (practice) => {
  // Each test pays invoices for good: a world of its own keeps solo's pending invoices for the next.
  beforeEach(async () => {
    world = await mock.createWorld({ seed: 32, practice });
  });

  const declinedCard = { ...card, cardNumber: "4000 0000 0000 0002" };

  async function charges() {
    return (await world.charges()).length;
  }

  it("ten payments of one invoice started together, each with its own key and session: one charge, the others refused before the card", async () => {
    const shared = new PaymentAttempts();
    const payers = await Promise.all(Array.from({ length: 10 }, () => payer(shared)));
    const before = await charges();
    await world.clearRequests();
    const outcomes = await Promise.all(
      payers.map(async (p) => {
        const key = newKey();
        const temp = await saveTemp(p, key);
        if (!temp.ok) return temp.failure.message;
        if (temp.reply.outcome === "blocked") return temp.reply.message;
        const intent = await p.post("intent", { key });
        if (!intent.ok) return intent.failure.message;
        const confirmed = await p.post("confirm", { clientSecret: String(intent.reply), ...card });
        if (!confirmed.ok) return confirmed.failure.message;
        const recorded = await p.post("record", { key });
        return recorded.ok && recorded.reply === true ? "paid" : "not recorded";
      }),
    );
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
    for (const refused of outcomes.filter((o) => o !== "paid")) expect([paymentRefusalTexts.openElsewhere, paymentRefusalTexts.replaced]).toContain(refused);
    expect(await charges()).toBe(before + 1);
    expect(await world.requests({ path: "payments/confirm-card" })).toHaveLength(1);
  });

  it("a charged payment the practice failed to record blocks a new one from another session until it is finished, and is then recorded once", async () => {
    const shared = new PaymentAttempts();
    const [tab, other] = [await payer(shared), await payer(shared)];
    const key = newKey();
    expect(await saveTemp(tab, key)).toMatchObject(started);
    const intent = await tab.post("intent", { key });
    if (!intent.ok) throw new Error(intent.failure.message);
    expect(await tab.post("confirm", { clientSecret: String(intent.reply), ...card })).toMatchObject({ ok: true });
    await world.fault({ path: "patient/SavePayment", status: 503, times: 1 });
    expect(await tab.post("record", { key })).toMatchObject({ ok: false });
    const before = await charges();

    await world.clearRequests();
    expect(await saveTemp(other, newKey())).toEqual(blocked);
    expect(await world.requests({ path: "patient/SaveTempPayment" })).toEqual([]);
    expect(await shared.openAttempt(other.owner)).toMatchObject({ key, charged: true });

    expect(await other.post("finish", { key })).toEqual({ ok: true, reply: "recorded" });
    expect(await charges()).toBe(before);
    expect(await shared.openAttempt(other.owner)).toBeUndefined();
    const pending = await other.pendingIds();
    expect(pending).not.toContain(tab.invoices[0].id);
    // Finished: the account may pay again.
    if (pending.length > 0) expect(await saveTemp(await payer(shared), newKey())).toMatchObject(started);
  });

  it("a card confirmation whose reply was lost: another tab is refused, and finishing records the charge the practice made", async () => {
    const shared = new PaymentAttempts();
    const [tab, other] = [await payer(shared), await payer(shared)];
    const key = newKey();
    const temp = await saveTemp(tab, key);
    expect(temp).toMatchObject(started);
    const intent = await tab.post("intent", { key });
    if (!intent.ok) throw new Error(intent.failure.message);
    const before = await charges();
    await world.fault({ path: "payments/confirm-card", body: "lost-reply", times: 1 });
    expect(await tab.post("confirm", { clientSecret: String(intent.reply), ...card })).toMatchObject({ ok: false, failure: { kind: "failed" } });
    expect(await charges()).toBe(before + 1);

    expect(await saveTemp(other, newKey())).toMatchObject(blocked);
    expect(await shared.openAttempt(other.owner)).toMatchObject({ key, charged: false });
    // Not seen charged: it is not put to the practice (which may record whatever it is asked to), but
    // paid through its own intent, which the provider answers "succeeded" without charging again.
    await world.clearRequests();
    expect(await other.post("finish", { key })).toEqual({ ok: true, reply: "unpaid" });
    expect(await world.requests({ path: "patient/SavePayment" })).toEqual([]);
    expect(await saveTemp(other, key)).toEqual(temp);
    expect(await other.post("intent", { key })).toEqual(intent);
    expect(await other.post("confirm", { clientSecret: String(intent.reply), ...card })).toMatchObject({ ok: true });
    expect(await other.post("record", { key })).toEqual({ ok: true, reply: true });
    expect(await charges()).toBe(before + 1);
    expect(await world.requests({ path: "patient/SaveTempPayment" })).toEqual([]);
    expect(await world.requests({ path: "payments/create-payment-intent" })).toEqual([]);
  });

  it("an attempt whose intent went out but never reached the card stays open: another session pays it through that intent, and nothing is saved or created at the practice again", async () => {
    const shared = new PaymentAttempts();
    const [tab, other] = [await payer(shared), await payer(shared)];
    const key = newKey();
    const temp = await saveTemp(tab, key);
    expect(temp).toMatchObject(started);
    const intent = await tab.post("intent", { key });
    if (!intent.ok) throw new Error(intent.failure.message);
    expect(await saveTemp(other, newKey())).toMatchObject(blocked);
    // However long it stays quiet (the portal's clock a day on): an intent out can be charged by
    // whoever holds its secret, so it is never let go for want of news.
    clock.now += 24 * 60 * 60 * 1000;
    try {
      expect(await other.post("finish", { key })).toEqual({ ok: true, reply: "unpaid" });
      expect(await saveTemp(other, newKey())).toMatchObject(blocked);
      await world.clearRequests();
      expect(await saveTemp(other, key)).toEqual(temp);
      expect(await other.post("intent", { key })).toEqual(intent);
      expect(await other.post("confirm", { clientSecret: String(intent.reply), ...card })).toMatchObject({ ok: true });
      expect(await other.post("record", { key })).toEqual({ ok: true, reply: true });
      // A practice that reads no idempotency key (1§7's) would have started a second payment.
      expect(await world.requests({ path: "patient/SaveTempPayment" })).toEqual([]);
      expect(await world.requests({ path: "payments/create-payment-intent" })).toEqual([]);
      expect(await charges()).toBe(1);
    } finally {
      clock.now -= 24 * 60 * 60 * 1000;
    }
  });

  it("a declined card: no new payment starts, but the same one is paid at once with another card through the same intent, from this tab or another session, and charged once", async () => {
    const shared = new PaymentAttempts();
    const [tab, other] = [await payer(shared), await payer(shared)];
    const key = newKey();
    expect(await saveTemp(tab, key)).toMatchObject(started);
    const intent = await tab.post("intent", { key });
    if (!intent.ok) throw new Error(intent.failure.message);
    expect(await tab.post("confirm", { clientSecret: String(intent.reply), ...declinedCard })).toEqual(refusal("Your card was declined."));
    expect(await shared.openAttempt(other.owner)).toMatchObject({ key, charged: false, declined: true });
    expect(await saveTemp(other, newKey())).toMatchObject(blocked);
    // Another session (the patient after a reload or another visit) pays it; the first tab's second
    // card, sent at the same moment, meets the same intent.
    expect(await saveTemp(other, key)).toMatchObject(started);
    const outcomes = await Promise.all([other.post("confirm", { clientSecret: String(intent.reply), ...card }), tab.post("confirm", { clientSecret: String(intent.reply), ...card })]);
    expect(outcomes).toEqual([expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })]);
    expect(await other.post("record", { key })).toEqual({ ok: true, reply: true });
    expect(await tab.post("record", { key })).toEqual({ ok: true, reply: true });
    expect(await charges()).toBe(1);
    expect((await world.requests({ path: "patient/SavePayment" })).filter((r) => r.status === 200)).toHaveLength(2);
    expect(await shared.openAttempt(other.owner)).toBeUndefined();
    expect(await other.pendingIds()).not.toContain(tab.invoices[0].id);
    // The first tab's Try again, once the payment is complete, is told so and charges nothing.
    expect(await saveTemp(tab, key)).toEqual(refusal(paymentRefusalTexts.keySpent));
    expect(await charges()).toBe(1);
  });

  it("a card with insufficient funds is refused with the card provider's own words, and nothing is charged", async () => {
    const p = await payer();
    const clientSecret = await startPayment(p, newKey());
    const poorCard = { ...card, cardNumber: "4000 0000 0000 9995" };
    expect(await p.post("confirm", { clientSecret, ...poorCard })).toEqual(refusal(expect.stringMatching(/insufficient funds/i)));
    expect(await charges()).toBe(0);
    expect(await world.requests({ path: "patient/SavePayment" })).toEqual([]);
  });

  it("a declined payment paid again once its invoices were settled elsewhere (less owing than it pays) is refused before any card", async () => {
    const p = await payer(new PaymentAttempts());
    const key = newKey();
    expect(await p.post("confirm", { clientSecret: await startPayment(p, key), ...declinedCard })).toMatchObject({ ok: false });
    // The practice now lists nothing pending (paid at the desk meanwhile).
    await world.fault({ path: "Patient/PaymentNotice", answer: [], times: 1 });
    // The page reads them again (decisions/395): nothing can charge this payment, so it says so.
    expect(await saveTemp(p, key)).toEqual({ ok: true, reply: { outcome: "blocked", message: paymentRefusalTexts.invoicesChanged } });
    // Still owing, it goes on: the refusal was the practice's list, not the key.
    expect(await saveTemp(p, key)).toMatchObject(started);
    expect(await charges()).toBe(0);
  });

  it("Stripe's refusal in the browser is noted for the page's words and frees nothing; the same intent is then paid once", async () => {
    const shared = new PaymentAttempts();
    const stripe: CardProviderChoice = { kind: "stripe", publishableKey: "pk_test_portal" };
    const [tab, other] = [await payer(shared, { provider: stripe }), await payer(shared, { provider: stripe })];
    const key = newKey();
    expect(await saveTemp(tab, key)).toMatchObject(started);
    const intent = await tab.post("intent", { key });
    if (!intent.ok) throw new Error(intent.failure.message);
    await world.clearRequests();
    expect(await tab.post("declined", { key })).toEqual({ ok: true, reply: true });
    expect(await shared.openAttempt(other.owner)).toMatchObject({ key, declined: true, charged: false });
    expect(await saveTemp(other, newKey())).toMatchObject(blocked);
    // Stripe.js confirms with the provider directly: the mock's confirmation plays that part.
    expect(await confirmTestCard(other.practice.api, { clientSecret: String(intent.reply), cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", billingName: "Solo", email: "solo@demo.nz" })).toMatchObject({ status: "succeeded" });
    expect(await other.post("record", { key })).toEqual({ ok: true, reply: true });
    // A charged attempt, once recorded, is done whatever the browser says after.
    expect(await tab.post("declined", { key })).toEqual({ ok: true, reply: false });
    expect(await charges()).toBe(1);
    expect(await shared.openAttempt(other.owner)).toBeUndefined();
  });

  it("a key replayed with another amount once its intent is out is refused, never reported as paid", async () => {
    const p = await payer();
    const key = newKey();
    expect(await saveTemp(p, key)).toMatchObject(started);
    expect(await p.post("intent", { key })).toMatchObject({ ok: true });
    const invoice = p.invoices[0];
    const less = invoice.balanceCents - 100;
    await world.clearRequests();
    const replay = await saveTemp(p, key, {
      amountCents: less,
      feeCents: feeCents(less, p.feeBasisPoints),
      allocations: [{ id: invoice.id, payNowCents: less }],
    });
    expect(replay).toEqual(refusal(paymentRefusalTexts.amountFixed));
    expect(await world.requests({ path: "patient/SaveTempPayment" })).toEqual([]);
    // The same amount is the same attempt, and goes on.
    expect(await saveTemp(p, key)).toMatchObject(started);
  });
});

describe.each(["mock", "spec"] as const)("an attempt moves on only from the card provider's own answer (issue 36), at the %s practice", (practice) => {
  beforeEach(async () => {
    world = await mock.createWorld({ seed: 36, practice });
  });

  const stripe: CardProviderChoice = { kind: "stripe", publishableKey: "pk_test_portal" };

  /** Recorded payments: SavePayment calls the practice answered true. */
  async function recordings() {
    const saved = await world.requests({ path: "patient/SavePayment" });
    return saved.filter((entry) => entry.status === 200);
  }

  it("a declined step posted while the card confirmation is at the practice closes nothing: a second payment is blocked, and the card is charged once", async () => {
    const shared = new PaymentAttempts();
    const [tab, other] = [await payer(shared), await payer(shared)];
    const key = newKey();
    const secret = await startPayment(tab, key);
    const held = await world.hold({ path: "payments/confirm-card", times: 1 });
    const confirming = tab.post("confirm", { clientSecret: secret, ...card });
    await held.arrived();

    // The browser says the card was declined while the portal's own confirmation is still out.
    expect(await tab.post("declined", { key })).toEqual({ ok: true, reply: false });
    expect(await shared.openAttempt(other.owner)).toMatchObject({ key });
    expect(await saveTemp(other, newKey())).toEqual(blocked);

    await held.release();
    expect(await confirming).toMatchObject({ ok: true });
    expect(await tab.post("record", { key })).toEqual({ ok: true, reply: true });
    expect(await world.charges()).toHaveLength(1);
    expect(await recordings()).toHaveLength(1);
    expect(await other.pendingIds()).not.toContain(tab.invoices[0].id);
  });

  it("a declined step posted before any confirmation leaves the attempt open, and its card can still be charged once", async () => {
    const shared = new PaymentAttempts();
    const [tab, other] = [await payer(shared), await payer(shared)];
    const key = newKey();
    const secret = await startPayment(tab, key);
    expect(await tab.post("declined", { key })).toEqual({ ok: true, reply: false });
    expect(await saveTemp(other, newKey())).toMatchObject(blocked);
    expect(await tab.post("confirm", { clientSecret: secret, ...card })).toMatchObject({ ok: true });
    expect(await tab.post("record", { key })).toEqual({ ok: true, reply: true });
    expect(await world.charges()).toHaveLength(1);
  });

  it("a declined step after a successful confirmation keeps the charged attempt until it is recorded", async () => {
    const shared = new PaymentAttempts();
    const [tab, other] = [await payer(shared), await payer(shared)];
    const key = newKey();
    const secret = await startPayment(tab, key);
    expect(await tab.post("confirm", { clientSecret: secret, ...card })).toMatchObject({ ok: true });
    expect(await tab.post("declined", { key })).toEqual({ ok: true, reply: false });
    expect(await shared.openAttempt(other.owner)).toMatchObject({ key, charged: true });
    expect(await saveTemp(other, newKey())).toMatchObject(blocked);
    expect(await other.post("finish", { key })).toEqual({ ok: true, reply: "recorded" });
    expect(await world.charges()).toHaveLength(1);
  });

  it("a declined step for another account holder's key changes nothing of theirs", async () => {
    const shared = new PaymentAttempts();
    const [solo, family] = [await payer(shared), await payer(shared, { label: "family" })];
    const key = newKey();
    await startPayment(solo, key);
    expect(await family.post("declined", { key })).toEqual({ ok: true, reply: false });
    expect(await shared.openAttempt(solo.owner)).toMatchObject({ key });
    expect(await saveTemp(await payer(shared), newKey())).toMatchObject(blocked);
  });

  it("a card declined while another confirmation of the same payment is at the practice: one charge in all, however the two end", async () => {
    const shared = new PaymentAttempts();
    const [tab, other] = [await payer(shared), await payer(shared)];
    const key = newKey();
    const secret = await startPayment(tab, key);
    const held = await world.hold({ path: "payments/confirm-card", times: 1 });
    const good = tab.post("confirm", { clientSecret: secret, ...card });
    await held.arrived();
    expect(await tab.post("confirm", { clientSecret: secret, ...card, cardNumber: "4000 0000 0000 0002" })).toMatchObject({ ok: false });

    // Whatever the portal did with the refusal, the account may not be charged twice for the invoice.
    const second = newKey();
    const otherStart = await saveTemp(other, second);
    if (otherStart.ok && otherStart.reply.outcome === "saved") {
      const intent = await other.post("intent", { key: second });
      if (intent.ok) await other.post("confirm", { clientSecret: String(intent.reply), ...card });
      await other.post("record", { key: second });
    }
    await held.release();
    const first = await good;
    if (first.ok) await tab.post("record", { key });
    expect(await world.charges()).toHaveLength(1);
    expect(await recordings()).toHaveLength(1);
  });

  describe("with Stripe, which confirms in the browser", () => {
    it("the browser's word that the card was declined, while its card form still holds the secret: no second payment starts, so a late confirmation charges once", async () => {
      const shared = new PaymentAttempts();
      const [tab, other] = [await payer(shared, { provider: stripe }), await payer(shared, { provider: stripe })];
      const key = newKey();
      const secret = await startPayment(tab, key);
      expect(await tab.post("declined", { key })).toEqual({ ok: true, reply: true });
      expect(await saveTemp(other, newKey())).toEqual(blocked);
      const late = await confirmTestCard(tab.practice.api, { clientSecret: secret, cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", billingName: "Solo", email: "solo@demo.nz" });
      expect(late).toMatchObject({ status: "succeeded" });
      expect(await tab.post("record", { key })).toEqual({ ok: true, reply: true });
      expect(await world.charges()).toHaveLength(1);
      expect(await recordings()).toHaveLength(1);
    });

    it("a declined step for an intent the provider has charged (in the browser, unseen by the portal): the attempt stays open, and paying it again charges nothing more", async () => {
      const shared = new PaymentAttempts();
      const [tab, other] = [await payer(shared, { provider: stripe }), await payer(shared, { provider: stripe })];
      const key = newKey();
      const secret = await startPayment(tab, key);
      // Stripe.js confirms with the provider directly: the mock's confirmation plays that part.
      expect(await confirmTestCard(tab.practice.api, { clientSecret: secret, cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", billingName: "Solo", email: "solo@demo.nz" })).toMatchObject({ status: "succeeded" });
      expect(await tab.post("declined", { key })).toEqual({ ok: true, reply: true });
      expect(await shared.openAttempt(other.owner)).toMatchObject({ key, charged: false });
      expect(await saveTemp(other, newKey())).toMatchObject(blocked);
      expect(await other.post("finish", { key })).toEqual({ ok: true, reply: "unpaid" });
      // Stripe.js in the other session confirms the same intent: the provider says it succeeded already.
      expect(await confirmTestCard(other.practice.api, { clientSecret: secret, cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", billingName: "Solo", email: "solo@demo.nz" })).toMatchObject({ status: "succeeded" });
      expect(await other.post("record", { key })).toEqual({ ok: true, reply: true });
      expect(await world.charges()).toHaveLength(1);
      expect(await recordings()).toHaveLength(1);
    });
  });
});

// Issue 68: after a refused card, a card of another brand pays under its own card type and fee, once,
// at our mock and at a practice as 1§7 describes it (no idempotency key read, SavePayment trusting).
describe.each(["mock", "spec"] as const)("a card of another brand after a declined one (decisions/395), at the %s practice", (practice) => {
  beforeEach(async () => {
    world = await mock.createWorld({ seed: 68, practice });
  });

  const stripe: CardProviderChoice = { kind: "stripe", publishableKey: "pk_test_portal" };
  const declinedVisa = { ...card, cardNumber: "4000 0000 0000 0002" };
  const brands = [
    { type: "Mastercard - 2.5%", card: { ...card, cardNumber: "5555 5555 5555 4444" } },
    { type: "American Express - 3.5%", card: { cardNumber: "3782 822463 10005", expiry: "12/40", cvc: "1234" } },
  ];

  /** The save-temp step for solo's first invoice in full under `cardType`, at its fee. */
  function saveTempAs(p: Payer, key: string, cardType: string) {
    const amount = p.invoices[0].balanceCents;
    return saveTemp(p, key, { cardType, feeCents: feeCents(amount, feeRateBasisPoints(cardType)!) });
  }

  /** SaveTempPayment's calls: the card type, the card fee and the payment's id as the practice numbered it. */
  async function tempPaymentsSaved() {
    return (await world.requests({ path: "patient/SaveTempPayment" })).map((entry) => ({ cardType: entry.query.CardType, cardCharges: Number(entry.query.cardCharges) }));
  }

  /** The payment ids SavePayment was asked to record. */
  async function recordingsAsked() {
    return (await world.requests({ path: "patient/SavePayment" })).map((entry) => Number(entry.query.electronicPaymentID));
  }

  async function secretOf(p: Payer, key: string) {
    const intent = await p.post("intent", { key });
    if (!intent.ok) throw new Error(intent.failure.message);
    return String(intent.reply);
  }

  it.each(brands)("a Visa declined, then a $type card: saved again for its card type and fee, charged once, and only the new payment recorded", async ({ type, card: other }) => {
    const shared = new PaymentAttempts();
    const p = await payer(shared);
    const key = newKey();
    const amount = p.invoices[0].balanceCents;
    const visaFee = feeCents(amount, p.feeBasisPoints);
    const fee = feeCents(amount, feeRateBasisPoints(type)!);
    await world.clearRequests();
    const first = await saveTemp(p, key);
    expect(first).toMatchObject(started);
    const visaSecret = await secretOf(p, key);
    expect(await p.post("confirm", { clientSecret: visaSecret, ...declinedVisa })).toEqual(refusal("Your card was declined."));

    // The same payment (its key), now under the other card type: saved again, with a payment id of its own.
    const again = await saveTempAs(p, key, type);
    expect(again).toMatchObject(started);
    expect(paymentIdOf(again)).not.toBe(paymentIdOf(first));
    const secret = await secretOf(p, key);
    expect(secret).not.toBe(visaSecret);
    // The Visa intent is no longer the payment's: a confirmation of it is refused before the practice.
    expect(await p.post("confirm", { clientSecret: visaSecret, ...card })).toEqual(refusal(paymentTexts.notStarted));
    expect(await p.post("confirm", { clientSecret: secret, ...other })).toMatchObject({ ok: true });
    expect(await p.post("record", { key })).toEqual({ ok: true, reply: true });
    // Recording it again, as a retry after a lost answer would, records nothing more; the key is spent.
    expect(await p.post("record", { key })).toEqual({ ok: true, reply: true });
    expect(await saveTempAs(p, key, type)).toEqual(refusal(paymentRefusalTexts.keySpent));

    expect((await world.charges()).map((c) => c.amountCents)).toEqual([amount + fee]);
    expect(await tempPaymentsSaved()).toEqual([
      { cardType: "Visa - 2.5%", cardCharges: visaFee / 100 },
      { cardType: type, cardCharges: fee / 100 },
    ]);
    expect(new Set(await recordingsAsked())).toEqual(new Set([paymentIdOf(again)]));
    expect(await p.pendingIds()).not.toContain(p.invoices[0].id);
    expect(await shared.openAttempt(p.owner)).toBeUndefined();
    if (practice === "mock") {
      // Our practice would not record the Visa payment either: its intent was never charged.
      expect(await savePayment(p.practice.api, p.practice.id, paymentIdOf(first)!)).toBe("not-recorded");
    }
  });

  it("the payment form's machine, through the payment action: a Visa declined, then Mastercard chosen and its card, Try again pays once, and the receipt is Mastercard's", async () => {
    const p = await payer(new PaymentAttempts());
    const invoice = p.invoices[0];
    const cardTypes = parseCardTypes((await getPracticeSettings(p.practice.api, p.practice.id)).PaymentCardTypes);
    // The card in the form's fields when the machine confirms, as the test card fields hand it over.
    let inTheFields = declinedVisa;
    const machine = machineThroughTheAction(p, () => inTheFields);
    const actor = createActor(machine, { input: { invoices: [{ id: invoice.id, balanceCents: invoice.balanceCents, payNowCents: invoice.balanceCents }], methodType: "2", cardTypes } }).start();
    actor.send({ type: "card.change", complete: true, error: null });
    actor.send({ type: "pay.submit" });
    const declined = await waitForState(actor, (s) => s.matches("failed"), { timeout: 10_000 });
    expect(declined.context.result).toMatchObject({ kind: "failed", charged: false, message: expect.stringContaining("Your card was declined.") });

    actor.send({ type: "cardType.select", index: cardTypes.findIndex((t) => t.label === "Mastercard - 2.5%") });
    inTheFields = brands[0].card;
    actor.send({ type: "payment.retry" });
    expect(actor.getSnapshot().matches("paying")).toBe(true);
    const paid = await waitForState(actor, (s) => s.matches("succeeded") || s.matches("failed"), { timeout: 10_000 });
    actor.stop();
    const fee = feeCents(invoice.balanceCents, 250);
    expect(paid.context.result).toMatchObject({ kind: "succeeded", receipt: { amountCents: invoice.balanceCents, feeCents: fee, cardType: "Mastercard - 2.5%" } });
    expect((await world.charges()).map((c) => c.amountCents)).toEqual([invoice.balanceCents + fee]);
    expect((await tempPaymentsSaved()).map((t) => t.cardType)).toEqual(["Visa - 2.5%", "Mastercard - 2.5%"]);
    expect(await recordingsAsked()).toEqual([paid.context.paymentId]);
    expect(await p.pendingIds()).not.toContain(invoice.id);
  });

  it("with Stripe: the browser's word that the Visa was declined frees the card type; a Mastercard then pays once through an intent of its own", async () => {
    const shared = new PaymentAttempts();
    const p = await payer(shared, { provider: stripe });
    const key = newKey();
    const amount = p.invoices[0].balanceCents;
    const first = await saveTemp(p, key);
    expect(first).toMatchObject(started);
    const visaSecret = await secretOf(p, key);
    // Before the browser says how its confirmation ended, the card type stays: it may still charge.
    expect(await saveTempAs(p, key, "Mastercard - 2.5%")).toEqual(refusal(paymentRefusalTexts.cardTypeFixed("Visa - 2.5%")));
    expect(await p.post("declined", { key })).toEqual({ ok: true, reply: true });
    const again = await saveTempAs(p, key, "Mastercard - 2.5%");
    expect(again).toMatchObject(started);
    const secret = await secretOf(p, key);
    expect(secret).not.toBe(visaSecret);
    // Stripe.js confirms with the provider directly: the mock's confirmation plays that part.
    expect(await confirmTestCard(p.practice.api, { clientSecret: secret, cardNumber: "5555555555554444", expiry: "12/40", cvc: "123", billingName: "Solo", email: "solo@demo.nz" })).toMatchObject({ status: "succeeded" });
    expect(await p.post("record", { key })).toEqual({ ok: true, reply: true });
    expect((await world.charges()).map((c) => c.amountCents)).toEqual([amount + feeCents(amount, 250)]);
    expect(new Set(await recordingsAsked())).toEqual(new Set([paymentIdOf(again)]));
    expect(await shared.openAttempt(p.owner)).toBeUndefined();
  });

  it("a card type asked for while a confirmation of the Visa intent is at the practice is refused: that confirmation charges, once, under Visa", async () => {
    const shared = new PaymentAttempts();
    const [tab, other] = [await payer(shared), await payer(shared)];
    const key = newKey();
    const amount = tab.invoices[0].balanceCents;
    expect(await saveTemp(tab, key)).toMatchObject(started);
    const secret = await secretOf(tab, key);
    expect(await tab.post("confirm", { clientSecret: secret, ...declinedVisa })).toMatchObject({ ok: false });
    const held = await world.hold({ path: "payments/confirm-card", times: 1 });
    const confirming = tab.post("confirm", { clientSecret: secret, ...card });
    await held.arrived();
    await world.clearRequests();
    expect(await saveTempAs(other, key, "Mastercard - 2.5%")).toEqual(refusal(paymentRefusalTexts.cardTypeFixed("Visa - 2.5%")));
    expect(await world.requests({ path: "patient/SaveTempPayment" })).toEqual([]);
    await held.release();
    expect(await confirming).toMatchObject({ ok: true });
    expect(await tab.post("record", { key })).toEqual({ ok: true, reply: true });
    expect((await world.charges()).map((c) => c.amountCents)).toEqual([amount + feeCents(amount, tab.feeBasisPoints)]);
  });

  it("a confirmation whose answer was lost keeps the card type: the payment is paid as Visa, once", async () => {
    const p = await payer(new PaymentAttempts());
    const key = newKey();
    expect(await saveTemp(p, key)).toMatchObject(started);
    const secret = await secretOf(p, key);
    await world.fault({ path: "payments/confirm-card", body: "lost-reply", times: 1 });
    expect(await p.post("confirm", { clientSecret: secret, ...card })).toMatchObject({ ok: false, failure: { kind: "failed" } });
    expect(await saveTempAs(p, key, "Mastercard - 2.5%")).toEqual(refusal(paymentRefusalTexts.cardTypeFixed("Visa - 2.5%")));
    expect(await saveTemp(p, key)).toMatchObject(started);
    expect(await p.post("confirm", { clientSecret: secret, ...card })).toMatchObject({ ok: true });
    expect(await p.post("record", { key })).toEqual({ ok: true, reply: true });
    expect(await world.charges()).toHaveLength(1);
  });
});

// Issue 68: a declined payment whose invoices were settled at the desk since is let go by the next Pay,
// which pays the invoices as they stand; one that may have charged is not.
describe("an open payment whose invoices changed (decisions/395)", () => {
  beforeEach(async () => {
    world = await mock.createWorld({ seed: 69 });
  });

  /** The save-temp step paying every pending invoice in full, Visa. */
  function saveTempOfAll(p: Payer, key: string, invoices = p.invoices) {
    const amount = invoices.reduce((sum, i) => sum + i.balanceCents, 0);
    return saveTemp(p, key, { amountCents: amount, feeCents: feeCents(amount, p.feeBasisPoints), allocations: invoices.map((i) => ({ id: i.id, payNowCents: i.balanceCents })) });
  }

  /** The practice records a payment of the first invoice taken at its desk (its own card terminal, the mock's provider). */
  async function paidAtTheDesk(p: Payer) {
    const s = p.practice;
    const [invoice] = (await getInvoices(s.api, s.id, "pending")).resources;
    const cents = toCents(invoice.extension.balance)!;
    const figures = { id: invoice.id, amountCents: toCents(invoice.extension.amount)!, balanceCents: cents, notes: invoice.extension.notes };
    const deskKey = `desk-${newKey()}`;
    const id = await saveTempPayment(s.api, s.id, { key: deskKey, cardType: "EFTPOS", amountCents: cents, feeCents: 0, allocations: [{ id: invoice.id, payNowCents: cents }], invoices: [figures] });
    const intent = await createPaymentIntent(s.api, { key: deskKey, amountCents: cents });
    if (!("clientSecret" in intent)) throw new Error(intent.error);
    await confirmTestCard(s.api, { clientSecret: intent.clientSecret, ...card, cardNumber: "4242424242424242", billingName: "", email: "" });
    expect(await savePayment(s.api, s.id, id)).toBe("recorded");
  }

  it("declined, then an invoice paid at the desk: the page is read again, the payment is let go by the next Pay, and the invoices left are paid once", async () => {
    const shared = new PaymentAttempts();
    const p = await payer(shared);
    const key = newKey();
    expect(await saveTempOfAll(p, key)).toMatchObject(started);
    const intent = await p.post("intent", { key });
    if (!intent.ok) throw new Error(intent.failure.message);
    expect(await p.post("confirm", { clientSecret: String(intent.reply), ...card, cardNumber: "4000 0000 0000 0002" })).toMatchObject({ ok: false });
    await paidAtTheDesk(p);
    const desk = await world.charges();

    // Paying it again: less is owing than it pays, so the page reads the invoices again.
    expect(await saveTempOfAll(p, key)).toEqual({ ok: true, reply: { outcome: "blocked", message: paymentRefusalTexts.invoicesChanged } });
    expect(await shared.openAttempt(p.owner)).toMatchObject({ key, charged: false, declined: true });
    // A new payment of the invoices as they stand lets it go, and pays.
    const left = await payer(shared);
    const fresh = newKey();
    expect(await saveTempOfAll(left, fresh)).toMatchObject(started);
    const secret = await left.post("intent", { key: fresh });
    if (!secret.ok) throw new Error(secret.failure.message);
    expect(await left.post("confirm", { clientSecret: String(secret.reply), ...card })).toMatchObject({ ok: true });
    expect(await left.post("record", { key: fresh })).toEqual({ ok: true, reply: true });
    expect(await left.pendingIds()).toEqual([]);
    expect((await world.charges()).slice(desk.length)).toHaveLength(1);

    // The payment let go is never confirmed, recorded or paid again.
    await world.clearRequests();
    expect(await p.post("confirm", { clientSecret: String(intent.reply), ...card })).toEqual(refusal(paymentTexts.notStarted));
    expect(await p.post("record", { key })).toEqual(refusal(paymentTexts.notStarted));
    expect(await p.post("finish", { key })).toEqual({ ok: true, reply: "unpaid" });
    expect(await saveTempOfAll(p, key)).toEqual({ ok: true, reply: { outcome: "blocked", message: paymentRefusalTexts.invoicesChanged } });
    expect(await world.requests({ path: "payments/confirm-card" })).toEqual([]);
    expect(await world.requests({ path: "patient/SavePayment" })).toEqual([]);
    expect((await world.charges()).slice(desk.length)).toHaveLength(1);
  });

  it("a confirmation whose answer was lost, then an invoice paid at the desk: not let go, and the patient is told to ask the practice", async () => {
    const shared = new PaymentAttempts();
    const p = await payer(shared);
    const key = newKey();
    expect(await saveTempOfAll(p, key)).toMatchObject(started);
    const intent = await p.post("intent", { key });
    if (!intent.ok) throw new Error(intent.failure.message);
    await world.fault({ path: "payments/confirm-card", body: "lost-reply", times: 1 });
    expect(await p.post("confirm", { clientSecret: String(intent.reply), ...card })).toMatchObject({ ok: false });
    await paidAtTheDesk(p);
    expect(await saveTempOfAll(p, key)).toEqual({ ok: true, reply: { outcome: "blocked", message: paymentRefusalTexts.invoicesChangedUnsure } });
    const left = await payer(shared);
    expect(await saveTempOfAll(left, newKey())).toEqual(blocked);
    expect(await shared.openAttempt(p.owner)).toMatchObject({ key, charged: false });
  });
});

describe("the idempotency key the practice sees (issue 36)", () => {
  beforeEach(async () => {
    world = await mock.createWorld({ seed: 37 });
  });

  const keysSent = async (path: string) => (await world.requests({ path })).map((entry) => (path === "patient/SaveTempPayment" ? (entry.query as { IdempotencyKey: string }).IdempotencyKey : (entry.body as { IdempotencyKey: string }).IdempotencyKey));

  it("is the holder's own: two holders posting one key reach the practice with two keys, neither of them the browser's, and a retry by the same holder sends the same one", async () => {
    const [solo, family] = [await payer(), await payer(new PaymentAttempts(), { label: "family" })];
    const key = newKey();
    await world.clearRequests();
    expect(await saveTemp(solo, key)).toMatchObject(started);
    // The same holder again with the same key before its intent: a refresh, or a retry after a lost reply.
    expect(await saveTemp(solo, key)).toMatchObject(started);
    expect(await saveTemp(family, key)).toMatchObject(started);
    for (const p of [solo, family]) expect(await p.post("intent", { key })).toMatchObject({ ok: true });
    // Once the intent is out, a retry saves and creates nothing again (decisions/374).
    expect(await saveTemp(solo, key)).toMatchObject(started);
    expect(await solo.post("intent", { key })).toMatchObject({ ok: true });

    const saved = await keysSent("patient/SaveTempPayment");
    const intents = await keysSent("payments/create-payment-intent");
    expect(saved).toHaveLength(3);
    expect(saved[1]).toBe(saved[0]);
    expect(saved[2]).not.toBe(saved[0]);
    expect(intents).toEqual([saved[0], saved[2]]);
    for (const sent of saved) {
      expect(sent).not.toContain(key);
      expect(sent).not.toContain(solo.practice.id);
    }
  });

  it("another holder replaying a charged key gets a payment of their own, not the first holder's", async () => {
    const [solo, family] = [await payer(), await payer(new PaymentAttempts(), { label: "family" })];
    const key = newKey();
    const paid = await payInFull(solo, key);
    expect(paid.recorded).toEqual({ ok: true, reply: true });
    const replay = await saveTemp(family, key);
    expect(replay).toMatchObject(started);
    expect(paymentIdOf(replay)).not.toBe(paymentIdOf(paid.temp));
  });
});

describe("the card fee follows the card's brand (issue 36)", () => {
  beforeEach(async () => {
    world = await mock.createWorld({ seed: 38 });
  });

  const amexCard = { cardNumber: "3782 822463 10005", expiry: "12/40", cvc: "1234" };

  it("an American Express card paid as Visa is refused at the card number, before the card provider hears of it, and a Visa card then pays the same payment", async () => {
    const shared = new PaymentAttempts();
    const p = await payer(shared);
    const key = newKey();
    expect(await saveTemp(p, key)).toMatchObject(started);
    const intent = await p.post("intent", { key });
    if (!intent.ok) throw new Error(intent.failure.message);
    await world.clearRequests();
    const refused = await p.post("confirm", { clientSecret: String(intent.reply), ...amexCard });
    expect(refused.ok).toBe(false);
    const mismatch = cardTexts.cardBrandMismatch("American Express", "American Express - 3.5%");
    expect(refused).toEqual({ ok: false, failure: { kind: "refused", message: mismatch, fields: { cardNumber: mismatch } } });
    expect(await world.requests({ path: "payments/confirm-card" })).toEqual([]);
    expect(await world.charges()).toHaveLength(0);

    // Nothing was charged. The intent went out for Visa's fee, so the payment is fixed as Visa: a
    // new one is not started, and a Visa card pays this one at Visa's fee.
    const amount = p.invoices[0].balanceCents;
    expect(await saveTemp(await payer(shared), newKey(), { cardType: "American Express - 3.5%", feeCents: feeCents(amount, feeRateBasisPoints("American Express - 3.5%")!) })).toEqual(blocked);
    expect(await p.post("confirm", { clientSecret: String(intent.reply), ...card })).toMatchObject({ ok: true });
    expect(await p.post("record", { key })).toEqual({ ok: true, reply: true });
    expect((await world.charges()).map((c) => c.amountCents)).toEqual([amount + feeCents(amount, p.feeBasisPoints)]);
  });
});

describe("SavePayment read as 1§7 and 1§8 say: a truthy answer is success (issue 33, decisions/240)", () => {
  beforeEach(async () => {
    world = await mock.createWorld({ seed: 33 });
  });

  /**
   * The payment machine paying solo's first invoice in full through the payment action, as the
   * payment form does (its actors post each step); what the page then says is the machine's result.
   */
  async function payThroughTheMachine(p: Payer) {
    const invoice = p.invoices[0];
    const machine = machineThroughTheAction(p, () => card);
    const actor = createActor(machine, {
      input: { invoices: [{ id: invoice.id, balanceCents: invoice.balanceCents, payNowCents: invoice.balanceCents }], methodType: "2", cardTypes: [{ label: "Visa - 2.5%", feeBasisPoints: p.feeBasisPoints }] },
    }).start();
    actor.send({ type: "card.change", complete: true, error: null });
    actor.send({ type: "pay.submit" });
    // Finished: succeeded, failed, or refused before it began (back to editing with a result).
    const done = await waitForState(actor, (s) => s.matches("succeeded") || s.matches("failed") || (s.matches("editing") && s.context.result !== null), { timeout: 10_000 });
    actor.stop();
    return done.context;
  }

  // An object is read by its StatusCode, as the spec's other calls answer (decisions/369).
  it.each([[1], ["true"], [true], [" TRUE "], [7], ["1"], [{ StatusCode: "1" }], [{ StatusCode: 1, StatusMessage: "Payment saved" }]])("answered %j: recorded, the open payment released, the invoice paid, and the page says it succeeded", async (answer) => {
    const shared = new PaymentAttempts();
    const p = await payer(shared);
    await world.fault({ path: "patient/SavePayment", answer, times: 1 });
    const result = await payThroughTheMachine(p);
    expect(result.result).toMatchObject({ kind: "succeeded", message: paymentTexts.succeeded });
    const [saved] = await world.requests({ path: "patient/SavePayment" });
    expect(saved).toMatchObject({ status: 200, fault: `carried out, answered ${JSON.stringify(answer)}` });
    expect(await shared.openAttempt(p.owner)).toBeUndefined();
    expect(await p.pendingIds()).not.toContain(p.invoices[0].id);
    // The account may pay again at once.
    if ((await p.pendingIds()).length > 0) expect(await saveTemp(await payer(shared), newKey())).toMatchObject(started);
  });

  it.each([[false], ["false"], [0], ["0"], [null], [-1], [""], ["No"], [{ StatusCode: "0", StatusMessage: "Not saved" }]])("answered %j: charged but not recorded, as before; the payment stays open and finishing records it once", async (answer) => {
    const shared = new PaymentAttempts();
    const p = await payer(shared);
    await world.fault({ path: "patient/SavePayment", answer, times: 1 });
    const before = (await world.charges()).length;
    const result = await payThroughTheMachine(p);
    expect(result.result).toEqual({ kind: "failed", message: paymentOutcomeTexts.chargedNotRecorded, charged: true });
    expect(await shared.openAttempt(p.owner)).toMatchObject({ charged: true });
    expect(await saveTemp(await payer(shared), newKey())).toMatchObject(blocked);
    // The practice carried the call out (the fault only changed its answer): finishing hears true.
    expect(await p.post("finish", { key: (await shared.openAttempt(p.owner))!.key })).toEqual({ ok: true, reply: "recorded" });
    expect(await shared.openAttempt(p.owner)).toBeUndefined();
    expect((await world.charges()).length).toBe(before + 1);
  });

  it.each([
    ["an empty body", { body: "empty" as const }],
    ["a text that says neither", { answer: "Payment processed" }],
    ["an object with no StatusCode", { answer: {} }],
    ["an object whose StatusCode the spec gives no meaning here", { answer: { StatusCode: "3", StatusMessage: "Processed" } }],
  ])("answered with %s: the card was charged, and the page says the practice's answer did not tell whether it was recorded; the payment stays open, and finishing records it", async (_what, fault) => {
    const shared = new PaymentAttempts();
    const p = await payer(shared);
    await world.fault({ path: "patient/SavePayment", times: 1, ...fault });
    const result = await payThroughTheMachine(p);
    expect(result.result).toEqual({ kind: "failed", message: paymentOutcomeTexts.chargedRecordingUnknown, charged: true });
    const open = await shared.openAttempt(p.owner);
    expect(open).toMatchObject({ charged: true });
    expect(await p.post("finish", { key: open!.key })).toEqual({ ok: true, reply: "recorded" });
    expect(await p.pendingIds()).not.toContain(p.invoices[0].id);
  });

  it("an unclear answer to Finish keeps the charged payment open, to be finished again", async () => {
    const shared = new PaymentAttempts();
    const p = await payer(shared);
    await world.fault({ path: "patient/SavePayment", status: 503, times: 1 });
    expect((await payThroughTheMachine(p)).result).toMatchObject({ kind: "failed", charged: true });
    const open = await shared.openAttempt(p.owner);
    await world.fault({ path: "patient/SavePayment", body: "empty", times: 1 });
    expect(await p.post("finish", { key: open!.key })).toEqual({ ok: true, reply: "pending" });
    expect(await shared.openAttempt(p.owner)).toMatchObject({ key: open!.key, charged: true });
    expect(await p.post("finish", { key: open!.key })).toEqual({ ok: true, reply: "recorded" });
    expect(await world.charges()).toHaveLength(1);
  });

  it("a recording asked for a payment the portal's own provider did not see charged is refused without asking the practice, which may record whatever it is asked to", async () => {
    const p = await payer();
    const key = newKey();
    expect(await saveTemp(p, key)).toMatchObject(started);
    expect(await p.post("intent", { key })).toMatchObject({ ok: true });
    await world.clearRequests();
    expect(await p.post("record", { key })).toEqual(refusal(paymentTexts.notStarted));
    expect(await world.requests({ path: "patient/SavePayment" })).toEqual([]);
  });
});

describe("SaveTempPayment's body is 1§3's client row, filled from the practice's invoices (issue 33)", () => {
  beforeEach(async () => {
    world = await mock.createWorld({ seed: 34 });
  });

  it("the practice gets InvoiceID, isChecked, Amount, Balance, Notes and PayNow with its own figures, whatever else the browser posts", async () => {
    const p = await payer();
    const invoices = (await getInvoices(p.practice.api, p.practice.id, "pending")).resources;
    const [first, second] = invoices;
    await world.clearRequests();
    const payFirst = toCents(first.extension.balance)!;
    const paySecond = 100;
    const amount = payFirst + paySecond;
    // A tampered browser: figures of its own beside each line, in the practice's names and the portal's.
    const tampered = [first, second].map((i, n) => ({
      id: i.id,
      payNowCents: n === 0 ? payFirst : paySecond,
      Amount: 0.01,
      Balance: 0.01,
      Notes: "paid in full",
      isChecked: false,
      amountCents: 1,
      balanceCents: 1,
      notes: "paid in full",
    }));
    const reply = await saveTemp(p, newKey(), { amountCents: amount, feeCents: feeCents(amount, p.feeBasisPoints), allocations: tampered });
    expect(reply).toMatchObject(started);
    expect(paymentIdOf(reply)).toBeGreaterThan(0);
    const [saved] = await world.requests({ path: "patient/SaveTempPayment" });
    expect(saved.body).toEqual([first, second].map((i, n) => ({
      InvoiceID: i.id,
      isChecked: true,
      Amount: i.extension.amount,
      Balance: i.extension.balance,
      Notes: i.extension.notes,
      PayNow: n === 0 ? payFirst / 100 : paySecond / 100,
    })));
  });
});
