import { describe, expect, it } from "vitest";
import { toBundle } from "@contract/fhir";
import { AllergiesReplySchema, AllergySlots, ConditionSlots, ConditionsReplySchema, ImmunisationSlots, ImmunisationsReplySchema, ReminderSlots, RemindersReplySchema, TimelineReplySchema, TimelineSlots, VitalsReplySchema } from "@contract/health";
import { parseForm } from "~/lib/form-data";
import { dateRangeTexts } from "~/lib/texts/date-range";
import { timelineTexts } from "~/lib/texts/timeline";
import { addDays, timelineQueryOf, timelineSearch, timelineViewOf, yearBefore } from "~/lib/timeline-filter";
import { timelineFilterSchema } from "~/areas/health/timeline/filter-schema";
import { groupTimeline, timelineEntryOf } from "~/areas/health/timeline/view";
import { chartPointsOf, valueText, vitalsViewOf, vitalKeyOf } from "~/areas/health/vitals/view";
import { immunisationCardOf, immunisationSearch, immunisationStateOf, immunisationTabOf } from "~/areas/health/immunisation/view";
import { priorityOf, reminderCardOf } from "~/areas/health/reminders/view";
import { allergyCardOf, severityOf } from "~/areas/health/allergies/view";
import { diagnosisCardOf, diagnosisSearch, diagnosisTabOf } from "~/areas/health/diagnosis/view";
import { hasTime, shownDay, shownText } from "~/areas/health/fields";

/**
 * The health screens' mappers, each reading the practice's wire shape through the contract's slot
 * layouts (contract/health.ts): what a position holds is written there, and these tests pin it.
 */

describe("allergy cards (2§3 Allergy, 2§4 severity)", () => {
  const wire = (extension: unknown, extra: Record<string, unknown> = {}) =>
    AllergiesReplySchema.parse(toBundle([{ resourceType: "AllergyIntolerance", id: "a1", code: { text: " Penicillin " }, extension, ...extra }])).resources[0];

  it("reads the type at position 0 and the severity at position 1, with the reaction and note when present", () => {
    const allergy = wire([{ url: "AllergyType", valueString: "Drug" }, { url: "Severity", valueString: "Severe" }], { reaction: [{ manifestation: [{ text: "Anaphylaxis" }, { text: "Hives" }] }], note: [{ text: "Carries an adrenaline pen." }] });
    expect(allergyCardOf(allergy)).toEqual({ id: "a1", substance: "Penicillin", type: "Drug", severity: "Severe", severityLabel: "Severe", recordedAs: null, unrecorded: false, reaction: "Anaphylaxis; Hives", note: "Carries an adrenaline pen." });
  });

  it("reads a missing severity as Mild, and says it was not recorded; no reaction or note is null", () => {
    const allergy = wire(AllergySlots.write({ type: "Food" }));
    expect(allergyCardOf(allergy)).toMatchObject({ severity: "Mild", severityLabel: "Mild", unrecorded: true, recordedAs: null, reaction: null, note: null });
  });

  it("maps each word and 2§4's level words to a severity, case and spacing aside; a word it does not know is shown as written, no severity", () => {
    expect(severityOf("severe")).toEqual({ severity: "Severe", severityLabel: "Severe", recordedAs: null, unrecorded: false });
    expect(severityOf(" Moderate ")).toEqual({ severity: "Moderate", severityLabel: "Moderate", recordedAs: null, unrecorded: false });
    expect(severityOf("MILD")).toEqual({ severity: "Mild", severityLabel: "Mild", recordedAs: null, unrecorded: false });
    expect(severityOf("High")).toEqual({ severity: "Severe", severityLabel: "Severe", recordedAs: "High", unrecorded: false });
    expect(severityOf("Medium")).toEqual({ severity: "Moderate", severityLabel: "Moderate", recordedAs: "Medium", unrecorded: false });
    expect(severityOf("low")).toEqual({ severity: "Mild", severityLabel: "Mild", recordedAs: "low", unrecorded: false });
    // Before decisions/396 an unknown word was drawn green as Mild: a colour claim the practice never made.
    expect(severityOf("Critical")).toEqual({ severity: null, severityLabel: "Critical", recordedAs: null, unrecorded: false });
    expect(severityOf("  ")).toEqual({ severity: "Mild", severityLabel: "Mild", recordedAs: null, unrecorded: true });
    expect(severityOf(null)).toEqual({ severity: "Mild", severityLabel: "Mild", recordedAs: null, unrecorded: true });
  });

  it("lists an allergy without its extensions or its substance, saying what is not recorded; a missing severity stays Mild (2§4)", () => {
    for (const extension of [[], null, undefined]) {
      expect(allergyCardOf(wire(extension, { code: { text: null } }))).toMatchObject({ id: "a1", substance: "Not recorded", type: "Not recorded", severity: "Mild", unrecorded: true });
    }
    expect(allergyCardOf(wire([{ valueString: "Food" }], { code: undefined }))).toMatchObject({ substance: "Not recorded", type: "Food", severity: "Mild", unrecorded: true });
  });
});

