import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { waitForState } from "../helpers/wait-for-state";
import { bookFields, bookingMachine, type BookingContext, type BookingInput } from "~/areas/appointments/booking.machine";
import { QUESTIONS, bookableDays, bookingFailureText, bookingSettingsOf, nextSearchStart, type BookReply, type BookingSettings, type Option, type ProviderView, type SlotView } from "~/areas/appointments/booking";
import { appointmentsTexts } from "~/areas/appointments/texts";
import { StepNetworkError, StepRefusedError, StepReplyError, StepSessionEndedError } from "~/lib/step-errors";
import { StepFailedError } from "~/lib/steps";

const t = appointmentsTexts;

const SETTINGS: BookingSettings = {
  disabled: false,
  covidScreening: false,
  sameDayAllowed: true,
  showReasonsForContact: true,
  reasonNarrowsProviders: false,
  bypassLockDown: false,
  showConsultOptions: true,
  face2FaceMessage: "Arrive early",
  terms: "Give 24 hours' notice",
};
const TODAY = "2026-03-03";
const input = (settings: Partial<BookingSettings> = {}, family: BookingInput["family"] = { canChoose: false, members: [] }): BookingInput => ({
  settings: { ...SETTINGS, ...settings },
  today: TODAY,
  types: [
    { id: "1", name: "Face to Face" },
    { id: "2", name: "Video Consult" },
  ],
  locations: [
    { id: "1", name: "Main" },
    { id: "2", name: "Satellite" },
  ],
  reasonsForContact: [{ id: "25", name: "General" }, { id: "26", name: "Repeat" }],
  family,
});

const GP: ProviderView = { id: "p1", name: "Dr One", lockedDown: false };
const NURSE: ProviderView = { id: "p2", name: "Nurse Two", lockedDown: false };
const SLOTS: SlotView[] = [
  { id: "s1", start: "2026-03-05T09:00:00+13:00", time: "9:00 am", period: "Morning", locationId: "1" },
  { id: "s2", start: "2026-03-05T14:00:00+13:00", time: "2:00 pm", period: "Afternoon", locationId: "1" },
];

interface Fakes {
  providers?: ProviderView[];
  slots?: (s: { date: string; providerId: string; for: string }) => SlotView[];
  nextDay?: { date: string | null; slots: SlotView[] };
  book?: (fields: Record<string, string>) => BookReply;
  failSlots?: boolean;
  /** A list the practice could not give: its step answers with a failure. */
  fail?: Partial<Record<"roles" | "providers" | "nextDay", boolean>>;
}

const unreachable = () => new StepFailedError({ kind: "failed", message: "The practice could not be reached just now." });

function start(settings: Partial<BookingSettings> = {}, fakes: Fakes = {}, family?: BookingInput["family"], practice: Partial<BookingInput> = {}) {
  const calls = { roles: 0, slots: [] as Record<string, unknown>[], book: [] as Record<string, string>[], providers: [] as Record<string, unknown>[], nextDay: [] as string[] };
  const machine = bookingMachine.provide({
    actors: {
      loadRoles: fromPromise(async () => {
        calls.roles += 1;
        if (fakes.fail?.roles) throw unreachable();
        return [{ id: "1", name: "Doctor" }, { id: "2", name: "Nurse" }];
      }),
      loadProviders: fromPromise(async ({ input }) => {
        calls.providers.push({ ...input });
        if (fakes.fail?.providers) throw unreachable();
        return fakes.providers ?? [GP, NURSE];
      }),
      loadSlots: fromPromise(async ({ input }) => {
        calls.slots.push({ ...input });
        if (fakes.failSlots) throw unreachable();
        return fakes.slots ? fakes.slots(input) : SLOTS;
      }),
      loadNextDay: fromPromise(async ({ input }) => {
        calls.nextDay.push(input.start);
        if (fakes.fail?.nextDay) throw unreachable();
        return fakes.nextDay ?? { date: null, slots: [] };
      }),
      book: fromPromise(async ({ input }) => {
        calls.book.push(input);
        return fakes.book ? fakes.book(input) : { outcome: "booked" as const, message: t.booked };
      }),
    },
  });
  const actor = createActor(machine, { input: { ...input(settings, family), ...practice } }).start();
  return { actor, calls };
}

const idle = (actor: ReturnType<typeof start>["actor"]) => waitForState(actor, (s) => s.matches({ choosing: "idle" }));

async function choose(actor: ReturnType<typeof start>["actor"], date = "2026-03-05") {
  actor.send({ type: "type.select", id: "1" });
  actor.send({ type: "location.toggle", id: "1" });
  await idle(actor);
  actor.send({ type: "provider.select", id: GP.id });
  actor.send({ type: "date.select", date });
  await idle(actor);
  actor.send({ type: "slot.select", id: "s1" });
}

