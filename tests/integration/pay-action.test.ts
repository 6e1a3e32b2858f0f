import { beforeAll, describe, expect, it } from "vitest";
import { payAction, type PayDeps } from "../../app/.server/accounts-page.server";
import { loadConfig } from "../../app/.server/config.server";
import { PaymentAttempts } from "../../app/.server/payment-attempts.server";
import { getInvoices } from "../../app/.server/practice/accounts.server";
import { createSessions } from "../../app/.server/session.server";
import { messages } from "../../app/lib/messages";
import { feeCents, feeRateBasisPoints, toCents } from "../../app/lib/money";
import { useMockServer, type TestWorld } from "../helpers/mock-world";

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

interface Payer {
  post(fields: Record<string, string>): ReturnType<typeof payAction>;
  attempts: PaymentAttempts;
  invoices: Array<{ id: string; balanceCents: number }>;
  feeBasisPoints: number;
}

/** solo, signed in to the portal with a session cookie, paying through a fresh set of attempts. */
async function payer(): Promise<Payer> {
  const s = await world.signIn("solo");
  const session = await sessions.sessionStorage.getSession();
  session.set("user", { token: s.token, apiBase: s.apiBase, userId: s.id, parentId: s.id, proxy: "No", username: world.user("solo").username, userName: "Solo", parentName: "Solo" });
  const cookie = (await sessions.sessionStorage.commitSession(session)).split(";")[0];
  const attempts = new PaymentAttempts();
  const deps: PayDeps = { requireSession: sessions.requireSession, attempts, provider: () => ({ kind: "test" }), paymentIntentUrl: undefined };
  const pending = await getInvoices(s.api, s.id, "pending");
  return {
    attempts,
    invoices: pending.resources.map((r) => ({ id: r.id, balanceCents: toCents(r.extension.balance)! })),
    feeBasisPoints: feeRateBasisPoints("Visa - 2.5%")!,
    post: (fields) => payAction(new Request("http://portal.test/accounts/pay", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } }), deps),
  };
}

let keys = 0;
const newKey = () => `key-pay-action-${++keys}-${Date.now()}`;

/** The save-temp step as the payment panel posts it, paying the first invoice in full. */
function saveTemp(p: Payer, key: string, change: Partial<Record<string, string>> = {}) {
  const invoice = p.invoices[0];
  const amount = invoice.balanceCents;
  return p.post({
    step: "save-temp",
    key,
    cardType: "Visa - 2.5%",
    amountCents: String(amount),
    feeCents: String(feeCents(amount, p.feeBasisPoints)),
    allocations: JSON.stringify([{ id: invoice.id, payNowCents: amount }]),
    ...change,
  });
}

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

async function payInFull(p: Payer, key: string) {
  const temp = await saveTemp(p, key);
  expect(temp).toMatchObject({ ok: true });
  const intent = await p.post({ step: "intent", key });
  if (!intent.ok) throw new Error(intent.message);
  const confirmed = await p.post({ step: "confirm", clientSecret: String(intent.value), ...card });
  expect(confirmed).toMatchObject({ ok: true });
  return { temp, intent, confirmed, recorded: await p.post({ step: "record", key }) };
}