describe("diagnosis cards (2§3 Condition)", () => {
  const wire = (condition: Record<string, unknown>) => ConditionsReplySchema.parse(toBundle([{ resourceType: "Condition", id: "c1", ...condition }])).resources[0];

  it("reads the onset as a DD-MM-YYYY date in Pacific/Auckland, the note as the text and the long-term flag at position 0", () => {
    const card = diagnosisCardOf(wire({ onsetDateTime: "2026-02-28T12:30:00Z", note: [{ text: "Type 2 diabetes mellitus." }], extension: ConditionSlots.write({ longTerm: true }) }));
    // 12:30 UTC on the 28th is 01:30 on 1 March in Auckland (NZDT, +13).
    expect(card).toEqual({ id: "c1", date: "01-03-2026", isoDate: "2026-03-01", text: "Type 2 diabetes mellitus.", longTerm: true });
    expect(ConditionSlots.write({ longTerm: false })).toEqual([{ url: "IsLongTerm", valueBoolean: false }]);
  });

  it("reads a condition without its long-term flag as not long term, and one without an id, date or note as not recorded", () => {
    expect(diagnosisCardOf(wire({ onsetDateTime: "2026-01-01", note: [{ text: "x" }], extension: [{ valueString: "true" }] }))).toMatchObject({ longTerm: false, date: "01-01-2026" });
    const bare = ConditionsReplySchema.parse(toBundle([{ onsetDateTime: null, note: [], extension: null }])).resources[0];
    expect(diagnosisCardOf(bare)).toEqual({ id: null, date: "Not recorded", isoDate: "", text: "Not recorded", longTerm: false });
  });

  it("keeps the tab in the address: Long Term by default, anything else unknown is Long Term", () => {
    expect(diagnosisTabOf(null)).toBe("long-term");
    expect(diagnosisTabOf("recent")).toBe("recent");
    expect(diagnosisTabOf("nonsense")).toBe("long-term");
    expect(diagnosisSearch({ tab: "long-term" })).toBe("");
    expect(diagnosisSearch({ tab: "all", pages: 2 })).toBe("?tab=all&pages=2");
  });
});

