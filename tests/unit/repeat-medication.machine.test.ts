import { describe, expect, it } from "vitest";
import { assign, createActor, fromPromise } from "xstate";
import { waitForState } from "../helpers/wait-for-state";
import { medicationsTexts } from "~/areas/medications/texts";
import type { PharmacyOption, RepeatSettings } from "~/areas/medications/view";
import { everyRepeatChoice } from "../helpers/repeat-settings";
import type { RepeatChoice, RepeatReply } from "~/areas/medications/repeat-request";
import { StepNetworkError, StepSessionEndedError } from "~/lib/step-errors";
import { preferredPharmacy, repeatMedicationMachine } from "~/areas/medications/repeat-medication.machine";

const t = medicationsTexts;

const settings: RepeatSettings = everyRepeatChoice;
const pharmacies: PharmacyOption[] = [
  { id: "p1", name: "Unichem Central", favourite: false },
  { id: "p2", name: "Life Pharmacy North", favourite: true },
  { id: "p3", name: "Amcal Mall", favourite: false },
];

interface Sent {
  choice: RepeatChoice;
  key: string;
  ignoreLeave: boolean;
}

function start(options: { settings?: Partial<RepeatSettings>; replies?: (RepeatReply | Error)[]; pharmacies?: (PharmacyOption[] | Error)[] } = {}) {
  const sent: Sent[] = [];
  let pharmacyLoads = 0;
  let keys = 0;
  const machine = repeatMedicationMachine.provide({
    actors: {
      loadPharmacies: fromPromise(async () => {
        pharmacyLoads++;
        const next = options.pharmacies?.shift() ?? pharmacies;
        if (next instanceof Error) throw next;
        return next;
      }),
      sendRequest: fromPromise(async ({ input }) => {
        sent.push({ ...input, choice: { ...input.choice, medicationIds: [...input.choice.medicationIds] } });
        const next = options.replies?.shift() ?? { outcome: "sent" as const, message: "Sent to the practice." };
        if (next instanceof Error) throw next;
        return next;
      }),
    },
    actions: { mintKey: assign({ key: () => `attempt-${++keys}` }) },
  });
  const actor = createActor(machine, { input: { settings: { ...settings, ...options.settings } } }).start();
  return { actor, sent, pharmacyLoads: () => pharmacyLoads };
}

const inForm = (state: string) => (s: { matches(v: unknown): boolean }) => s.matches({ requesting: { form: state } });

async function openWith(actor: ReturnType<typeof start>["actor"], ...ids: string[]) {
  for (const id of ids) actor.send({ type: "medicine.toggle", id });
  actor.send({ type: "repeat.open" });
  await waitForState(actor, (s) => s.matches({ requesting: { pharmacies: "loaded" } }) || s.matches({ requesting: { pharmacies: "failed" } }));
}

