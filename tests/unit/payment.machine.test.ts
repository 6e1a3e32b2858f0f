import { describe, expect, it } from "vitest";
import { assign, createActor, fromPromise } from "xstate";
import { waitForState } from "../helpers/wait-for-state";
import { RefusedError } from "~/areas/accounts/card-refusal";
import { StepSessionEndedError } from "~/lib/step-errors";
import { StepFailedError } from "~/lib/steps";
import { amountOf, paymentMachine, paymentMethodOf, paymentTexts, type TempPaymentRequest } from "~/areas/accounts/payment.machine";
import { paymentOutcomeTexts } from "~/areas/accounts/outcome-texts";
import { paymentRefusalTexts } from "~/areas/accounts/refusal-texts";
import { cardTexts } from "~/areas/accounts/card-texts";

const invoices = [
  { id: "i1", balanceCents: 5000, payNowCents: 0 },
  { id: "i2", balanceCents: 7050, payNowCents: 0 },
];
const cardTypes = [
  { label: "Visa", feeBasisPoints: 250 },
  { label: "Debit", feeBasisPoints: 0 },
];

interface Script {
  temp?: number | Error;
  /** The client secret, or what the step throws (an Error, or anything else a rejection may carry). */
  intent?: string | Error | { throws: unknown };
  confirm?: Error | null;
  save?: (boolean | "unknown" | Error)[];
}

function start(script: Script = {}, overrides: Partial<{ methodType: string; invoices: typeof invoices; cardTypes: typeof cardTypes }> = {}) {
  const calls = { temp: [] as TempPaymentRequest[], intent: [] as { key: string }[], confirm: 0, confirmed: [] as { clientSecret: string; key: string }[], save: [] as { key: string }[] };
  let keys = 0;
  const machine = paymentMachine.provide({
    actors: {
      saveTempPayment: fromPromise(async ({ input }) => {
        calls.temp.push(input);
        if (script.temp instanceof Error) throw script.temp;
        return script.temp ?? 41;
      }),
      createPaymentIntent: fromPromise(async ({ input }) => {
        calls.intent.push(input);
        if (script.intent instanceof Error) throw script.intent;
        if (typeof script.intent === "object") throw script.intent.throws;
        return script.intent ?? "pi_secret";
      }),
      confirmCard: fromPromise(async ({ input }) => {
        calls.confirm++;
        calls.confirmed.push(input);
        if (script.confirm) throw script.confirm;
      }),
      savePayment: fromPromise(async ({ input }) => {
        calls.save.push(input);
        const next = script.save?.shift() ?? true;
        if (next instanceof Error) throw next;
        return next;
      }),
    },
    actions: { mintKey: assign({ key: () => `key-${++keys}` }) },
  });
  const actor = createActor(machine, { input: { invoices: overrides.invoices ?? invoices, methodType: overrides.methodType ?? "2", cardTypes: overrides.cardTypes ?? cardTypes } }).start();
  return { actor, calls };
}

/** A refusal from the card provider, as the portal's card providers throw it. */
function refused(message: string) {
  return new RefusedError(message);
}

const ready = (actor: ReturnType<typeof start>["actor"]) => actor.send({ type: "card.change", complete: true, error: null });