describe("reminder cards (2§3 Reminder, 2§4 priority)", () => {
  const wire = (reminder: Record<string, unknown>) => RemindersReplySchema.parse(toBundle([{ resourceType: "Communication", id: "r1", sent: "2026-06-30T23:15:00Z", sender: { display: "Nurse Aroha Ngata" }, ...reminder }])).resources[0];

  it("reads description at 0, title at 1 and priority at 2; the sender, the sent date in Auckland and the note", () => {
    const extension = [{ url: "Description", valueString: "Your blood test is due." }, { url: "Title", valueString: "Blood test due" }, { url: "Priority", valueString: "High" }];
    expect(reminderCardOf(wire({ extension, note: [{ text: "Form at reception." }] }))).toEqual({
      id: "r1",
      title: "Blood test due",
      description: "Your blood test is due.",
      priority: "High",
      priorityLabel: "High priority",
      priorityUnknown: false,
      sender: "Nurse Aroha Ngata",
      // 23:15 UTC on 30 June is 11:15 on 1 July in Auckland (NZST, +12).
      sent: "01-07-2026",
      isoSent: "2026-07-01",
      note: "Form at reception.",
    });
  });

  it("reads each priority word whatever its case; an unknown one is shown as written and none is not recorded, neither as Normal", () => {
    expect(priorityOf("medium")).toEqual({ priority: "Medium", priorityLabel: "Medium priority", priorityUnknown: false });
    expect(priorityOf("NORMAL")).toEqual({ priority: "Normal", priorityLabel: "Normal priority", priorityUnknown: false });
    expect(priorityOf("Urgent")).toEqual({ priority: null, priorityLabel: "Urgent priority", priorityUnknown: true });
    const card = reminderCardOf(wire({ extension: ReminderSlots.write({ description: "", title: "", priority: "" }) }));
    expect(card).toMatchObject({ title: "Not recorded", description: "Not recorded", priority: null, priorityLabel: "Priority: Not recorded", priorityUnknown: false, note: null });
  });
});

describe("immunisation cards (2§3 Immunisation, 2§4 colouring)", () => {
  const parse = (immunisation: Record<string, unknown>) => ImmunisationsReplySchema.parse(toBundle([{ resourceType: "Immunization", id: "i1", status: "not-done", ...immunisation }])).resources[0];
  const values = { name: "Influenza", indication: "Annual influenza vaccine", vaccinator: "", due: "2026-03-31T21:00:00Z", immType: "due", given: false, declined: false, month: "2026-04-01T00:00:00", message: "The practice will remind you." };

  it("writes and reads every position: 0-4 in 2§3's order, booleans at 10 and 11, the month at 12, the message at 13", () => {
    const wire = ImmunisationSlots.write(values);
    expect(wire).toHaveLength(14);
    expect(wire[10]).toEqual({ url: "IsGiven", valueBoolean: false });
    expect(wire[11]).toEqual({ url: "IsDeclined", valueBoolean: false });
    expect(wire[12]).toEqual({ url: "ScheduleMonth", valueDateTime: "2026-04-01T00:00:00" });
    expect(wire[13]).toEqual({ url: "Message", valueString: "The practice will remind you." });
    expect(wire.slice(5, 10)).toEqual([{}, {}, {}, {}, {}]);
    expect(ImmunisationSlots.read(wire)).toEqual(values);
  });

  it("a due one shows its due date in Auckland, amber's word and the message at position 13", () => {
    expect(immunisationCardOf(parse({ extension: ImmunisationSlots.write(values) }))).toEqual({
      id: "i1",
      name: "Influenza",
      state: "Due",
      stateLabel: "Due",
      stateUnknown: false,
      dateLabel: "Due",
      // 21:00 UTC on 31 March is 10:00 on 1 April in Auckland (NZDT, +13).
      date: "01-04-2026",
      isoDate: "2026-04-01",
      indication: "Annual influenza vaccine",
      // Not given yet, and naming nobody: no vaccinator row.
      vaccinator: null,
      message: "The practice will remind you.",
    });
  });

  it("an overdue one says Was Due with its due date; without a due date, the month at position 12", () => {
    expect(immunisationCardOf(parse({ extension: ImmunisationSlots.write({ ...values, immType: "Overdue" }) }))).toMatchObject({ state: "Overdue", dateLabel: "Was Due", date: "01-04-2026" });
    expect(immunisationCardOf(parse({ extension: ImmunisationSlots.write({ ...values, immType: "overdue", due: undefined }) }))).toMatchObject({ dateLabel: "Was Due", date: "01-04-2026" });
  });

  it("an administered one (ImmType other, given at position 10) shows its given date and vaccinator; no message is null", () => {
    const card = immunisationCardOf(parse({ status: "completed", date: "2025-04-03T10:00:00+13:00", extension: ImmunisationSlots.write({ ...values, immType: "other", given: true, vaccinator: "Nurse Mere Tane", message: undefined }) }));
    expect(card).toMatchObject({ state: "Administered", dateLabel: "Given", date: "03-04-2025", isoDate: "2025-04-03", vaccinator: "Nurse Mere Tane", message: null });
  });

  it("ImmType other, not given and declined at position 11, is Declined, not Administered", () => {
    const declined = parse({ extension: ImmunisationSlots.write({ ...values, immType: "other", declined: true }) });
    expect(immunisationStateOf(declined)).toBe("Declined");
    const givenByFlag = parse({ extension: ImmunisationSlots.write({ ...values, immType: "other", given: true }) });
    expect(immunisationStateOf(givenByFlag)).toBe("Administered");
  });

  it("reads a position 10 that holds no boolean as no flag: not given", () => {
    const wire = ImmunisationSlots.write({ ...values, immType: "other" });
    wire[10] = { url: "IsGiven", valueString: "true" };
    expect(parse({ extension: wire }).extension.given).toBeUndefined();
    expect(immunisationStateOf(parse({ extension: wire }))).toBe("Due");
  });

  it("keeps the tab in the address: Due by default", () => {
    expect(immunisationTabOf(undefined)).toBe("due");
    expect(immunisationTabOf("administered")).toBe("administered");
    expect(immunisationSearch({ tab: "due" })).toBe("");
    expect(immunisationSearch({ tab: "overdue", pages: 3 })).toBe("?tab=overdue&pages=3");
  });
});