describe("booking machine", () => {
  it("DisableAppointment: no booking at all", () => {
    const { actor } = start({ disabled: true });
    expect(actor.getSnapshot().value).toBe("disabled");
    actor.send({ type: "type.select", id: "1" });
    expect(actor.getSnapshot().value).toBe("disabled");
  });

  it("type, location, provider, date and slot load in turn; the booking sends Not Provided and reason 25", async () => {
    const { actor, calls } = start();
    await choose(actor);
    expect(calls.slots.at(-1)).toMatchObject({ date: "2026-03-05", providerId: "p1", typeId: "1", locationIds: ["1"], for: "" });
    expect(actor.getSnapshot().context.slotId).toBe("s1");
    actor.send({ type: "book.start" });
    expect(actor.getSnapshot().value).toBe("confirming");
    actor.send({ type: "confirm.accept" });
    await waitForState(actor, (s) => s.matches("booked"));
    expect(calls.book[0]).toMatchObject({ slotId: "s1", reason: "Not Provided", reasonForContactId: "25", screening: "none", for: "" });
    expect(actor.getSnapshot().context.booked).toBe(t.booked);
    // Cleanup: the form starts again.
    actor.send({ type: "done.close" });
    expect(actor.getSnapshot().context).toMatchObject({ slotId: "", slots: [], date: "", reason: "" });
  });

  it("a chosen reason for contact and a typed reason are sent as chosen", async () => {
    const { actor, calls } = start();
    await choose(actor);
    actor.send({ type: "reason.change", text: "  Sore knee " });
    actor.send({ type: "contact.select", id: "26" });
    actor.send({ type: "book.start" });
    actor.send({ type: "confirm.accept" });
    await waitForState(actor, (s) => s.matches("booked"));
    expect(calls.book[0]).toMatchObject({ reason: "Sore knee", reasonForContactId: "26" });
  });

  it("where the practice maps reasons to providers (1§3), a new reason for contact loads the providers again with it and lets go of the provider and times chosen (issue 33 item 4)", async () => {
    const { actor, calls } = start({ reasonNarrowsProviders: true });
    await choose(actor);
    expect(calls.providers.at(-1)).toMatchObject({ reasonForContactId: "" });
    const loads = calls.providers.length;
    actor.send({ type: "contact.select", id: "26" });
    expect(actor.getSnapshot().matches({ choosing: "loadingProviders" })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ providerId: "", providers: [], slotId: "", slots: [] });
    await idle(actor);
    expect(calls.providers).toHaveLength(loads + 1);
    expect(calls.providers.at(-1)).toMatchObject({ reasonForContactId: "26", typeId: "1", locationIds: ["1"] });
    // The same reason again asks nothing; a reason the practice does not list is ignored.
    actor.send({ type: "contact.select", id: "26" });
    actor.send({ type: "contact.select", id: "99" });
    expect(calls.providers).toHaveLength(loads + 1);
    expect(actor.getSnapshot().context.reasonForContactId).toBe("26");
  });

  it("without the mapping a reason for contact reloads nothing and keeps the provider and time", async () => {
    const { actor, calls } = start();
    await choose(actor);
    const loads = calls.providers.length;
    actor.send({ type: "contact.select", id: "26" });
    expect(calls.providers).toHaveLength(loads);
    expect(actor.getSnapshot().context).toMatchObject({ reasonForContactId: "26", providerId: GP.id, slotId: "s1" });
  });

  it("refuses to book until date, provider and slot are chosen, naming what is missing", () => {
    const { actor } = start();
    actor.send({ type: "book.start" });
    expect(actor.getSnapshot().value).toEqual({ choosing: "idle" });
    expect(actor.getSnapshot().context.errors).toMatchObject({ type: t.chooseType, location: t.chooseLocation, provider: t.chooseProvider, date: t.chooseDate, slot: t.chooseSlot });
  });

  it("same day: today only when allowed; refused otherwise without a lookup", async () => {
    const refused = start({ sameDayAllowed: false });
    refused.actor.send({ type: "type.select", id: "1" });
    refused.actor.send({ type: "location.toggle", id: "1" });
    await idle(refused.actor);
    refused.actor.send({ type: "provider.select", id: "p1" });
    refused.actor.send({ type: "date.select", date: TODAY });
    expect(refused.actor.getSnapshot().context.errors.date).toBe(t.sameDayRefused);
    expect(refused.calls.slots).toHaveLength(0);
    const allowed = start();
    await choose(allowed.actor, TODAY);
    expect(allowed.calls.slots.at(-1)).toMatchObject({ date: TODAY });
  });

  it("refuses a date beyond the 90-day picker", async () => {
    const { actor, calls } = start();
    await choose(actor);
    actor.send({ type: "date.select", date: "2026-06-01" });
    expect(actor.getSnapshot().context.errors.date).toBe(t.dateOutOfRange);
    expect(calls.slots).toHaveLength(1);
  });

  it("says No Slots Available, and No More Slots Available for next Day when none is found", async () => {
    const { actor } = start({}, { slots: () => [] });
    await choose(actor);
    expect(actor.getSnapshot().context.notice).toBe(t.noSlots);
    actor.send({ type: "day.next" });
    await idle(actor);
    expect(actor.getSnapshot().context.notice).toBe(t.noNextDay);
  });

  it("next available day moves to the day found with its slots", async () => {
    const { actor, calls } = start({}, { slots: () => [], nextDay: { date: "2026-03-09", slots: SLOTS } });
    await choose(actor);
    actor.send({ type: "day.next" });
    await idle(actor);
    expect(calls.nextDay).toEqual(["2026-03-06"]);
    expect(actor.getSnapshot().context).toMatchObject({ date: "2026-03-09", slots: SLOTS, notice: null });
  });

  it("next available day with no date shown looks from the first bookable day", async () => {
    const allowed = start({}, { nextDay: { date: "2026-03-04", slots: SLOTS } });
    const refused = start({ sameDayAllowed: false }, { nextDay: { date: "2026-03-04", slots: SLOTS } });
    for (const { actor } of [allowed, refused]) {
      actor.send({ type: "type.select", id: "1" });
      actor.send({ type: "location.toggle", id: "1" });
      await idle(actor);
      actor.send({ type: "provider.select", id: "p1" });
      actor.send({ type: "day.next" });
      await idle(actor);
      expect(actor.getSnapshot().context.date).toBe("2026-03-04");
    }
    expect(allowed.calls.nextDay).toEqual([TODAY]);
    expect(refused.calls.nextDay).toEqual(["2026-03-04"]);
  });

  it("next available day wraps round after 60 days", () => {
    expect(nextSearchStart("2026-03-10", TODAY, true)).toBe("2026-03-11");
    expect(nextSearchStart("2026-05-02", TODAY, true)).toBe(TODAY);
    expect(nextSearchStart("2026-05-02", TODAY, false)).toBe("2026-03-04");
  });

  it("an empty provider list names the role", async () => {
    const { actor } = start({}, { providers: [] });
    actor.send({ type: "type.select", id: "1" });
    actor.send({ type: "location.toggle", id: "1" });
    await idle(actor);
    actor.send({ type: "role.select", id: "2" });
    await idle(actor);
    expect(actor.getSnapshot().context.notice).toBe(t.noProvider("Nurse"));
  });

  it("lock-down: the first provider flagged and no bypass fixes provider and role", async () => {
    const locked = { ...GP, lockedDown: true };
    const { actor } = start({}, { providers: [locked, NURSE] });
    actor.send({ type: "type.select", id: "1" });
    actor.send({ type: "location.toggle", id: "1" });
    await idle(actor);
    expect(actor.getSnapshot().context).toMatchObject({ lockedDown: true, providerId: "p1" });
    actor.send({ type: "provider.select", id: "p2" });
    actor.send({ type: "role.select", id: "2" });
    expect(actor.getSnapshot().context).toMatchObject({ providerId: "p1", roleId: "" });
  });

  it("lock-down is bypassed when the practice says so", async () => {
    const { actor } = start({ bypassLockDown: true }, { providers: [{ ...GP, lockedDown: true }, NURSE] });
    actor.send({ type: "type.select", id: "1" });
    actor.send({ type: "location.toggle", id: "1" });
    await idle(actor);
    expect(actor.getSnapshot().context.lockedDown).toBe(false);
    actor.send({ type: "provider.select", id: "p2" });
    expect(actor.getSnapshot().context.providerId).toBe("p2");
  });

  it("family: only a main account may choose; a member must be chosen and travels in every call", async () => {
    const family = { canChoose: true, members: [{ id: "m1", name: "Kid" }] };
    const { actor, calls } = start({}, {}, family);
    actor.send({ type: "who.select", forWhom: "family" });
    await choose(actor);
    actor.send({ type: "book.start" });
    expect(actor.getSnapshot().context.errors.member).toBe(t.chooseMember);
    actor.send({ type: "member.select", id: "stranger" });
    expect(actor.getSnapshot().context.memberId).toBe("");
    actor.send({ type: "member.select", id: "m1" });
    await idle(actor);
    actor.send({ type: "slot.select", id: "s1" });
    actor.send({ type: "book.start" });
    actor.send({ type: "confirm.accept" });
    await waitForState(actor, (s) => s.matches("booked"));
    expect(calls.providers.at(-1)).toMatchObject({ for: "m1" });
    expect(calls.slots.at(-1)).toMatchObject({ for: "m1" });
    expect(calls.book[0]).toMatchObject({ for: "m1" });
    // Without the right to choose, family is ignored.
    const solo = start();
    solo.actor.send({ type: "who.select", forWhom: "family" });
    expect(solo.actor.getSnapshot().context.forWhom).toBe("self");
  });

  describe("COVID questionnaire", () => {
    async function toQuestionnaire(settings: Partial<BookingSettings> = {}, fakes: Fakes = {}) {
      const started = start({ covidScreening: true, ...settings }, fakes);
      await choose(started.actor);
      started.actor.send({ type: "book.start" });
      expect(started.actor.getSnapshot().value).toBe("questionnaire");
      return started;
    }
    const answerAll = (actor: ReturnType<typeof start>["actor"], risky = false) => {
      actor.send({ type: "answer.set", id: "contact", answer: risky ? "yes" : "no" });
      actor.send({ type: "answer.set", id: "positive", answer: "no" });
      actor.send({ type: "answer.set", id: "vaccinated", answer: "yes" });
    };

    it("is skipped when the practice does not screen", async () => {
      const { actor } = start();
      await choose(actor);
      actor.send({ type: "book.start" });
      expect(actor.getSnapshot().value).toBe("confirming");
    });

    it("needs a symptom or No Symptoms and every answer: Fill mandatory field", async () => {
      const { actor } = await toQuestionnaire();
      actor.send({ type: "questionnaire.submit" });
      expect(actor.getSnapshot().context.error).toBe(t.fillMandatory);
      answerAll(actor);
      actor.send({ type: "questionnaire.submit" });
      expect(actor.getSnapshot().value).toBe("questionnaire");
      actor.send({ type: "noSymptoms.toggle" });
      actor.send({ type: "questionnaire.submit" });
      expect(actor.getSnapshot().value).toBe("confirming");
      expect(actor.getSnapshot().context.screening).toBe("clear");
    });

    it("asks only what 2§4 and 2§9 give a source for: no question on overseas travel (issue 52)", async () => {
      const { actor } = await toQuestionnaire();
      expect(QUESTIONS.map((q) => q.text).join(" ")).not.toMatch(/travel|overseas/i);
      actor.send({ type: "noSymptoms.toggle" });
      actor.send({ type: "answer.set", id: "contact", answer: "no" });
      actor.send({ type: "answer.set", id: "positive", answer: "no" });
      actor.send({ type: "answer.set", id: "vaccinated", answer: "yes" });
      actor.send({ type: "questionnaire.submit" });
      expect(actor.getSnapshot().value).toBe("confirming");
    });

    it("risk without the options setting blocks the booking", async () => {
      const { actor, calls } = await toQuestionnaire({ showConsultOptions: false });
      actor.send({ type: "symptom.toggle", name: "Cough" });
      answerAll(actor);
      actor.send({ type: "questionnaire.submit" });
      expect(actor.getSnapshot().value).toBe("blocked");
      actor.send({ type: "done.close" });
      expect(actor.getSnapshot().matches("choosing")).toBe(true);
      expect(calls.book).toHaveLength(0);
    });

    it("risk with the options setting offers the choice with the reason prefilled; Face 2 Face confirms", async () => {
      const { actor, calls } = start({ covidScreening: true });
      await choose(actor);
      actor.send({ type: "reason.change", text: "Knee" });
      actor.send({ type: "book.start" });
      actor.send({ type: "noSymptoms.toggle" });
      answerAll(actor, true);
      actor.send({ type: "questionnaire.submit" });
      expect(actor.getSnapshot().value).toBe("consultChoice");
      expect(actor.getSnapshot().context.reason).toMatch(/^Knee\nCOVID screening: In the last 14 days, have you been in close contact/);
      actor.send({ type: "consult.choose", kind: "face2face" });
      expect(actor.getSnapshot().value).toBe("confirming");
      actor.send({ type: "confirm.accept" });
      await waitForState(actor, (s) => s.matches("booked"));
      expect(calls.book[0]).toMatchObject({ screening: "face2face", reason: expect.stringContaining("COVID screening") });
    });

    it("Virtual consult needs a video type: the type switches and a time is chosen again", async () => {
      const { actor } = await toQuestionnaire();
      actor.send({ type: "symptom.toggle", name: "Fatigue" });
      answerAll(actor);
      actor.send({ type: "questionnaire.submit" });
      actor.send({ type: "consult.choose", kind: "virtual" });
      await idle(actor);
      expect(actor.getSnapshot().context).toMatchObject({ typeId: "2", slotId: "", error: t.virtualNeedsVideo });
    });

    it("Virtual consult with a video type confirms as virtual", async () => {
      const { actor } = start({ covidScreening: true });
      actor.send({ type: "type.select", id: "2" });
      actor.send({ type: "location.toggle", id: "1" });
      await idle(actor);
      actor.send({ type: "provider.select", id: "p1" });
      actor.send({ type: "date.select", date: "2026-03-05" });
      await idle(actor);
      actor.send({ type: "slot.select", id: "s1" });
      actor.send({ type: "book.start" });
      actor.send({ type: "symptom.toggle", name: "Cough" });
      answerAll(actor);
      actor.send({ type: "questionnaire.submit" });
      actor.send({ type: "consult.choose", kind: "virtual" });
      expect(actor.getSnapshot().value).toBe("confirming");
      expect(actor.getSnapshot().context.screening).toBe("virtual");
    });

    it("a symptom ticked unticks No Symptoms and shows risk; unticking it leaves the others, and with none left the form is incomplete", async () => {
      const { actor } = await toQuestionnaire();
      actor.send({ type: "noSymptoms.toggle" });
      actor.send({ type: "symptom.toggle", name: "Cough" });
      actor.send({ type: "symptom.toggle", name: "Fatigue" });
      expect(actor.getSnapshot().context.questionnaire).toMatchObject({ noSymptoms: false, symptoms: ["Cough", "Fatigue"] });
      actor.send({ type: "symptom.toggle", name: "Cough" });
      expect(actor.getSnapshot().context.questionnaire.symptoms).toEqual(["Fatigue"]);
      actor.send({ type: "symptom.toggle", name: "Fatigue" });
      answerAll(actor);
      actor.send({ type: "questionnaire.submit" });
      expect(actor.getSnapshot().value).toBe("questionnaire");
      expect(actor.getSnapshot().context.error).toBe(t.fillMandatory);
      actor.send({ type: "symptom.toggle", name: "Fatigue" });
      actor.send({ type: "questionnaire.submit" });
      expect(actor.getSnapshot().value).toBe("consultChoice");
    });

    it("Virtual consult lets go of the provider at once while the video type's providers are read", async () => {
      const { actor } = await toQuestionnaire();
      actor.send({ type: "symptom.toggle", name: "Cough" });
      answerAll(actor);
      actor.send({ type: "questionnaire.submit" });
      actor.send({ type: "consult.choose", kind: "virtual" });
      expect(actor.getSnapshot().matches({ choosing: "loadingProviders" })).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ typeId: "2", providers: [], providerId: "", slotId: "" });
    });

    it("a practice with no video type: Virtual consult says a video type is needed and books nothing", async () => {
      const { actor, calls } = start({ covidScreening: true }, {}, undefined, { types: [{ id: "1", name: "Face to Face" }] });
      await choose(actor);
      actor.send({ type: "book.start" });
      actor.send({ type: "symptom.toggle", name: "Cough" });
      answerAll(actor);
      actor.send({ type: "questionnaire.submit" });
      actor.send({ type: "consult.choose", kind: "virtual" });
      await idle(actor);
      expect(actor.getSnapshot().context).toMatchObject({ typeId: "1", error: t.virtualNeedsVideo });
      expect(calls.book).toHaveLength(0);
    });
  });

  describe("outcomes", () => {
    async function bookWith(reply: BookReply | Error) {
      const fakes: Fakes = {
        book: () => {
          if (reply instanceof Error) throw reply;
          return reply;
        },
      };
      const started = start({}, fakes);
      await choose(started.actor);
      started.actor.send({ type: "book.start" });
      started.actor.send({ type: "confirm.accept" });
      await waitForState(started.actor, (s) => !s.matches("booking"));
      return started;
    }

    it("a failure shows the practice's text and keeps every choice; Try again books again", async () => {
      const { actor, calls } = await bookWith({ outcome: "failed", message: t.zoomEnd });
      expect(actor.getSnapshot().value).toBe("failed");
      // Nothing asks the patient to sign in again: the session is fine.
      expect(actor.getSnapshot().context).toMatchObject({ error: t.zoomEnd, slotId: "s1", providerId: "p1", sessionEnded: false });
      actor.send({ type: "confirm.accept" });
      await waitForState(actor, (s) => !s.matches("booking"));
      expect(calls.book).toHaveLength(2);
    });

    it("a booking nobody can confirm keeps every choice and is unconfirmed; Check again posts the same booking, its slot's start with it (decisions/385)", async () => {
      const replies: BookReply[] = [
        { outcome: "unknown", message: t.bookUnconfirmed },
        { outcome: "booked", message: t.alreadyBooked },
      ];
      const { actor, calls } = start({}, { book: () => replies.shift()! });
      await choose(actor);
      actor.send({ type: "book.start" });
      actor.send({ type: "confirm.accept" });
      await waitForState(actor, (s) => !s.matches("booking"));
      expect(actor.getSnapshot().value).toBe("failed");
      expect(actor.getSnapshot().context).toMatchObject({ error: t.bookUnconfirmed, unconfirmed: true, slotId: "s1", providerId: "p1" });
      expect(calls.book[0]).toMatchObject({ slotId: "s1", slotStart: SLOTS[0].start });
      actor.send({ type: "confirm.accept" });
      await waitForState(actor, (s) => s.matches("booked"));
      expect(actor.getSnapshot().context).toMatchObject({ booked: t.alreadyBooked, unconfirmed: false });
      expect(calls.book).toHaveLength(2);
      expect(calls.book[1]).toEqual(calls.book[0]);
    });

    it("same-day refused is a failure with its text", async () => {
      const { actor } = await bookWith({ outcome: "sameDay", message: t.sameDayRefused });
      expect(actor.getSnapshot().context.error).toBe(t.sameDayRefused);
    });

    it("a slot taken meanwhile says so and offers the slots still free", async () => {
      const left = [SLOTS[1]];
      const { actor } = await bookWith({ outcome: "taken", message: t.slotTaken, slots: left });
      expect(actor.getSnapshot().matches("choosing")).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ error: t.slotTaken, slots: left, slotId: "", notice: null });
    });

    it("a slot taken meanwhile with none left free says No Slots Available", async () => {
      const { actor } = await bookWith({ outcome: "taken", message: t.slotTaken, slots: [] });
      expect(actor.getSnapshot().context).toMatchObject({ error: t.slotTaken, slots: [], notice: t.noSlots });
    });

    it.each([
      ["the connection dropped", new StepNetworkError("The portal could not be reached.")],
      ["an answer the browser cannot read", new StepReplyError("Not a step's envelope.")],
      ["a server error (a proxy's 504)", new StepRefusedError("Gateway timeout.", 504)],
    ])("no answer from the portal (%s) may still be a booking: unconfirmed, every choice kept, Check again (decisions/387)", async (_, error) => {
      const { actor } = await bookWith(error);
      expect(actor.getSnapshot().value).toBe("failed");
      expect(actor.getSnapshot().context).toMatchObject({ error: t.bookUnconfirmed, unconfirmed: true, sessionEnded: false, slotId: "s1", providerId: "p1" });
    });

    it.each([
      ["a refusal the portal answered (403)", new StepRefusedError("Forbidden.", 403)],
      ["an error of the page's own", new TypeError("x is undefined")],
    ])("a booking that did nothing (%s) is a failure that keeps the choices", async (_, error) => {
      const { actor } = await bookWith(error);
      expect(actor.getSnapshot().value).toBe("failed");
      expect(actor.getSnapshot().context).toMatchObject({ error: t.bookFailed, unconfirmed: false, slotId: "s1" });
    });

    it("a booking that meets an ended session says so, keeps every choice, and Try again books once (issue 21)", async () => {
      let ended = true;
      const { actor, calls } = start(
        {},
        {
          book: () => {
            if (ended) throw new StepSessionEndedError("/appointments/book");
            return { outcome: "booked", message: t.booked };
          },
        },
      );
      await choose(actor);
      actor.send({ type: "reason.change", text: "Sore knee" });
      actor.send({ type: "book.start" });
      actor.send({ type: "confirm.accept" });
      await waitForState(actor, (s) => !s.matches("booking"));
      expect(actor.getSnapshot().value).toBe("failed");
      expect(actor.getSnapshot().context).toMatchObject({ error: t.sessionEnded, sessionEnded: true, unconfirmed: false, typeId: "1", locationIds: ["1"], providerId: "p1", date: "2026-03-05", slotId: "s1", reason: "Sore knee" });
      ended = false;
      actor.send({ type: "confirm.accept" });
      await waitForState(actor, (s) => s.matches("booked"));
      expect(calls.book).toHaveLength(2);
      expect(calls.book[1]).toEqual(calls.book[0]);
      expect(actor.getSnapshot().context.sessionEnded).toBe(false);
    });

    it("maps the practice's failure codes (2§8)", () => {
      expect(bookingFailureText("NotCreatedEmailMissing")).toBe(t.emailMissing);
      expect(bookingFailureText("NotCreatedZoomEnd")).toBe(t.zoomEnd);
      expect(bookingFailureText("Something else")).toBe("Something else");
    });
  });

  it("a failed slot lookup says so and can be retried", async () => {
    const { actor, calls } = start({}, { failSlots: true });
    await choose(actor);
    expect(actor.getSnapshot().context.error).toBe("The practice could not be reached just now.");
    actor.send({ type: "load.retry" });
    await idle(actor);
    expect(calls.slots).toHaveLength(2);
  });

  it("a slow slot list for an earlier date never lands on a later one", async () => {
    let release: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const machine = bookingMachine.provide({
      actors: {
        loadRoles: fromPromise(async (): Promise<Option[]> => []),
        loadProviders: fromPromise(async () => [GP]),
        loadSlots: fromPromise(async ({ input }) => {
          if (input.date === "2026-03-05") await gate;
          return [{ ...SLOTS[0], id: `slot-${input.date}` }];
        }),
        loadNextDay: fromPromise(async (): Promise<{ date: string | null; slots: SlotView[] }> => ({ date: null, slots: [] })),
        book: fromPromise(async (): Promise<BookReply> => ({ outcome: "booked", message: "" })),
      },
    });
    const actor = createActor(machine, { input: input() }).start();
    actor.send({ type: "type.select", id: "1" });
    actor.send({ type: "location.toggle", id: "1" });
    await idle(actor);
    actor.send({ type: "provider.select", id: "p1" });
    actor.send({ type: "date.select", date: "2026-03-05" });
    actor.send({ type: "date.select", date: "2026-03-06" });
    await idle(actor);
    release!();
    await vi.waitFor(() => expect(actor.getSnapshot().context.slots.map((s) => s.id)).toEqual(["slot-2026-03-06"]));
  });

  it("reads the settings of 2§3", () => {
    const s = bookingSettingsOf({
      DisableAppointment: "0",
      DisableAppointmentCOVID: "1",
      IsAllowSameDayBooking: "0",
      ByPassLockDownPatientPortalAppointmentBookings: "1",
      PortalAppointmentTermsAndConditions: " Terms ",
    });
    expect(s).toMatchObject({ disabled: false, covidScreening: false, sameDayAllowed: false, bypassLockDown: true, terms: "Terms", showConsultOptions: false });
  });

  it("reads DisableAppointmentCOVID as its name says: \"1\" switches the COVID screen off, anything else leaves it on (issue 33)", () => {
    expect(bookingSettingsOf({ DisableAppointmentCOVID: "1" }).covidScreening).toBe(false);
    expect(bookingSettingsOf({ DisableAppointmentCOVID: "true" }).covidScreening).toBe(false);
    expect(bookingSettingsOf({ DisableAppointmentCOVID: "0" }).covidScreening).toBe(true);
    expect(bookingSettingsOf({ DisableAppointmentCOVID: "" }).covidScreening).toBe(true);
    expect(bookingSettingsOf({}).covidScreening).toBe(true);
  });

  it("Reasonforcontactprovidermapping narrows the providers only when the reasons for contact are shown", () => {
    expect(bookingSettingsOf({ AppointmentShowReasonforContact: "1", Reasonforcontactprovidermapping: "1" }).reasonNarrowsProviders).toBe(true);
    expect(bookingSettingsOf({ AppointmentShowReasonforContact: "1", Reasonforcontactprovidermapping: "0" }).reasonNarrowsProviders).toBe(false);
    expect(bookingSettingsOf({ AppointmentShowReasonforContact: "0", Reasonforcontactprovidermapping: "1" }).reasonNarrowsProviders).toBe(false);
  });

  it("bookFields sends 25 when reasons for contact are hidden", () => {
    const { actor } = start({ showReasonsForContact: false });
    actor.send({ type: "contact.select", id: "26" });
    expect(bookFields(actor.getSnapshot().context).reasonForContactId).toBe("25");
  });
});