describe("payment machine", () => {
  it("starts with choice 1: the whole balance, allocated in order", () => {
    const { actor } = start();
    const { context } = actor.getSnapshot();
    expect(amountOf(context)).toEqual({ cents: 12050 });
    expect(context.allocations.map((a) => a.payNowCents)).toEqual([5000, 7050]);
    expect(context.progress).toBe(0);
  });

  it("choice 2 re-allocates as the amount is typed, and restores pay-now values when emptied", () => {
    const { actor } = start();
    actor.send({ type: "choice.select", choice: 2 });
    actor.send({ type: "amount.change", text: "60.00" });
    expect(actor.getSnapshot().context.allocations).toEqual([
      { id: "i1", payNowCents: 5000, checked: true },
      { id: "i2", payNowCents: 1000, checked: true },
    ]);
    actor.send({ type: "amount.change", text: "" });
    expect(actor.getSnapshot().context.allocations.map((a) => a.checked)).toEqual([false, false]);
  });

  it("explains a missing, malformed or too-large amount, and sends nothing", () => {
    const { actor, calls } = start();
    ready(actor);
    actor.send({ type: "choice.select", choice: 2 });
    // Never typed in: 1§5's initial text.
    actor.send({ type: "pay.submit" });
    expect(amountOf(actor.getSnapshot().context)).toEqual({ error: paymentTexts.amountRequiredInitially });
    for (const [text, message] of [["", paymentTexts.amountRequired], ["12.345", paymentTexts.amountInvalid], ["-5", paymentTexts.amountInvalid], ["999", paymentTexts.amountTooLarge]]) {
      actor.send({ type: "amount.change", text });
      actor.send({ type: "pay.submit" });
      expect(amountOf(actor.getSnapshot().context)).toEqual({ error: message });
      expect(actor.getSnapshot().value).toBe("editing");
    }
    expect(actor.getSnapshot().context.submitted).toBe(true);
    expect(calls.temp).toHaveLength(0);
  });

  it("does not pay with an incomplete card, another method, or no invoices", () => {
    const incomplete = start();
    incomplete.actor.send({ type: "pay.submit" });
    expect(incomplete.calls.temp).toHaveLength(0);
    for (const methodType of ["3", "1", "7"]) {
      const other = start({}, { methodType });
      ready(other.actor);
      other.actor.send({ type: "pay.submit" });
      expect(other.calls.temp).toHaveLength(0);
    }
    const none = start({}, { invoices: [] });
    ready(none.actor);
    none.actor.send({ type: "pay.submit" });
    expect(none.calls.temp).toHaveLength(0);
  });

  it("maps the payment method types of 1§4", () => {
    expect(paymentMethodOf("2")).toBe("card");
    expect(paymentMethodOf(undefined)).toBe("card");
    expect(paymentMethodOf("3")).toBe("poli");
    expect(paymentMethodOf("1")).toBe("paymentExpress");
  });

  it("pays: calls in order with one key, the card fee saved with the temporary payment, progress 25, 45, 90, 100", async () => {
    const { actor, calls } = start();
    ready(actor);
    const seen: number[] = [];
    actor.subscribe((s) => {
      if (seen.at(-1) !== s.context.progress) seen.push(s.context.progress);
    });
    actor.send({ type: "pay.submit" });
    const done = await waitForState(actor, (s) => s.matches("succeeded"));
    expect(seen).toEqual([25, 45, 90, 100]);
    expect(calls.temp).toEqual([{ key: "key-1", allocations: [{ id: "i1", payNowCents: 5000, checked: true }, { id: "i2", payNowCents: 7050, checked: true }], amountCents: 12050, feeCents: 301, cardType: "Visa" }]);
    // The later steps name the attempt only: the portal's server holds its amount and payment id.
    expect(calls.intent).toEqual([{ key: "key-1" }]);
    expect(calls.save).toEqual([{ key: "key-1" }]);
    // The receipt: the practice's reference (SaveTempPayment's id), what was charged and where it went.
    expect(done.context.result).toEqual({
      kind: "succeeded",
      message: paymentTexts.succeeded,
      receipt: { paymentId: 41, amountCents: 12050, feeCents: 301, cardType: "Visa", allocations: [{ id: "i1", payNowCents: 5000 }, { id: "i2", payNowCents: 7050 }] },
    });
  });

  it("uses the chosen card type's fee", async () => {
    const { actor, calls } = start();
    ready(actor);
    actor.send({ type: "cardType.select", index: 1 });
    actor.send({ type: "pay.submit" });
    await waitForState(actor, (s) => s.matches("succeeded"));
    expect(calls.temp[0]).toMatchObject({ amountCents: 12050, feeCents: 0, cardType: "Debit" });
  });

  it("ignores a second Pay while paying (a double click charges once)", async () => {
    const { actor, calls } = start();
    ready(actor);
    actor.send({ type: "pay.submit" });
    actor.send({ type: "pay.submit" });
    await waitForState(actor, (s) => s.matches("succeeded"));
    expect(calls.temp).toHaveLength(1);
    expect(calls.confirm).toBe(1);
  });

  it("SaveTempPayment -1 stops before any charge, resets the progress and says so", async () => {
    const { actor, calls } = start({ temp: -1 });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const s = await waitForState(actor, (x) => x.matches("editing") && x.context.result !== null);
    expect(s.context).toMatchObject({ progress: 0, key: null, result: { kind: "failed", message: paymentTexts.notStarted, charged: false } });
    expect(calls.intent).toHaveLength(0);
  });

  it("a start the portal refuses in its own words (another payment open) shows those words, not the generic refusal", async () => {
    const { actor, calls } = start({ temp: refused(paymentRefusalTexts.openElsewhere) });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const s = await waitForState(actor, (x) => x.matches("editing") && x.context.result !== null);
    expect(s.context).toMatchObject({ progress: 0, key: null, result: { kind: "failed", message: paymentRefusalTexts.openElsewhere, charged: false } });
    expect(calls.intent).toHaveLength(0);
  });

  it("SaveTempPayment failing outright (the practice unreachable) stops before any charge and says nothing was charged", async () => {
    const { actor, calls } = start({ temp: new Error("The portal could not be reached.") });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const s = await waitForState(actor, (x) => x.matches("editing") && x.context.result !== null);
    expect(s.context).toMatchObject({ progress: 0, key: null, result: { kind: "failed", message: paymentTexts.notStarted, charged: false } });
    expect(calls.intent).toHaveLength(0);
    expect(calls.confirm).toBe(0);
  });

  it("a declined card jumps to 100, says it was not charged, and a retry goes to the same key and intent; the payment, fixed, cannot be changed", async () => {
    const { actor, calls } = start({ confirm: refused("Your card was declined.") });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const failed = await waitForState(actor, (s) => s.matches("failed"));
    expect(failed.context.progress).toBe(100);
    // "Not charged" once: the screen titles the result "Payment unsuccessful".
    expect(failed.context.result).toEqual({ kind: "failed", message: "Your card was declined. Your card was not charged.", charged: false });
    actor.send({ type: "payment.retry" });
    await waitForState(actor, (s) => s.matches("failed") && calls.confirm === 2);
    expect(new Set([...calls.temp.map((c) => c.key), ...calls.intent.map((c) => c.key)])).toEqual(new Set(["key-1"]));
    // Its intent went out (decisions/374): the amount stays what the intent was made for; the card was
    // refused, so nothing can charge it, and another card type may be chosen (decisions/395).
    const fixed = actor.getSnapshot();
    expect(fixed.context.fixed).toEqual({ amountCents: fixed.context.allocations.reduce((sum, a) => sum + (a.checked ? a.payNowCents : 0), 0), cardTypeOpen: true });
    actor.send({ type: "payment.dismiss" });
    expect(actor.getSnapshot().matches("failed")).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ key: "key-1", progress: 100 });
  });

  it("a declined card, then another card type: Try again pays the same payment (its key and amount) under that type and fee, and the receipt says so (decisions/395)", async () => {
    const script: Script = { confirm: refused("Your card was declined.") };
    const { actor, calls } = start(script);
    ready(actor);
    actor.send({ type: "pay.submit" });
    await waitForState(actor, (s) => s.matches("failed"));
    // Another amount is not taken: the intent went out for this one.
    actor.send({ type: "choice.select", choice: 2 });
    actor.send({ type: "cardType.select", index: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ cardTypeIndex: 1, choice: 1 });
    script.confirm = null;
    actor.send({ type: "payment.retry" });
    const paid = await waitForState(actor, (s) => s.matches("succeeded"));
    expect(calls.temp.map(({ key, amountCents, feeCents, cardType }) => ({ key, amountCents, feeCents, cardType }))).toEqual([
      { key: "key-1", amountCents: 12050, feeCents: 301, cardType: "Visa" },
      { key: "key-1", amountCents: 12050, feeCents: 0, cardType: "Debit" },
    ]);
    expect(paid.context.result).toMatchObject({ kind: "succeeded", receipt: { amountCents: 12050, feeCents: 0, cardType: "Debit" } });
  });

  it("a confirmation cut off keeps the card type: the card may have been charged under it", async () => {
    const { actor, calls } = start({ confirm: new TypeError("Failed to fetch") });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const failed = await waitForState(actor, (s) => s.matches("failed"));
    expect(failed.context.fixed).toMatchObject({ cardTypeOpen: false });
    actor.send({ type: "cardType.select", index: 1 });
    expect(actor.getSnapshot().context.cardTypeIndex).toBe(0);
    actor.send({ type: "payment.retry" });
    await waitForState(actor, (s) => s.matches("failed") && calls.confirm === 2);
    expect(calls.temp.map((c) => c.cardType)).toEqual(["Visa", "Visa"]);
  });

  it("a card type chosen after a refusal is the payment's again once its new intent goes out", async () => {
    const script: Script = { confirm: refused("Your card was declined.") };
    const { actor } = start(script);
    ready(actor);
    actor.send({ type: "pay.submit" });
    await waitForState(actor, (s) => s.matches("failed"));
    actor.send({ type: "cardType.select", index: 1 });
    script.confirm = new TypeError("Failed to fetch");
    actor.send({ type: "payment.retry" });
    const failed = await waitForState(actor, (s) => s.matches("failed") && s.context.result?.kind === "failed" && s.context.result.uncertain === true);
    expect(failed.context).toMatchObject({ cardTypeIndex: 1, fixed: { cardTypeOpen: false } });
    actor.send({ type: "cardType.select", index: 0 });
    expect(actor.getSnapshot().context.cardTypeIndex).toBe(1);
  });

  it("a start that failed before its intent can still be changed: Change the payment starts over with a new key", async () => {
    const { actor } = start({ intent: new StepFailedError({ kind: "failed", message: "The practice's system is not answering just now." }) });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const failed = await waitForState(actor, (s) => s.matches("failed"));
    expect(failed.context.fixed).toBeNull();
    actor.send({ type: "payment.dismiss" });
    expect(actor.getSnapshot().context).toMatchObject({ key: null, progress: 0, result: null, fixed: null });
  });

  it("a confirmation cut off (not a refusal) says the outcome is unknown, and a retry reuses the key", async () => {
    const { actor, calls } = start({ confirm: new TypeError("Failed to fetch") });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const failed = await waitForState(actor, (s) => s.matches("failed"));
    expect(failed.context.result).toEqual({ kind: "failed", message: paymentOutcomeTexts.uncertain, charged: false, uncertain: true });
    expect(failed.context.progress).toBe(100);
    actor.send({ type: "payment.retry" });
    await waitForState(actor, (s) => s.matches("failed") && calls.confirm === 2);
    expect(new Set(calls.intent.map((c) => c.key))).toEqual(new Set(["key-1"]));
  });

  // The portal's answers through the step protocol (decisions/280): its refusal of the confirmation is
  // as sure to have charged nothing as the card provider's; a practice that could not answer is not.
  it("a confirmation the portal refuses (the card's field at fault) charged nothing; one the practice did not answer is uncertain", async () => {
    const refusal = new StepFailedError({ kind: "refused", message: cardTexts.cardInvalid, fields: { cardNumber: cardTexts.cardInvalid } });
    const declined = start({ confirm: refusal });
    ready(declined.actor);
    declined.actor.send({ type: "pay.submit" });
    const notCharged = await waitForState(declined.actor, (s) => s.matches("failed"));
    expect(notCharged.context.result).toMatchObject({ kind: "failed", charged: false });
    expect(notCharged.context.result).not.toHaveProperty("uncertain");

    const unanswered = start({ confirm: new StepFailedError({ kind: "failed", message: "The practice's system is not answering just now." }) });
    ready(unanswered.actor);
    unanswered.actor.send({ type: "pay.submit" });
    const uncertain = await waitForState(unanswered.actor, (s) => s.matches("failed"));
    expect(uncertain.context.result).toEqual({ kind: "failed", message: paymentOutcomeTexts.uncertain, charged: false, uncertain: true });
  });

  it("a start the portal answers with a failure shows its words; input the step refused shows the generic refusal", async () => {
    const spent = start({ temp: new StepFailedError({ kind: "refused", message: paymentRefusalTexts.keySpent }) });
    ready(spent.actor);
    spent.actor.send({ type: "pay.submit" });
    const refusedStart = await waitForState(spent.actor, (x) => x.matches("editing") && x.context.result !== null);
    expect(refusedStart.context.result).toEqual({ kind: "failed", message: paymentRefusalTexts.keySpent, charged: false });

    const invalid = start({ temp: new StepFailedError({ kind: "invalid", message: "Invalid input" }) });
    ready(invalid.actor);
    invalid.actor.send({ type: "pay.submit" });
    const generic = await waitForState(invalid.actor, (x) => x.matches("editing") && x.context.result !== null);
    expect(generic.context.result).toEqual({ kind: "failed", message: paymentTexts.notStarted, charged: false });
  });

  it("a refusal that already says nothing was charged is not told twice", async () => {
    const { actor } = start({ intent: refused(paymentRefusalTexts.replaced) });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const failed = await waitForState(actor, (s) => s.matches("failed"));
    expect(failed.context.result).toEqual({ kind: "failed", message: paymentRefusalTexts.replaced, charged: false });
  });

  it("an intent that cannot be created fails without a charge", async () => {
    const { actor, calls } = start({ intent: new Error("") });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const failed = await waitForState(actor, (s) => s.matches("failed"));
    expect(failed.context.result).toEqual({ kind: "failed", message: paymentTexts.notCharged, charged: false });
    expect(calls.confirm).toBe(0);
  });

  it("charged but not recorded: says so, retries only the recording, never the charge", async () => {
    const { actor, calls } = start({ save: [false, new Error("timeout"), true] });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const failed = await waitForState(actor, (s) => s.matches("failed"));
    expect(failed.context.result).toEqual({ kind: "failed", message: paymentOutcomeTexts.chargedNotRecorded, charged: true });
    // Dismissing cannot start a new charge while this one is unrecorded.
    actor.send({ type: "payment.dismiss" });
    expect(actor.getSnapshot().matches("failed")).toBe(true);
    actor.send({ type: "payment.retry" });
    await waitForState(actor, (s) => s.matches("failed") && calls.save.length === 2);
    actor.send({ type: "payment.retry" });
    await waitForState(actor, (s) => s.matches("succeeded"));
    expect(calls.confirm).toBe(1);
    expect(calls.intent).toHaveLength(1);
    expect(calls.save.map((c) => c.key)).toEqual(["key-1", "key-1", "key-1"]);
  });

  it("a new payment after success gets a new key", async () => {
    const { actor, calls } = start();
    ready(actor);
    actor.send({ type: "pay.submit" });
    await waitForState(actor, (s) => s.matches("succeeded"));
    actor.send({ type: "payment.dismiss" });
    actor.send({ type: "pay.submit" });
    await waitForState(actor, (s) => s.matches("succeeded") && calls.temp.length === 2);
    expect(calls.temp.map((c) => c.key)).toEqual(["key-1", "key-2"]);
  });

  it("Pay that meets an ended session starts nothing, says so, keeps the amount typed, and pays once signed in again (issue 21)", async () => {
    const ended = new StepSessionEndedError("/accounts/pay");
    const script: Script = { temp: ended };
    const { actor, calls } = start(script);
    actor.send({ type: "choice.select", choice: 2 });
    actor.send({ type: "amount.change", text: "20.00" });
    ready(actor);
    actor.send({ type: "pay.submit" });
    await waitForState(actor, (s) => s.matches("editing") && s.context.result !== null);
    const ctx = actor.getSnapshot().context;
    expect(ctx.result).toEqual({ kind: "failed", message: paymentTexts.sessionEnded, charged: false, sessionEnded: true });
    expect(ctx.progress).toBe(0);
    expect({ choice: ctx.choice, amount: ctx.amountText }).toEqual({ choice: 2, amount: "20.00" });
    expect(calls.intent).toHaveLength(0);
    script.temp = 41;
    actor.send({ type: "pay.submit" });
    await waitForState(actor, (s) => s.matches("succeeded"));
    expect(calls.temp.at(-1)!.amountCents).toBe(2000);
  });

  it("a later step that meets an ended session is not called uncertain: nothing reached the card", async () => {
    const { actor } = start({ confirm: new StepSessionEndedError("/accounts/pay") });
    ready(actor);
    actor.send({ type: "pay.submit" });
    await waitForState(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.result).toMatchObject({ sessionEnded: true, charged: false });
    expect(actor.getSnapshot().context.result).not.toHaveProperty("uncertain");
  });

  /* Each rule below was found unguarded by mutation testing (issue 57): the machine could break it and no test would notice. */

  it("a temporary payment the practice numbers 0 is no payment: nothing is charged", async () => {
    const { actor, calls } = start({ temp: 0 });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const s = await waitForState(actor, (x) => x.matches("editing") && x.context.result !== null);
    expect(s.context.result).toEqual({ kind: "failed", message: paymentTexts.notStarted, charged: false });
    expect(calls.intent).toHaveLength(0);
    expect(calls.confirm).toBe(0);
  });

  it("a start the practice could not save shows the portal's words for it", async () => {
    const message = "The practice could not save the payment just now. Nothing was charged.";
    const { actor } = start({ temp: new StepFailedError({ kind: "failed", message }) });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const s = await waitForState(actor, (x) => x.matches("editing") && x.context.result !== null);
    expect(s.context.result).toEqual({ kind: "failed", message, charged: false });
  });

  it("part of the balance: only the invoices paid now are sent and receipted", async () => {
    const { actor, calls } = start();
    actor.send({ type: "choice.select", choice: 2 });
    actor.send({ type: "amount.change", text: "20.00" });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const done = await waitForState(actor, (s) => s.matches("succeeded"));
    expect(calls.temp[0]!.allocations).toEqual([{ id: "i1", payNowCents: 2000, checked: true }]);
    expect(done.context.result).toMatchObject({ kind: "succeeded", receipt: { amountCents: 2000, allocations: [{ id: "i1", payNowCents: 2000 }] } });
  });

  it("a practice with no card types pays with no type named and no fee, rather than failing", async () => {
    const { actor, calls } = start({}, { cardTypes: [] });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const done = await waitForState(actor, (s) => s.matches("succeeded"));
    expect(calls.temp[0]).toMatchObject({ amountCents: 12050, feeCents: 0, cardType: "" });
    expect(done.context.result).toMatchObject({ receipt: { cardType: "", feeCents: 0 } });
  });

  it("the card is confirmed with the intent's client secret and the attempt's key", async () => {
    const { actor, calls } = start({ intent: "pi_123_secret_456" });
    ready(actor);
    actor.send({ type: "pay.submit" });
    await waitForState(actor, (s) => s.matches("succeeded"));
    expect(calls.confirmed).toEqual([{ clientSecret: "pi_123_secret_456", key: "key-1" }]);
  });

  it("charged, and the practice's answer to the recording says neither yes nor no: says exactly that", async () => {
    const { actor } = start({ save: ["unknown"] });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const failed = await waitForState(actor, (s) => s.matches("failed"));
    expect(failed.context.result).toEqual({ kind: "failed", message: paymentOutcomeTexts.chargedRecordingUnknown, charged: true });
    expect(paymentOutcomeTexts.chargedRecordingUnknown).not.toBe(paymentOutcomeTexts.chargedNotRecorded);
  });

  it("an intent refused for an ended session says the session ended: nothing reached the card", async () => {
    const { actor, calls } = start({ intent: new StepSessionEndedError("/accounts/pay") });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const failed = await waitForState(actor, (s) => s.matches("failed"));
    expect(failed.context.result).toMatchObject({ sessionEnded: true, charged: false });
    expect(calls.confirm).toBe(0);
  });

  it("a failure that is not an Error adds no words of its own to 'not charged'", async () => {
    const { actor } = start({ intent: { throws: { message: "not an Error, not the patient's to read" } } });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const failed = await waitForState(actor, (s) => s.matches("failed"));
    expect(failed.context.result).toEqual({ kind: "failed", message: paymentTexts.notCharged, charged: false });
  });

  it("a refusal's words are shown with their spacing made one space", async () => {
    const { actor } = start({ confirm: refused("Your card  was\n declined.") });
    ready(actor);
    actor.send({ type: "pay.submit" });
    const failed = await waitForState(actor, (s) => s.matches("failed"));
    expect(failed.context.result).toMatchObject({ message: `Your card was declined. ${paymentTexts.notCharged}` });
  });
});