describe("vital charts (2§3 Vital observation)", () => {
  const observation = (display: string, at: string, ...values: number[]) => ({ resourceType: "Observation", code: { coding: [{ display }] }, effectiveDateTime: at, component: values.map((value) => ({ valueQuantity: { value } })) });
  const parse = (items: unknown[]) => VitalsReplySchema.parse(toBundle(items)).resources;

  it("reads every name of 2§3 as one of five vitals, case and spacing aside; others are left out", () => {
    expect(["Blood Pressure", "Weight", "Body Weight", "BMI", "Body Mass Index", "Height", "Body Height", "Heart Rate"].map(vitalKeyOf)).toEqual(["bloodPressure", "weight", "weight", "bmi", "bmi", "height", "height", "heartRate"]);
    expect(vitalKeyOf(" body mass index ")).toBe("bmi");
    expect(vitalKeyOf("Temperature")).toBeNull();
  });

  it("groups a practice's old and new names into one chart, oldest first, the latest in words with its unit and Auckland date", () => {
    const { charts, others } = vitalsViewOf(
      parse([
        observation("Body Weight", "2026-06-30T23:00:00Z", 81.4),
        observation("Blood Pressure", "2026-06-30T23:00:00Z", 128, 82),
        observation("Weight", "2025-03-01T10:00:00+13:00", 84),
        observation("Temperature", "2026-06-30T23:00:00Z", 37.1),
        observation("Blood Pressure", "2025-03-01T10:00:00+13:00", 141, 90),
      ]),
    );
    expect(charts.map((c) => c.key)).toEqual(["bloodPressure", "weight"]);
    // A vital the spec does not list is not charted, and not dropped: it is listed as sent.
    expect(others).toEqual([{ name: "Temperature", date: "01-07-2026", isoDate: "2026-07-01", value: "37.1" }]);
    const [bp, weight] = charts;
    expect(bp).toMatchObject({ title: "Blood Pressure", unit: "mmHg", series: ["Systolic", "Diastolic"], latest: "128/82 mmHg on 01-07-2026" });
    expect(bp.readings.map((r) => [r.date, r.values])).toEqual([["01-03-2025", [141, 90]], ["01-07-2026", [128, 82]]]);
    expect(weight).toMatchObject({ unit: "kg", latest: "81.4 kg on 01-07-2026" });
    expect(weight.readings.map((r) => r.isoDate)).toEqual(["2025-03-01", "2026-07-01"]);
  });

  it("keeps a blood pressure without its diastolic and a reading with an unreadable date in their tables, drawing neither missing part, and says so", () => {
    const { charts, others } = vitalsViewOf(parse([observation("Blood Pressure", "2026-01-01T10:00:00+13:00", 130), observation("Heart Rate", "not a date", 70)]));
    expect(others).toEqual([]);
    const [bp, heart] = charts;
    expect(bp).toMatchObject({ key: "bloodPressure", latest: "130/Not recorded mmHg on 01-01-2026", drawable: true, notDrawn: "1 value not recorded is not drawn." });
    expect(bp.readings[0].values).toEqual([130, null]);
    expect(chartPointsOf(bp).series.map((s) => s.points.length)).toEqual([1, 0]);
    expect(heart).toMatchObject({ key: "heartRate", latest: "70 bpm", drawable: false, notDrawn: "1 reading without a date is not drawn." });
    expect(heart.readings).toEqual([{ at: null, date: "not a date", isoDate: "", values: [70] }]);
    expect(chartPointsOf(heart)).toEqual({ series: [{ name: "Heart rate", points: [] }], dates: [] });
  });

  it("writes blood pressure as systolic/diastolic and other values with at most one decimal", () => {
    expect(valueText("bloodPressure", [128, 82])).toBe("128/82");
    expect(valueText("bmi", [25.43])).toBe("25.4");
    expect(valueText("heartRate", [72])).toBe("72");
  });
});