/** The first type and place chosen, and the lists that follow them read. */
async function pickTypeAndPlace(actor: ReturnType<typeof start>["actor"]) {
  actor.send({ type: "type.select", id: "1" });
  actor.send({ type: "location.toggle", id: "1" });
  await idle(actor);
}

/* Each rule below was found unguarded by mutation testing (issue 57). */
describe("booking: what is asked of the practice, and when", () => {
  it("nothing is asked before it can be answered: providers need a type and a place, times a provider and a date too, the next free day a provider", async () => {
    const { actor, calls } = start();
    actor.send({ type: "type.select", id: "1" });
    await idle(actor);
    actor.send({ type: "day.next" });
    actor.send({ type: "load.retry" });
    actor.send({ type: "date.select", date: "2026-03-05" });
    await idle(actor);
    expect({ providers: calls.providers.length, slots: calls.slots.length, nextDay: calls.nextDay.length }).toEqual({ providers: 0, slots: 0, nextDay: 0 });
    actor.send({ type: "location.toggle", id: "1" });
    await idle(actor);
    expect(calls.providers).toHaveLength(1);
    actor.send({ type: "day.next" });
    actor.send({ type: "load.retry" });
    await idle(actor);
    expect({ slots: calls.slots.length, nextDay: calls.nextDay.length }).toEqual({ slots: 0, nextDay: 0 });
    // The date was chosen already: choosing the provider asks for that day's times.
    actor.send({ type: "provider.select", id: GP.id });
    await idle(actor);
    expect(calls.slots).toHaveLength(1);
    actor.send({ type: "day.next" });
    await idle(actor);
    expect(calls.nextDay).toHaveLength(1);
  });

  it("a place can be unticked while another stays ticked, the lists asked again; the last one unticked asks nothing; an unknown place changes nothing", async () => {
    const { actor, calls } = start();
    await pickTypeAndPlace(actor);
    actor.send({ type: "location.toggle", id: "2" });
    await idle(actor);
    expect(actor.getSnapshot().context.locationIds).toEqual(["1", "2"]);
    const asked = calls.providers.length;
    actor.send({ type: "location.toggle", id: "1" });
    await idle(actor);
    expect(actor.getSnapshot().context.locationIds).toEqual(["2"]);
    expect(calls.providers).toHaveLength(asked + 1);
    actor.send({ type: "location.toggle", id: "9" });
    await idle(actor);
    expect(actor.getSnapshot().context.locationIds).toEqual(["2"]);
    expect(calls.providers).toHaveLength(asked + 1);
    actor.send({ type: "location.toggle", id: "2" });
    await idle(actor);
    expect(actor.getSnapshot().context.locationIds).toEqual([]);
    expect(calls.providers).toHaveLength(asked + 1);
  });

  it("both places are sent to the practice with the booking, comma-separated", async () => {
    const { actor, calls } = start();
    actor.send({ type: "location.toggle", id: "2" });
    await choose(actor);
    actor.send({ type: "book.start" });
    actor.send({ type: "confirm.accept" });
    await waitForState(actor, (s) => s.matches("booked"));
    expect(calls.book[0]).toMatchObject({ locationIds: "2,1" });
  });

  it("a reason of 500 characters is taken; 501 is refused at the field and nothing is booked", async () => {
    const taken = start();
    await choose(taken.actor);
    taken.actor.send({ type: "reason.change", text: "x".repeat(500) });
    taken.actor.send({ type: "book.start" });
    expect(taken.actor.getSnapshot().value).toBe("confirming");
    const refused = start();
    await choose(refused.actor);
    refused.actor.send({ type: "reason.change", text: "x".repeat(501) });
    refused.actor.send({ type: "book.start" });
    expect(refused.actor.getSnapshot().context.errors).toEqual({ reason: t.reasonTooLong });
    expect(refused.actor.getSnapshot().matches("choosing")).toBe(true);
  });

  it("a day is taken from the first bookable day to the last; one outside, or not a date, is refused at the field and asks for no times", async () => {
    const { first, last } = bookableDays(TODAY, false);
    for (const [date, ok] of [
      [first, true],
      [last, true],
      [TODAY, false],
      ["2026-03-0", false],
      ["2026-03-02", false],
      ["2026-03-052026-03-10", false],
      [`x${first}`, false],
      [`${first}x`, false],
      ["2099-01-01", false],
    ] as const) {
      const { actor, calls } = start({ sameDayAllowed: false });
      await pickTypeAndPlace(actor);
      actor.send({ type: "provider.select", id: GP.id });
      actor.send({ type: "date.select", date });
      await idle(actor);
      expect({ date, asked: calls.slots.length, error: actor.getSnapshot().context.errors.date }).toEqual({
        date,
        asked: ok ? 1 : 0,
        error: ok ? undefined : date === TODAY ? t.sameDayRefused : t.dateOutOfRange,
      });
    }
    // The day after the last is refused too.
    const after = new Date(`${last}T00:00:00Z`);
    after.setUTCDate(after.getUTCDate() + 1);
    const { actor } = start({ sameDayAllowed: false });
    actor.send({ type: "date.select", date: after.toISOString().slice(0, 10) });
    expect(actor.getSnapshot().context.errors.date).toBe(t.dateOutOfRange);
  });
});