describe("repeat medication machine (2§4, 2§5)", () => {
  it("refuses to open with no medicine chosen: Select at least one Medicine", () => {
    const { actor } = start();
    actor.send({ type: "repeat.open" });
    expect(actor.getSnapshot().matches("choosing")).toBe(true);
    expect(actor.getSnapshot().context.errors.medicationIds).toBe(t.selectOne);
    // Choosing one clears the message and opens.
    actor.send({ type: "medicine.toggle", id: "m1" });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: "repeat.open" });
    expect(actor.getSnapshot().matches("requesting")).toBe(true);
  });

  it("chooses and unchooses medicines one by one and all shown at once", () => {
    const { actor } = start();
    actor.send({ type: "medicine.set", ids: ["a", "b", "c"], selected: true });
    actor.send({ type: "medicine.toggle", id: "b" });
    expect(actor.getSnapshot().context.medicationIds).toEqual(["a", "c"]);
    actor.send({ type: "medicine.set", ids: ["a"], selected: false });
    expect(actor.getSnapshot().context.medicationIds).toEqual(["c"]);
  });

  it("sends a pick up request and shows the practice's reply", async () => {
    const { actor, sent } = start({ replies: [{ outcome: "sent", message: "Ready in two days." }] });
    await openWith(actor, "m1", "m2");
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("sent"));
    expect(sent).toEqual([{ choice: { medicationIds: ["m1", "m2"], delivery: "pickup", pharmacyId: "p2", urgent: false, fax: false, notes: "" }, key: "attempt-1", ignoreLeave: false }]);
    expect(actor.getSnapshot().context.message).toBe("Ready in two days.");
    // Closing after a sent request starts afresh.
    actor.send({ type: "dialog.close" });
    expect(actor.getSnapshot().matches("choosing")).toBe(true);
    expect(actor.getSnapshot().context.medicationIds).toEqual([]);
  });

  it("preselects the preferred pharmacy, requires one for pharmacy delivery: Please select pharmacy", async () => {
    const { actor, sent } = start({ pharmacies: [[pharmacies[0], { ...pharmacies[1], favourite: false }]] });
    await openWith(actor, "m1");
    expect(actor.getSnapshot().context.pharmacyId).toBeNull();
    actor.send({ type: "delivery.select", delivery: "pharmacy" });
    actor.send({ type: "request.submit" });
    expect(actor.getSnapshot().matches({ requesting: { form: "editing" } })).toBe(true);
    expect(actor.getSnapshot().context.errors.pharmacyId).toBe(t.selectPharmacy);
    expect(sent).toEqual([]);
    actor.send({ type: "pharmacy.select", id: "p1", name: "Unichem Central" });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: "urgent.toggle" });
    actor.send({ type: "fax.toggle" });
    actor.send({ type: "notes.change", text: "Before Friday please" });
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("sent"));
    expect(sent[0].choice).toEqual({ medicationIds: ["m1"], delivery: "pharmacy", pharmacyId: "p1", urgent: true, fax: true, notes: "Before Friday please" });
  });

  it("preferredPharmacy: the practice's id, then its name, then the favourite", () => {
    expect(preferredPharmacy(pharmacies, { preferredPharmacyId: "p3", preferredPharmacyName: null })?.id).toBe("p3");
    expect(preferredPharmacy(pharmacies, { preferredPharmacyId: "nope", preferredPharmacyName: "unichem central" })?.id).toBe("p1");
    expect(preferredPharmacy(pharmacies, { preferredPharmacyId: null, preferredPharmacyName: null })?.id).toBe("p2");
    expect(preferredPharmacy([pharmacies[0]], { preferredPharmacyId: null, preferredPharmacyName: null })).toBeNull();
  });

  it("refuses pick up while the patient owes anything, and starts on pharmacy", async () => {
    const { actor, sent } = start({ settings: { outstandingBalanceCents: 12050 } });
    await openWith(actor, "m1");
    expect(actor.getSnapshot().context.delivery).toBe("pharmacy");
    actor.send({ type: "delivery.select", delivery: "pickup" });
    actor.send({ type: "request.submit" });
    expect(actor.getSnapshot().context.errors.delivery).toBe(t.outstandingBalance);
    expect(sent).toEqual([]);
    actor.send({ type: "delivery.select", delivery: "pharmacy" });
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("sent"));
    expect(sent[0].choice).toMatchObject({ delivery: "pharmacy", pharmacyId: "p2" });
  });

  it("without the choice, sends the practice's way: pick up, or pharmacy when it is mandatory", async () => {
    const pickup = start({ settings: { showDeliveryChoice: false, defaultDelivery: "pickup" } });
    await openWith(pickup.actor, "m1");
    pickup.actor.send({ type: "request.submit" });
    await waitForState(pickup.actor, inForm("sent"));
    expect(pickup.sent[0].choice.delivery).toBe("pickup");

    const pharmacy = start({ settings: { showDeliveryChoice: false, defaultDelivery: "pharmacy" } });
    await openWith(pharmacy.actor, "m1");
    pharmacy.actor.send({ type: "request.submit" });
    await waitForState(pharmacy.actor, inForm("sent"));
    expect(pharmacy.sent[0].choice).toMatchObject({ delivery: "pharmacy", pharmacyId: "p2" });
  });

  it("provider on leave (302): offers the choice; going back keeps everything; resending sends IgnoreLeave with a new key", async () => {
    const { actor, sent } = start({
      replies: [{ outcome: "onLeave", providers: ["Dr Aroha Ngata"] }, { outcome: "onLeave", providers: ["Dr Aroha Ngata"] }, { outcome: "sent", message: "Sent to another doctor." }],
    });
    await openWith(actor, "m1");
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("onLeave"));
    expect(actor.getSnapshot().context.onLeave).toEqual(["Dr Aroha Ngata"]);
    actor.send({ type: "leave.back" });
    expect(actor.getSnapshot().matches({ requesting: { form: "editing" } })).toBe(true);
    expect(actor.getSnapshot().context.medicationIds).toEqual(["m1"]);
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("onLeave"));
    actor.send({ type: "leave.resend" });
    await waitForState(actor, inForm("sent"));
    expect(sent.map((s) => [s.key, s.ignoreLeave])).toEqual([
      ["attempt-1", false],
      ["attempt-2", false],
      ["attempt-3", true],
    ]);
    expect(actor.getSnapshot().context.message).toBe("Sent to another doctor.");
  });

  it("closing at the on-leave choice keeps the medicines; the next send is a new attempt without IgnoreLeave", async () => {
    const { actor, sent } = start({ replies: [{ outcome: "onLeave", providers: [] }] });
    await openWith(actor, "m1");
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("onLeave"));
    expect(actor.getSnapshot().context.onLeave).toEqual([]);
    actor.send({ type: "dialog.close" });
    expect(actor.getSnapshot().matches("choosing")).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ medicationIds: ["m1"], key: null, onLeave: [] });
    actor.send({ type: "repeat.open" });
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("sent"));
    expect(sent.map((s) => [s.key, s.ignoreLeave])).toEqual([
      ["attempt-1", false],
      ["attempt-2", false],
    ]);
  });

  it("a failed send keeps the dialog and every choice; Try again reuses the attempt's key", async () => {
    const { actor, sent } = start({ replies: [new StepNetworkError("offline"), { outcome: "failed", message: "The practice is not answering." }, { outcome: "sent", message: "Done." }] });
    await openWith(actor, "m1", "m2");
    actor.send({ type: "delivery.select", delivery: "pharmacy" });
    actor.send({ type: "pharmacy.select", id: "p3", name: "Amcal Mall" });
    actor.send({ type: "notes.change", text: "Thanks" });
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("failed"));
    expect(actor.getSnapshot().context.message).toBe(t.sendFailed);
    expect(actor.getSnapshot().context).toMatchObject({ medicationIds: ["m1", "m2"], delivery: "pharmacy", pharmacyId: "p3", notes: "Thanks" });
    actor.send({ type: "request.retry" });
    await waitForState(actor, inForm("failed"));
    expect(actor.getSnapshot().context.message).toBe("The practice is not answering.");
    // Closing and reopening keeps the attempt too: the practice may have it already.
    actor.send({ type: "dialog.close" });
    expect(actor.getSnapshot().matches("choosing")).toBe(true);
    actor.send({ type: "repeat.open" });
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("sent"));
    expect(sent.map((s) => s.key)).toEqual(["attempt-1", "attempt-1", "attempt-1"]);
  });

  it("an unknown outcome (issue 36) is neither sent nor failed: every choice stays, and only the patient's explicit Send it again anyway is a new request", async () => {
    const { actor, sent } = start({ replies: [{ outcome: "unknown", message: t.unconfirmed }, { outcome: "unknown", message: t.unconfirmed }, { outcome: "sent", message: "Done." }] });
    await openWith(actor, "m1");
    actor.send({ type: "notes.change", text: "Thanks" });
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("unconfirmed"));
    expect(actor.getSnapshot().context).toMatchObject({ message: t.unconfirmed, medicationIds: ["m1"], notes: "Thanks" });
    // Nothing changes the request while it is unknown, and Try again is not on offer.
    actor.send({ type: "notes.change", text: "Changed" });
    actor.send({ type: "request.retry" });
    expect(actor.getSnapshot().matches({ requesting: { form: "unconfirmed" } })).toBe(true);
    expect(actor.getSnapshot().context.notes).toBe("Thanks");
    // Closed and reopened, the same attempt is asked about again: the server answers unknown, never a second request.
    actor.send({ type: "dialog.close" });
    actor.send({ type: "repeat.open" });
    actor.send({ type: "request.submit" });
    await waitForState(actor, (s) => s.matches({ requesting: { form: "unconfirmed" } }) && sent.length === 2);
    actor.send({ type: "request.sendAgain" });
    await waitForState(actor, inForm("sent"));
    expect(sent.map((s) => s.key)).toEqual(["attempt-1", "attempt-1", "attempt-2"]);
  });

  it("changing the request after a failure is a new attempt, through Change the request or by editing a field", async () => {
    const { actor, sent } = start({ replies: [new StepNetworkError("offline"), new StepNetworkError("offline")] });
    await openWith(actor, "m1");
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("failed"));
    actor.send({ type: "request.edit" });
    actor.send({ type: "urgent.toggle" });
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("failed"));
    // Typing in the form straight after a failure: back to editing, the failure's message gone.
    actor.send({ type: "notes.change", text: "Please" });
    expect(actor.getSnapshot().matches({ requesting: { form: "editing" } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ notes: "Please", message: null, key: null });
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("sent"));
    expect(sent.map((s) => s.key)).toEqual(["attempt-1", "attempt-2", "attempt-3"]);
  });

  it("a refusal shows the server's field message and lets the patient fix it", async () => {
    const { actor, sent } = start({
      replies: [
        { outcome: "refused", message: t.outstandingBalance, fields: { delivery: t.outstandingBalance } },
        { outcome: "refused", message: "The practice could not take this request." },
      ],
    });
    await openWith(actor, "m1");
    actor.send({ type: "request.submit" });
    await waitForState(actor, (s) => s.matches({ requesting: { form: "editing" } }) && sent.length === 1);
    expect(actor.getSnapshot().context.errors).toEqual({ delivery: t.outstandingBalance });
    expect(actor.getSnapshot().context.key).toBeNull();
    actor.send({ type: "request.submit" });
    await waitForState(actor, (s) => s.matches({ requesting: { form: "editing" } }) && sent.length === 2);
    expect(actor.getSnapshot().context.message).toBe("The practice could not take this request.");
  });

  it("a submit while sending is ignored: one request", async () => {
    let release: (reply: RepeatReply) => void = () => undefined;
    const sent: string[] = [];
    const machine = repeatMedicationMachine.provide({
      actors: {
        loadPharmacies: fromPromise(async () => pharmacies),
        sendRequest: fromPromise(({ input }) => {
          sent.push(input.key);
          return new Promise<RepeatReply>((resolve) => (release = resolve));
        }),
      },
      actions: { mintKey: assign({ key: () => "only-key" }) },
    });
    const actor = createActor(machine, { input: { settings } }).start();
    await openWith(actor, "m1");
    actor.send({ type: "request.submit" });
    actor.send({ type: "request.submit" });
    actor.send({ type: "dialog.close" });
    expect(actor.getSnapshot().matches({ requesting: { form: "sending" } })).toBe(true);
    release({ outcome: "sent", message: "ok" });
    await waitForState(actor, inForm("sent"));
    expect(sent).toEqual(["only-key"]);
  });

  it("pharmacies that fail to load can be loaded again, and load once per page", async () => {
    const { actor, pharmacyLoads } = start({ pharmacies: [new Error("down")] });
    await openWith(actor, "m1");
    expect(actor.getSnapshot().context.pharmaciesError).toBe(t.pharmaciesFailed);
    actor.send({ type: "pharmacies.retry" });
    await waitForState(actor, (s) => s.matches({ requesting: { pharmacies: "loaded" } }));
    expect(actor.getSnapshot().context.pharmacyId).toBe("p2");
    actor.send({ type: "dialog.close" });
    actor.send({ type: "repeat.open" });
    expect(actor.getSnapshot().matches({ requesting: { pharmacies: "loaded" } })).toBe(true);
    expect(pharmacyLoads()).toBe(2);
  });

  it("a send that meets an ended session keeps everything chosen, says so, and Try again sends the same attempt (issue 21)", async () => {
    const { actor, sent } = start({ replies: [new StepSessionEndedError("/medications/repeat")] });
    await openWith(actor, "m1", "m2");
    actor.send({ type: "delivery.select", delivery: "pharmacy" });
    actor.send({ type: "pharmacy.select", id: "p3", name: "Amcal Mall" });
    actor.send({ type: "urgent.toggle" });
    actor.send({ type: "notes.change", text: "Running low" });
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("failed"));
    const ctx = actor.getSnapshot().context;
    expect(ctx.sessionEnded).toBe(true);
    expect(ctx.message).toBe(t.sessionEnded);
    expect({ ids: ctx.medicationIds, delivery: ctx.delivery, pharmacy: ctx.pharmacyId, urgent: ctx.urgent, notes: ctx.notes }).toEqual({ ids: ["m1", "m2"], delivery: "pharmacy", pharmacy: "p3", urgent: true, notes: "Running low" });
    actor.send({ type: "request.retry" });
    await waitForState(actor, inForm("sent"));
    expect(sent.map((s) => s.key)).toEqual(["attempt-1", "attempt-1"]);
    expect(actor.getSnapshot().context.sessionEnded).toBe(false);
  });

  it("pharmacies that could not load for an ended session say so", async () => {
    const { actor } = start({ pharmacies: [new StepSessionEndedError("/medications/repeat")] });
    await openWith(actor, "m1");
    expect(actor.getSnapshot().context.pharmaciesError).toBe(t.pharmaciesSessionEnded);
  });
});