describe("the timeline filter (2§4, 2§5)", () => {
  const today = "2026-11-24";
  const schema = timelineFilterSchema(today, ["5001", "5002"]);
  const check = (fields: Record<string, string>) => parseForm(new URLSearchParams(fields), schema);
  const t = timelineTexts;

  it("accepts a start within the last year and an end after it, up to today, with words and a listed provider", () => {
    expect(check({ from: "24-11-2025", to: "24-11-2026", q: " HbA1c ", provider: "5001" })).toEqual({ ok: true, value: { from: "24-11-2025", to: "24-11-2026", q: "HbA1c", provider: "5001" } });
    expect(check({ from: "", to: "", q: "", provider: "" })).toMatchObject({ ok: true });
  });

  it("refuses a start later than today or earlier than one year ago, an end on or before the start or after today", () => {
    expect(check({ from: "25-11-2026", to: "25-11-2026" })).toMatchObject({ ok: false, errors: { from: t.fromAfterToday, to: t.toAfterToday } });
    expect(check({ from: "23-11-2025", to: "01-01-2026" })).toMatchObject({ ok: false, errors: { from: t.fromTooEarly } });
    expect(check({ from: "01-06-2026", to: "01-06-2026" })).toMatchObject({ ok: false, errors: { to: t.toNotAfterFrom } });
    expect(check({ from: "01-06-2026", to: "31-05-2026" })).toMatchObject({ ok: false, errors: { to: t.toNotAfterFrom } });
  });

  it("refuses impossible dates, one date without the other, long text and a provider not on the list", () => {
    expect(check({ from: "31-02-2026", to: "" })).toMatchObject({ ok: false, errors: { from: dateRangeTexts.fromInvalid, to: t.toMissing } });
    expect(check({ from: "", to: "01-06-2026" })).toMatchObject({ ok: false, errors: { from: t.fromMissing } });
    expect(check({ q: "x".repeat(101) })).toMatchObject({ ok: false, errors: { q: t.searchTooLong } });
    expect(check({ provider: "9999" })).toMatchObject({ ok: false, errors: { provider: t.providerUnknown } });
  });

  it("counts a year back by the calendar, 29 February included", () => {
    expect(yearBefore("2026-11-24")).toBe("2025-11-24");
    expect(yearBefore("2028-02-29")).toBe("2027-02-28");
    expect(addDays("2026-03-01", -60)).toBe("2025-12-31");
  });

  it("reads the view from the address and writes it back; the badges count back from today; All and provider All send nothing", () => {
    expect(timelineViewOf(new URLSearchParams(""))).toEqual({ kind: "all" });
    expect(timelineViewOf(new URLSearchParams("range=180"))).toEqual({ kind: "range", days: "180" });
    expect(timelineViewOf(new URLSearchParams("range=7"))).toEqual({ kind: "all" });
    const filter = timelineViewOf(new URLSearchParams("q=lab&range=60"));
    expect(filter).toEqual({ kind: "filter", filter: { from: "", to: "", q: "lab", provider: "" } });
    expect(timelineSearch(filter, 2)).toBe("?q=lab&pages=2");
    expect(timelineSearch({ kind: "range", days: "60" })).toBe("?range=60");
    expect(timelineQueryOf({ kind: "range", days: "60" }, today)).toEqual({ from: "2026-09-25", to: today, text: "", providerId: "" });
    expect(timelineQueryOf({ kind: "all" }, today)).toEqual({ from: null, to: null, text: "", providerId: "" });
    expect(timelineQueryOf({ kind: "filter", filter: { from: "01-10-2026", to: "24-11-2026", q: "", provider: "" } }, today)).toEqual({ from: "2026-10-01", to: "2026-11-24", text: "", providerId: "" });
  });
});