describe("booking: a choice made earlier lets go of what followed it", () => {
  const family = { canChoose: true, members: [{ id: "m1", name: "Kid" }, { id: "m2", name: "Teen" }] };
  // What each change lets go of at once, besides the time chosen, the times shown and any message at a
  // field: the lists read for the old choice are not offered while the new ones are read.
  const edits: Array<[string, Parameters<ReturnType<typeof start>["actor"]["send"]>[0], Partial<BookingContext>]> = [
    ["who it is for", { type: "who.select", forWhom: "family" }, {}],
    ["the type", { type: "type.select", id: "2" }, { providers: [], providerId: "" }],
    ["a place", { type: "location.toggle", id: "2" }, { roles: [], roleId: "", providers: [], providerId: "", lockedDown: false }],
    ["the role", { type: "role.select", id: "2" }, { providers: [], providerId: "" }],
    ["the provider", { type: "provider.select", id: NURSE.id }, {}],
    ["the day", { type: "date.select", date: "2026-03-06" }, {}],
  ];
  for (const [what, event, letGo] of edits) {
    it(`changing ${what} lets go of the time chosen and of the times shown, and of any message at a field`, async () => {
      const { actor } = start({}, {}, family);
      await choose(actor);
      actor.send({ type: "role.select", id: "1" });
      await idle(actor);
      actor.send({ type: "slot.select", id: "s1" });
      actor.send({ type: "reason.change", text: "x".repeat(501) });
      actor.send({ type: "book.start" });
      expect(actor.getSnapshot().context.errors).not.toEqual({});
      actor.send(event);
      expect(actor.getSnapshot().context).toMatchObject({ slotId: "", slots: [], errors: {}, ...letGo });
    });
  }

  it("choosing a family member lets go of the time chosen; a member not on the list changes nothing", async () => {
    const { actor } = start({}, {}, family);
    actor.send({ type: "who.select", forWhom: "family" });
    actor.send({ type: "member.select", id: "m1" });
    await choose(actor);
    actor.send({ type: "member.select", id: "nobody" });
    expect(actor.getSnapshot().context).toMatchObject({ memberId: "m1", slotId: "s1" });
    actor.send({ type: "member.select", id: "m2" });
    expect(actor.getSnapshot().context).toMatchObject({ memberId: "m2", slotId: "", slots: [] });
  });

  it("a day with no times says so, in the words for a refused same day when that is why", async () => {
    const none = start({}, { slots: () => [] });
    await choose(none.actor);
    expect(none.actor.getSnapshot().context.notice).toBe(t.noSlots);
    const full = start({}, {});
    await choose(full.actor);
    expect(full.actor.getSnapshot().context.notice).toBeNull();
  });

  it("lists read again keep the provider chosen while still offered, and let go of one no longer offered; none offered says so", async () => {
    const fakes: Fakes = { providers: [GP, NURSE] };
    const { actor } = start({}, fakes, family);
    await pickTypeAndPlace(actor);
    actor.send({ type: "provider.select", id: NURSE.id });
    // Who it is for changes whose lists are read, not what was chosen.
    actor.send({ type: "who.select", forWhom: "family" });
    await idle(actor);
    expect(actor.getSnapshot().context.providerId).toBe(NURSE.id);
    fakes.providers = [GP];
    actor.send({ type: "who.select", forWhom: "self" });
    await idle(actor);
    expect(actor.getSnapshot().context.providerId).toBe("");
    const empty = start({}, { providers: [] });
    await pickTypeAndPlace(empty.actor);
    // No role was chosen: the words name any practitioner.
    expect(empty.actor.getSnapshot().context.notice).toBe(t.noProvider("Practitioner"));
    expect(empty.actor.getSnapshot().context.providers).toEqual([]);
  });
});

