import { describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import * as accounts from "~/.server/practice/accounts.server";
import { toCents } from "~/lib/money";
import { useMockServer } from "../helpers/mock-world";

/** Paying through the portal's practice client against the mock over HTTP: idempotent, and balances really drop. */
const mock = useMockServer();

async function setUp(scenario?: string) {
  const world = await mock.createWorld({ seed: 21, scenario });
  const s = await world.signIn("solo");
  const pending = await accounts.getInvoices(s.api, s.id, "pending");
  // The practice's own figures, which SaveTempPayment restates for each invoice paid (1§3).
  const invoices = pending.resources.map((r) => ({ id: r.id, balanceCents: toCents(r.extension.balance)!, amountCents: toCents(r.extension.amount)!, notes: r.extension.notes }));
  const balance = async () => (await s.api.call(endpoints.accountBalance, { query: { PatientID: s.id } }));
  return { world, s, accounts, invoices, balance };
}

async function pay(
  ctx: Awaited<ReturnType<typeof setUp>>,
  key: string,
  amountCents: number,
  allocations: Array<{ id: string; payNowCents: number }>,
  cardNumber = "4242424242424242",
) {
  const { s, accounts } = ctx;
  const paymentId = await accounts.saveTempPayment(s.api, s.id, { key, cardType: "Visa - 2.5%", amountCents, feeCents: 0, allocations, invoices: ctx.invoices });
  const intent = await accounts.createPaymentIntent(s.api, { key, amountCents });
  if (!("clientSecret" in intent)) throw new Error(intent.error);
  const confirmation = await accounts.confirmTestCard(s.api, { clientSecret: intent.clientSecret, cardNumber, expiry: "12/40", cvc: "123", billingName: "", email: "" });
  const saved = "status" in confirmation ? await accounts.savePayment(s.api, s.id, paymentId) : null;
  return { paymentId, confirmation, saved };
}

describe("card payments in the mock", () => {
  it("the account balance is the sum of the pending invoices' balances", async () => {
    const ctx = await setUp();
    expect(ctx.invoices.length).toBeGreaterThan(1);
    const sum = ctx.invoices.reduce((t, i) => t + i.balanceCents, 0);
    expect(toCents(await ctx.balance())).toBe(sum);
  });

  it("a successful payment lowers the invoices and the balance; the same key twice charges once", async () => {
    const ctx = await setUp();
    const before = toCents(await ctx.balance())!;
    const [first, second] = ctx.invoices;
    const allocations = [
      { id: first.id, payNowCents: first.balanceCents },
      { id: second.id, payNowCents: 100 },
    ];
    const amount = first.balanceCents + 100;
    const one = await pay(ctx, "key-aaaaaaaa-1", amount, allocations);
    const two = await pay(ctx, "key-aaaaaaaa-1", amount, allocations);
    expect(one.saved).toBe("recorded");
    expect(two).toEqual(one);
    expect(toCents(await ctx.balance())).toBe(before - amount);
    const pending = await ctx.accounts.getInvoices(ctx.s.api, ctx.s.id, "pending");
    expect(pending.resources.map((r) => r.id)).not.toContain(first.id);
    const secondNow = pending.resources.find((r) => r.id === second.id)!;
    expect(toCents(secondNow.extension.balance)).toBe(second.balanceCents - 100);
    const confirms = (await ctx.world.requests({ path: "payments/confirm-card" })).filter((e) => e.status === 200);
    expect(confirms).toHaveLength(2); // both confirmations answered…
    expect(await ctx.world.charges()).toEqual([expect.objectContaining({ amountCents: amount })]); // …one charge
  });

  it("takes the Mastercard test card 5555 5555 5555 4444 as it takes 4242 4242 4242 4242: charged once, recorded", async () => {
    const ctx = await setUp();
    const [first] = ctx.invoices;
    const paid = await pay(ctx, "key-mmmmmmmm-1", first.balanceCents, [{ id: first.id, payNowCents: first.balanceCents }], "5555555555554444");
    expect(paid.confirmation).toEqual({ status: "succeeded", paymentIntentId: expect.any(String) });
    expect(paid.saved).toBe("recorded");
    expect(await ctx.world.charges()).toEqual([expect.objectContaining({ amountCents: first.balanceCents })]);
  });

  it("declines 4000 0000 0000 0002 and 4000 0000 0000 9995 (insufficient funds) and changes nothing", async () => {
    const ctx = await setUp();
    const before = await ctx.balance();
    const [first] = ctx.invoices;
    const allocations = [{ id: first.id, payNowCents: first.balanceCents }];
    const declined = await pay(ctx, "key-bbbbbbbb-1", first.balanceCents, allocations, "4000000000000002");
    expect(declined.confirmation).toEqual({ error: { code: "card_declined", message: expect.any(String) } });
    const poor = await pay(ctx, "key-bbbbbbbb-2", first.balanceCents, allocations, "4000000000009995");
    expect(poor.confirmation).toEqual({ error: { code: "insufficient_funds", message: expect.any(String) } });
    expect(await ctx.accounts.savePayment(ctx.s.api, ctx.s.id, declined.paymentId)).toBe("not-recorded");
    expect(await ctx.balance()).toBe(before);
    expect(await ctx.world.charges()).toEqual([]);
  });

  it("records only a payment charged in full: an intent for less than the temporary payment is not recorded", async () => {
    const ctx = await setUp();
    const before = await ctx.balance();
    const [first] = ctx.invoices;
    const key = "key-11111111-1";
    const paymentId = await ctx.accounts.saveTempPayment(ctx.s.api, ctx.s.id, { key, cardType: "", amountCents: first.balanceCents, feeCents: 0, allocations: [{ id: first.id, payNowCents: first.balanceCents }], invoices: ctx.invoices });
    const intent = await ctx.accounts.createPaymentIntent(ctx.s.api, { key, amountCents: 1 });
    if (!("clientSecret" in intent)) throw new Error(intent.error);
    await ctx.accounts.confirmTestCard(ctx.s.api, { clientSecret: intent.clientSecret, cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", billingName: "", email: "" });
    expect(await ctx.world.charges()).toEqual([expect.objectContaining({ amountCents: 1 })]);
    expect(await ctx.accounts.savePayment(ctx.s.api, ctx.s.id, paymentId)).toBe("not-recorded");
    expect(await ctx.balance()).toBe(before);
  });

  it("a charged key asked for another amount gets its intent back: nothing more is charged, and the payment made is recorded", async () => {
    const ctx = await setUp();
    const [first, second] = ctx.invoices;
    const key = "key-22222222-1";
    const firstAllocations = [{ id: first.id, payNowCents: first.balanceCents }];
    const paymentId = await ctx.accounts.saveTempPayment(ctx.s.api, ctx.s.id, { key, cardType: "", amountCents: first.balanceCents, feeCents: 0, allocations: firstAllocations, invoices: ctx.invoices });
    const intent = await ctx.accounts.createPaymentIntent(ctx.s.api, { key, amountCents: first.balanceCents });
    if (!("clientSecret" in intent)) throw new Error(intent.error);
    await ctx.accounts.confirmTestCard(ctx.s.api, { clientSecret: intent.clientSecret, cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", billingName: "", email: "" });
    // The reply was lost; the patient, after a refresh, asks to pay the second invoice with the same key.
    const again = await pay(ctx, key, second.balanceCents, [{ id: second.id, payNowCents: second.balanceCents }]);
    expect(again.paymentId).toBe(paymentId);
    expect(again.saved).toBe("recorded");
    expect(await ctx.world.charges()).toEqual([expect.objectContaining({ amountCents: first.balanceCents })]);
    const pending = (await ctx.accounts.getInvoices(ctx.s.api, ctx.s.id, "pending")).resources.map((r) => r.id);
    expect(pending).not.toContain(first.id);
    expect(pending).toContain(second.id);
  });

  it("refuses a temporary payment for more than an invoice's balance with -1", async () => {
    const ctx = await setUp();
    const [first] = ctx.invoices;
    const id = await ctx.accounts.saveTempPayment(ctx.s.api, ctx.s.id, { key: "key-cccccccc-1", cardType: "", amountCents: first.balanceCents + 1, feeCents: 0, allocations: [{ id: first.id, payNowCents: first.balanceCents + 1 }], invoices: ctx.invoices });
    expect(id).toBe(-1);
  });

  it.each([
    ["amount", { amountCents: 1 }],
    ["balance", { balanceCents: 99_999 }],
    ["notes", { notes: "Something else" }],
  ])("refuses with -1 a line whose %s is not the practice's own for that invoice (1§3's client row)", async (_what, change) => {
    const ctx = await setUp();
    const [first] = ctx.invoices;
    const invoices = ctx.invoices.map((i) => (i.id === first.id ? { ...i, ...change } : i));
    const id = await ctx.accounts.saveTempPayment(ctx.s.api, ctx.s.id, { key: "key-dddddddd-1", cardType: "", amountCents: 100, feeCents: 0, allocations: [{ id: first.id, payNowCents: 100 }], invoices });
    expect(id).toBe(-1);
    // The same line with the practice's figures is taken.
    expect(await ctx.accounts.saveTempPayment(ctx.s.api, ctx.s.id, { key: "key-dddddddd-2", cardType: "", amountCents: 100, feeCents: 0, allocations: [{ id: first.id, payNowCents: 100 }], invoices: ctx.invoices })).toBeGreaterThan(0);
  });

  it("a reset forgets the world's payments: balances, charges and keys are as at the start", async () => {
    const ctx = await setUp();
    const before = await ctx.balance();
    const [first] = ctx.invoices;
    const allocations = [{ id: first.id, payNowCents: first.balanceCents }];
    expect((await pay(ctx, "key-eeeeeeee-1", first.balanceCents, allocations)).saved).toBe("recorded");
    expect(await ctx.world.charges()).toHaveLength(1);
    await ctx.world.reset();
    expect(await ctx.world.charges()).toEqual([]);
    const again = { ...ctx, s: await ctx.world.signIn("solo") };
    const balance = await again.s.api.call(endpoints.accountBalance, { query: { PatientID: again.s.id } });
    expect(balance).toBe(before);
    // The same key after a reset is a new payment, charged once more, not the forgotten one's reply.
    expect((await pay(again, "key-eeeeeeee-1", first.balanceCents, allocations)).saved).toBe("recorded");
    expect(await ctx.world.charges()).toHaveLength(1);
  });

  it("in the outstanding-balance scenario, paying the whole balance lets a repeat prescription be collected", async () => {
    const ctx = await setUp("outstanding-balance");
    const [medicine] = (await ctx.s.api.call(endpoints.medications, { query: { PatientID: ctx.s.id, PageSize: 50, PageNumber: 1, TypeID: "1" } })).resources;
    const collect = () => ctx.s.api.call(endpoints.repeatRequest, { body: { PatientID: ctx.s.id, PickUpTypeID: 1, MedicationID: medicine.id } });
    expect(await collect()).toEqual({ StatusCode: "3", ResponseMessage: "Cannot send pickup request patient has outstanding balance" });
    const total = ctx.invoices.reduce((sum, i) => sum + i.balanceCents, 0);
    const paid = await pay(ctx, "key-ffffffff-1", total, ctx.invoices.map((i) => ({ id: i.id, payNowCents: i.balanceCents })));
    expect(paid.saved).toBe("recorded");
    const settings = await ctx.s.api.call(endpoints.practiceSettings, { query: { PatientID: ctx.s.id, PortalSettingTypeID: "1" } });
    expect(settings).toMatchObject({ IsOutstandingBalance: "1", OutstandingBalance: "0.00" });
    expect((await collect()).StatusCode).toBe("1");
  });

  it("in the outstanding-balance scenario, solo's pending invoices come to exactly 120.50 (pendingBalance)", async () => {
    for (const seed of [21, 3, 987]) {
      const world = await mock.createWorld({ seed, scenario: "outstanding-balance" });
      const s = await world.signIn("solo");
      expect(await s.api.call(endpoints.accountBalance, { query: { PatientID: s.id } }), `seed ${seed}`).toBe(120.5);
      const settings = await s.api.call(endpoints.practiceSettings, { query: { PatientID: s.id, PortalSettingTypeID: "1" } });
      expect(settings, `seed ${seed}`).toMatchObject({ IsOutstandingBalance: "1", OutstandingBalance: "120.50" });
      const pending = await accounts.getInvoices(s.api, s.id, "pending");
      expect(pending.resources, `seed ${seed}`).toHaveLength(4);
      expect(pending.resources.reduce((sum, r) => sum + toCents(r.extension.balance)!, 0)).toBe(12050);
    }
  });

  it("the payment-declined scenario declines even 4242 4242 4242 4242", async () => {
    const ctx = await setUp("payment-declined");
    const before = await ctx.balance();
    const [first] = ctx.invoices;
    const result = await pay(ctx, "key-dddddddd-1", first.balanceCents, [{ id: first.id, payNowCents: first.balanceCents }]);
    expect(result.confirmation).toMatchObject({ error: { code: "card_declined" } });
    expect(await ctx.balance()).toBe(before);
  });
});