describe("timeline entries (2§3 Timeline event)", () => {
  const event = (id: string, created: string, kind: string, text: string, provider: string) => ({ resourceType: "Basic", id, created, code: { coding: [{ display: kind }], text }, extension: TimelineSlots.write({ provider }) });
  const parse = (items: unknown[]) => TimelineReplySchema.parse(toBundle(items)).resources.map(timelineEntryOf);

  it("reads the provider from the first extension and the date and time in Auckland", () => {
    const [entry] = parse([event("e1", "2026-06-30T21:15:00Z", "Appointment", "Face to Face appointment", "Dr Ana Smith")]);
    expect(entry).toEqual({ id: "e1", kind: "Appointment", text: "Face to Face appointment", provider: "Dr Ana Smith", isoDate: "2026-07-01", date: "01-07-2026", time: "9:15 am" });
  });

  it("groups by date, newest first, then by provider in the order first met", () => {
    const days = groupTimeline(
      parse([
        event("a", "2026-07-01T09:00:00+12:00", "Lab Result", "HbA1c", "Dr B"),
        event("b", "2026-06-01T09:00:00+12:00", "Medication", "Metformin", "Dr A"),
        event("c", "2026-07-01T10:00:00+12:00", "Appointment", "Visit", "Dr A"),
        event("d", "2026-07-01T11:00:00+12:00", "Medication", "Statin", "Dr B"),
      ]),
    );
    expect(days.map((d) => [d.date, d.providers.map((p) => [p.provider, p.entries.map((e) => e.id)])])).toEqual([
      ["01-07-2026", [["Dr B", ["a", "d"]], ["Dr A", ["c"]]]],
      ["01-06-2026", [["Dr A", ["b"]]]],
    ]);
  });
});