describe("booking: each list is asked for once what it needs is chosen, in any order", () => {
  it("a place ticked before the type: the roles are read at once, the providers once the type is chosen", async () => {
    const { actor, calls } = start();
    actor.send({ type: "location.toggle", id: "1" });
    await idle(actor);
    expect({ roles: calls.roles, providers: calls.providers.length }).toEqual({ roles: 1, providers: 0 });
    actor.send({ type: "type.select", id: "1" });
    await idle(actor);
    expect(calls.providers).toEqual([expect.objectContaining({ typeId: "1", locationIds: ["1"] })]);
    expect(actor.getSnapshot().context.providers).toEqual([GP, NURSE]);
    // The placeholder chosen again asks nothing: there is no type to ask for.
    actor.send({ type: "type.select", id: "" });
    await idle(actor);
    expect(calls.providers).toHaveLength(1);
  });

  it("no times and no next free day are asked without a type, without a place, or without a provider or a day", async () => {
    // A place, a provider and a day, but no type.
    const noType = start();
    noType.actor.send({ type: "location.toggle", id: "1" });
    await idle(noType.actor);
    noType.actor.send({ type: "provider.select", id: GP.id });
    noType.actor.send({ type: "date.select", date: "2026-03-05" });
    noType.actor.send({ type: "load.retry" });
    await idle(noType.actor);
    noType.actor.send({ type: "day.next" });
    await idle(noType.actor);
    expect({ slots: noType.calls.slots.length, nextDay: noType.calls.nextDay.length, providers: noType.calls.providers.length }).toEqual({ slots: 0, nextDay: 0, providers: 0 });
    // A type, a provider and a day, but no place: Retry has nothing to read again.
    const noPlace = start();
    noPlace.actor.send({ type: "type.select", id: "1" });
    noPlace.actor.send({ type: "provider.select", id: GP.id });
    noPlace.actor.send({ type: "date.select", date: "2026-03-05" });
    noPlace.actor.send({ type: "load.retry" });
    noPlace.actor.send({ type: "day.next" });
    await idle(noPlace.actor);
    expect({ roles: noPlace.calls.roles, slots: noPlace.calls.slots.length, nextDay: noPlace.calls.nextDay.length }).toEqual({ roles: 0, slots: 0, nextDay: 0 });
    // A type, a place and a provider, but no day: Retry reads the providers again, no times.
    const noDay = start();
    await pickTypeAndPlace(noDay.actor);
    noDay.actor.send({ type: "provider.select", id: GP.id });
    noDay.actor.send({ type: "load.retry" });
    await idle(noDay.actor);
    expect({ providers: noDay.calls.providers.length, slots: noDay.calls.slots.length }).toEqual({ providers: 2, slots: 0 });
    // A type, a place and a day, but no provider.
    const noProvider = start();
    await pickTypeAndPlace(noProvider.actor);
    noProvider.actor.send({ type: "date.select", date: "2026-03-05" });
    await idle(noProvider.actor);
    expect(noProvider.calls.slots).toHaveLength(0);
  });

  it("a day chosen while a new type's providers are read: they still arrive, and the day's times are asked once one is chosen", async () => {
    const fakes: Fakes = { providers: [GP, NURSE] };
    const { actor, calls } = start({}, fakes);
    await pickTypeAndPlace(actor);
    // Only the nurse sees video consults.
    fakes.providers = [NURSE];
    actor.send({ type: "type.select", id: "2" });
    actor.send({ type: "date.select", date: "2026-03-05" });
    await idle(actor);
    expect(calls.providers.map((c) => c.typeId)).toEqual(["1", "2"]);
    expect(actor.getSnapshot().context).toMatchObject({ typeId: "2", providers: [NURSE], date: "2026-03-05" });
    actor.send({ type: "provider.select", id: NURSE.id });
    await idle(actor);
    expect(calls.slots).toEqual([expect.objectContaining({ typeId: "2", providerId: NURSE.id, date: "2026-03-05" })]);
  });

  it("a provider chosen while a new member's providers are read: the list still arrives, and decides whether the choice stands", async () => {
    const fakes: Fakes = { providers: [GP, NURSE] };
    const family = { canChoose: true, members: [{ id: "m1", name: "Kid" }, { id: "m2", name: "Teen" }] };
    const { actor, calls } = start({}, fakes, family);
    actor.send({ type: "who.select", forWhom: "family" });
    actor.send({ type: "member.select", id: "m1" });
    await pickTypeAndPlace(actor);
    // The second member's practice offers only the nurse.
    fakes.providers = [NURSE];
    actor.send({ type: "member.select", id: "m2" });
    actor.send({ type: "provider.select", id: GP.id });
    await idle(actor);
    expect(calls.providers.map((c) => c.for)).toEqual(["m1", "m2"]);
    expect(actor.getSnapshot().context).toMatchObject({ memberId: "m2", providers: [NURSE], providerId: "" });

    actor.send({ type: "date.select", date: "2026-03-05" });
    actor.send({ type: "member.select", id: "m1" });
    actor.send({ type: "provider.select", id: NURSE.id });
    await idle(actor);
    expect(actor.getSnapshot().context).toMatchObject({ memberId: "m1", providerId: NURSE.id });
    expect(calls.slots).toEqual([expect.objectContaining({ for: "m1", providerId: NURSE.id, date: "2026-03-05" })]);
  });

  it("the provider let go with a day chosen asks for no times and shows none", async () => {
    const { actor, calls } = start();
    await choose(actor);
    actor.send({ type: "provider.select", id: "" });
    await idle(actor);
    expect(calls.slots).toHaveLength(1);
    expect(actor.getSnapshot().context).toMatchObject({ providerId: "", slots: [], slotId: "" });
  });

  it("a list the practice could not give says why, asks nothing about the patient's sign-in, and Retry reads it again", async () => {
    const roles = start({}, { fail: { roles: true } });
    roles.actor.send({ type: "location.toggle", id: "1" });
    await idle(roles.actor);
    expect(roles.actor.getSnapshot().context).toMatchObject({ error: "The practice could not be reached just now.", sessionEnded: false });
    roles.actor.send({ type: "load.retry" });
    await idle(roles.actor);
    expect(roles.calls.roles).toBe(2);

    const providers = start({}, { fail: { providers: true } });
    await pickTypeAndPlace(providers.actor);
    expect(providers.actor.getSnapshot().context.error).toBe("The practice could not be reached just now.");
    providers.actor.send({ type: "load.retry" });
    await idle(providers.actor);
    expect(providers.calls.providers).toHaveLength(2);

    const nextDay = start({}, { fail: { nextDay: true } });
    await choose(nextDay.actor);
    nextDay.actor.send({ type: "day.next" });
    await idle(nextDay.actor);
    expect(nextDay.actor.getSnapshot().context).toMatchObject({ error: "The practice could not be reached just now.", date: "2026-03-05" });
    // Retry looks for the next day again, from the same day, rather than reading the day shown.
    const slotsRead = nextDay.calls.slots.length;
    nextDay.actor.send({ type: "load.retry" });
    await idle(nextDay.actor);
    expect(nextDay.calls.nextDay).toEqual(["2026-03-06", "2026-03-06"]);
    expect(nextDay.calls.slots).toHaveLength(slotsRead);
  });

  it("providers offered say nothing; a next free day found with no times says No Slots Available", async () => {
    const { actor } = start({}, { nextDay: { date: "2026-03-09", slots: [] } });
    await pickTypeAndPlace(actor);
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: "provider.select", id: GP.id });
    actor.send({ type: "day.next" });
    await idle(actor);
    expect(actor.getSnapshot().context).toMatchObject({ date: "2026-03-09", slots: [], notice: t.noSlots });
  });
});