describe("the payment action", () => {
  it("refuses a card fee that is not the practice's, before any practice call saves the payment", async () => {
    const p = await payer();
    await world.clearRequests();
    expect(await saveTemp(p, newKey(), { feeCents: "0" })).toEqual({ ok: false, message: messages.payment.notStarted });
    expect(await world.requests({ path: "patient/SaveTempPayment" })).toEqual([]);
  });

  it("refuses an amount that is not what the allocations come to", async () => {
    const p = await payer();
    await world.clearRequests();
    const amount = p.invoices[0].balanceCents;
    expect(await saveTemp(p, newKey(), { amountCents: String(amount - 100), feeCents: String(feeCents(amount - 100, p.feeBasisPoints)) })).toEqual({ ok: false, message: messages.payment.notStarted });
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
    const result = await saveTemp(p, newKey(), { amountCents: String(amount), feeCents: String(feeCents(amount, p.feeBasisPoints)), allocations: JSON.stringify(allocations) });
    expect(result).toEqual({ ok: false, message: messages.payment.notStarted });
    expect(await world.requests({ path: "patient/SaveTempPayment" })).toEqual([]);
  });

  it("creates the payment intent for the amount and fee it recorded, whatever the browser sends later", async () => {
    const p = await payer();
    const key = newKey();
    const amount = p.invoices[0].balanceCents;
    const charge = amount + feeCents(amount, p.feeBasisPoints);
    expect(await saveTemp(p, key)).toMatchObject({ ok: true });
    await world.clearRequests();
    // A tampered intent step: extra amount fields are not read; the portal's record is.
    const intent = await p.post({ step: "intent", key, amountCents: "1", amount: "1", feeCents: "0" });
    expect(intent).toMatchObject({ ok: true });
    const [sent] = await world.requests({ path: "payments/create-payment-intent" });
    expect(sent.body).toMatchObject({ amount: charge, IdempotencyKey: key });
    await world.clearRequests();
    expect(await p.post({ step: "confirm", clientSecret: String(intent.ok && intent.value), ...card })).toMatchObject({ ok: true });
    const charges = await world.charges();
    expect(charges.at(-1)?.amountCents).toBe(charge);
  });

  it("an intent for a key the portal never saved is refused without a practice call", async () => {
    const p = await payer();
    await world.clearRequests();
    expect(await p.post({ step: "intent", key: newKey() })).toEqual({ ok: false, message: messages.payment.notStarted });
    expect(await world.requests({ path: "payments/create-payment-intent" })).toEqual([]);
  });

  it("paying again with a charged key saves nothing new and charges nothing more", async () => {
    const p = await payer();
    const key = newKey();
    const before = (await world.charges()).length;
    const first = await payInFull(p, key);
    expect(first.recorded).toEqual({ ok: true, value: true });
    expect(await world.charges()).toHaveLength(before + 1);
    await world.clearRequests();
    const again = await saveTemp(p, key);
    expect(again).toEqual(first.temp);
    expect(await world.requests({ path: "patient/SaveTempPayment" })).toEqual([]);
    expect(await world.charges()).toHaveLength(before + 1);
  });

  it("two confirmations of one step posted together both reach the practice at once, and the card is charged once", async () => {
    const p = await payer();
    const key = newKey();
    expect(await saveTemp(p, key)).toMatchObject({ ok: true });
    const intent = await p.post({ step: "intent", key });
    if (!intent.ok) throw new Error(intent.message);
    const before = (await world.charges()).length;
    const delayMs = 800;
    await world.fault({ path: "payments/confirm-card", delayMs, times: 2 });
    await world.clearRequests();
    const started = Date.now();
    const both = await Promise.all([1, 2].map(() => p.post({ step: "confirm", clientSecret: String(intent.value), ...card })));
    const elapsed = Date.now() - started;
    expect(both).toEqual([
      { ok: true, value: expect.any(String) },
      { ok: true, value: expect.any(String) },
    ]);
    expect(both[0]).toEqual(both[1]);
    // Both went to the practice; had the portal queued them, the two delays would add up.
    expect(await world.requests({ path: "payments/confirm-card" })).toHaveLength(2);
    expect(elapsed).toBeLessThan(2 * delayMs);
    expect(await world.charges()).toHaveLength(before + 1);
  });

  it("a step with no session goes to /login", async () => {
    const attempts = new PaymentAttempts();
    const request = new Request("http://portal.test/accounts/pay", { method: "POST", body: new URLSearchParams({ step: "intent", key: newKey() }) });
    const thrown = await payAction(request, { requireSession: sessions.requireSession, attempts, provider: () => ({ kind: "test" }), paymentIntentUrl: undefined }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Faccounts%2Fpay");
  });
});