describe("a field within the room the spec leaves (decisions/396)", () => {
  it("shows a date as its day in Auckland whether written as a date, a local date-time, with an offset or in UTC; none as Not recorded; no date as written", () => {
    expect(shownDay("2026-03-01")).toEqual({ date: "01-03-2026", isoDate: "2026-03-01" });
    expect(shownDay("2026-03-01T09:30:00")).toEqual({ date: "01-03-2026", isoDate: "2026-03-01" });
    expect(shownDay("2026-03-01T09:30:00+13:00")).toEqual({ date: "01-03-2026", isoDate: "2026-03-01" });
    // 20:30 UTC on 28 February is 09:30 on 1 March in Auckland.
    expect(shownDay("2026-02-28T20:30:00.000Z")).toEqual({ date: "01-03-2026", isoDate: "2026-03-01" });
    for (const none of [undefined, null, "", "  "]) expect(shownDay(none)).toEqual({ date: "Not recorded", isoDate: "" });
    expect(shownDay("soon")).toEqual({ date: "soon", isoDate: "" });
    expect(hasTime("2026-03-01")).toBe(false);
    expect(hasTime("2026-02-28T20:30:00.000Z")).toBe(true);
  });

  it("keeps markup, entities and macrons as the practice's text, trimmed; none is Not recorded", () => {
    expect(shownText(" <b>Asthma</b> &amp; whānau ")).toBe("<b>Asthma</b> &amp; whānau");
    expect(shownText(null)).toBe("Not recorded");
    expect(shownText("")).toBe("Not recorded");
  });

  it("a timeline event written as a date has no time; one with nothing but its id is listed, each field Not recorded, under no date", () => {
    const [day, bare] = TimelineReplySchema.parse(toBundle([{ id: "d", created: "2026-06-30", code: { coding: [{ display: "Referral" }], text: "To cardiology" }, extension: TimelineSlots.write({ provider: "Dr A" }) }, { id: "b", created: null, code: null, extension: [] }])).resources.map(timelineEntryOf);
    expect(day).toMatchObject({ kind: "Referral", date: "30-06-2026", time: "" });
    expect(bare).toEqual({ id: "b", kind: "Not recorded", text: "Not recorded", provider: "Not recorded", isoDate: "", date: "Not recorded", time: "" });
    expect(groupTimeline([bare, day]).map((d) => d.date)).toEqual(["30-06-2026", "Not recorded"]);
  });

  it("an immunisation of an ImmType the spec does not name is shown as written, no state of 2§4's; one with no extensions says what is not recorded", () => {
    const parse = (immunisation: Record<string, unknown>) => ImmunisationsReplySchema.parse(toBundle([{ id: "i1", ...immunisation }])).resources[0];
    expect(immunisationCardOf(parse({ extension: ImmunisationSlots.write({ name: "MMR", indication: "", vaccinator: "", immType: "Scheduled", due: "2026-05-01" }) }))).toMatchObject({ name: "MMR", state: null, stateLabel: "Scheduled", stateUnknown: true, dateLabel: "Due", date: "01-05-2026", indication: "Not recorded", vaccinator: null });
    expect(immunisationCardOf(parse({ status: null, extension: null }))).toMatchObject({ name: "Not recorded", state: null, stateLabel: "Not recorded", stateUnknown: false, date: "Not recorded", indication: "Not recorded" });
    expect(immunisationCardOf(parse({ date: "2025-04-03", extension: [] }))).toMatchObject({ state: "Administered", dateLabel: "Given", date: "03-04-2025", vaccinator: "Not recorded" });
  });

  it("a vital the spec does not list, one with no name or in another unit, is listed as sent; a value as numeric text is read as its number", () => {
    const parse = (items: unknown[]) => VitalsReplySchema.parse(toBundle(items)).resources;
    const { charts, others } = vitalsViewOf(
      parse([
        { code: { coding: [{ display: "Weight" }] }, effectiveDateTime: "2026-03-01", component: [{ valueQuantity: { value: "81.5", unit: "kg" } }] },
        { code: { coding: [{ display: "Weight" }] }, effectiveDateTime: "2026-03-02", component: [{ valueQuantity: { value: 180, unit: "lb" } }] },
        { code: null, effectiveDateTime: null, component: null },
        { code: { coding: [{ display: "BMI" }] }, effectiveDateTime: "2026-03-01T10:00:00", component: [{ valueQuantity: { value: 25 } }] },
      ]),
    );
    expect(charts.map((c) => [c.key, c.latest])).toEqual([
      ["weight", "81.5 kg on 01-03-2026"],
      ["bmi", "25 kg/m² on 01-03-2026"],
    ]);
    expect(others).toEqual([
      { name: "Weight", date: "02-03-2026", isoDate: "2026-03-02", value: "180 lb" },
      { name: "Not recorded", date: "Not recorded", isoDate: "", value: "Not recorded" },
    ]);
  });
});