describe("booking: the reason for contact", () => {
  it("where it narrows the providers, one chosen before the type or before a place asks nothing until both are chosen, and is sent with them", async () => {
    const typeFirst = start({ reasonNarrowsProviders: true });
    typeFirst.actor.send({ type: "type.select", id: "1" });
    typeFirst.actor.send({ type: "contact.select", id: "26" });
    await idle(typeFirst.actor);
    expect(typeFirst.calls.providers).toHaveLength(0);
    typeFirst.actor.send({ type: "location.toggle", id: "1" });
    await idle(typeFirst.actor);
    expect(typeFirst.calls.providers).toEqual([expect.objectContaining({ reasonForContactId: "26" })]);

    const placeFirst = start({ reasonNarrowsProviders: true });
    placeFirst.actor.send({ type: "location.toggle", id: "1" });
    await idle(placeFirst.actor);
    placeFirst.actor.send({ type: "contact.select", id: "26" });
    await idle(placeFirst.actor);
    expect(placeFirst.calls.providers).toHaveLength(0);
    placeFirst.actor.send({ type: "type.select", id: "1" });
    await idle(placeFirst.actor);
    expect(placeFirst.calls.providers).toEqual([expect.objectContaining({ reasonForContactId: "26" })]);
  });

  it("where it narrows the providers, going back to no reason reads them again without one", async () => {
    const { actor, calls } = start({ reasonNarrowsProviders: true });
    await pickTypeAndPlace(actor);
    actor.send({ type: "contact.select", id: "26" });
    await idle(actor);
    actor.send({ type: "contact.select", id: "" });
    await idle(actor);
    expect(calls.providers.map((c) => c.reasonForContactId)).toEqual(["", "26", ""]);
  });

  it("going back to no reason sends the default 25", async () => {
    const { actor, calls } = start();
    await choose(actor);
    actor.send({ type: "contact.select", id: "26" });
    actor.send({ type: "contact.select", id: "" });
    actor.send({ type: "book.start" });
    actor.send({ type: "confirm.accept" });
    await waitForState(actor, (s) => s.matches("booked"));
    expect(calls.book[0]).toMatchObject({ reasonForContactId: "25" });
  });

  it("after a booking the next one starts with no reason for contact, so it sends the default 25", async () => {
    const { actor, calls } = start();
    await choose(actor);
    actor.send({ type: "contact.select", id: "26" });
    actor.send({ type: "book.start" });
    actor.send({ type: "confirm.accept" });
    await waitForState(actor, (s) => s.matches("booked"));
    actor.send({ type: "done.close" });
    actor.send({ type: "date.select", date: "2026-03-06" });
    await idle(actor);
    actor.send({ type: "slot.select", id: "s2" });
    actor.send({ type: "book.start" });
    actor.send({ type: "confirm.accept" });
    await waitForState(actor, (s) => s.matches("booked"));
    expect(calls.book.map((b) => b.reasonForContactId)).toEqual(["26", "25"]);
  });
});