/* Each rule below was found unguarded by mutation testing (issue 57): the machine could break it and no test would notice. */
describe("repeat medication machine: what is sent and shown", () => {
  it("the pharmacy preselected by the practice's name for it is that one, wherever it is in the list", async () => {
    const { actor, sent } = start({ settings: { preferredPharmacyName: "AMCAL MALL" } });
    await openWith(actor, "m1");
    actor.send({ type: "delivery.select", delivery: "pharmacy" });
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("sent"));
    expect(sent[0].choice.pharmacyId).toBe("p3");
  });

  it("a pharmacy chosen before the list arrived is the one sent to: the preferred one does not replace it", async () => {
    const { actor, sent } = start();
    actor.send({ type: "medicine.toggle", id: "m1" });
    actor.send({ type: "repeat.open" });
    actor.send({ type: "delivery.select", delivery: "pharmacy" });
    actor.send({ type: "pharmacy.select", id: "p3", name: "Amcal Mall" });
    await waitForState(actor, (s) => s.matches({ requesting: { pharmacies: "loaded" } }));
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("sent"));
    expect(sent[0].choice.pharmacyId).toBe("p3");
  });

  it("a refusal that names a field is shown at that field only; one that names none shows the practice's words", async () => {
    const words = "The practice could not take this request.";
    const { actor, sent } = start({
      replies: [
        { outcome: "refused", message: t.outstandingBalance, fields: { delivery: t.outstandingBalance } },
        { outcome: "refused", message: words, fields: {} },
      ],
    });
    await openWith(actor, "m1");
    actor.send({ type: "request.submit" });
    const fieldRefused = await waitForState(actor, (s) => s.matches({ requesting: { form: "editing" } }) && sent.length === 1);
    expect(fieldRefused.context).toMatchObject({ message: null, errors: { delivery: t.outstandingBalance } });
    actor.send({ type: "request.submit" });
    const refused = await waitForState(actor, (s) => s.matches({ requesting: { form: "editing" } }) && sent.length === 2);
    expect(refused.context).toMatchObject({ message: words, errors: {} });
  });

  it("a failure the practice explains, or a network failure, offers no sign-in: the session did not end", async () => {
    const { actor } = start({ replies: [{ outcome: "failed", message: "The practice is not answering." }, new StepNetworkError("offline")] });
    await openWith(actor, "m1");
    actor.send({ type: "request.submit" });
    const failed = await waitForState(actor, inForm("failed"));
    expect(failed.context).toMatchObject({ message: "The practice is not answering.", sessionEnded: false });
    actor.send({ type: "request.retry" });
    const again = await waitForState(actor, (s) => s.matches({ requesting: { form: "failed" } }) && s.context.message !== null);
    expect(again.context).toMatchObject({ message: t.sendFailed, sessionEnded: false });
  });

  it("after a request is sent, the next one starts with nothing of it: not urgent, no fax, no notes", async () => {
    const { actor, sent } = start();
    await openWith(actor, "m1");
    actor.send({ type: "delivery.select", delivery: "pharmacy" });
    actor.send({ type: "urgent.toggle" });
    actor.send({ type: "fax.toggle" });
    actor.send({ type: "notes.change", text: "Running low" });
    actor.send({ type: "request.submit" });
    await waitForState(actor, inForm("sent"));
    actor.send({ type: "dialog.close" });
    await openWith(actor, "m2");
    actor.send({ type: "request.submit" });
    await waitForState(actor, (s) => s.matches({ requesting: { form: "sent" } }) && sent.length === 2);
    expect(sent[1].choice).toEqual({ medicationIds: ["m2"], delivery: "pharmacy", pharmacyId: "p2", urgent: false, fax: false, notes: "" });
  });
});