describe("booking: the time booked is one the practice offers", () => {
  it("a time not in the list is not taken; the one chosen stays", async () => {
    const { actor, calls } = start();
    await choose(actor);
    actor.send({ type: "slot.select", id: "s9" });
    actor.send({ type: "book.start" });
    actor.send({ type: "confirm.accept" });
    await waitForState(actor, (s) => s.matches("booked"));
    expect(calls.book[0]).toMatchObject({ slotId: "s1" });
  });

  it("times read again without the one chosen: the booking asks for a time, and nothing is sent", async () => {
    const fakes: Fakes = {};
    const { actor, calls } = start({}, fakes);
    await choose(actor);
    fakes.slots = () => [SLOTS[1]];
    actor.send({ type: "load.retry" });
    await idle(actor);
    actor.send({ type: "book.start" });
    expect(actor.getSnapshot().context.errors).toEqual({ slot: t.chooseSlot });
    expect(actor.getSnapshot().matches("choosing")).toBe(true);
    expect(calls.book).toHaveLength(0);
  });
});

describe("booking: who it is for, and a new form", () => {
  it("a new form has nothing chosen, is for the patient, offers no lists yet and locks no picker", () => {
    const { actor } = start();
    expect(actor.getSnapshot().context).toMatchObject({
      forWhom: "self",
      memberId: "",
      typeId: "",
      locationIds: [],
      roles: [],
      roleId: "",
      providers: [],
      providerId: "",
      lockedDown: false,
      date: "",
      slots: [],
      slotId: "",
      reason: "",
      reasonForContactId: "",
      notice: null,
      error: null,
      errors: {},
      booked: null,
      sessionEnded: false,
    });
  });

  it("a member chosen while booking for self does not change who the booking is for", async () => {
    const family = { canChoose: true, members: [{ id: "m1", name: "Kid" }] };
    const { actor, calls } = start({}, {}, family);
    actor.send({ type: "member.select", id: "m1" });
    await choose(actor);
    actor.send({ type: "book.start" });
    actor.send({ type: "confirm.accept" });
    await waitForState(actor, (s) => s.matches("booked"));
    expect(calls.slots.at(-1)).toMatchObject({ for: "" });
    expect(calls.book[0]).toMatchObject({ for: "" });
  });
});
