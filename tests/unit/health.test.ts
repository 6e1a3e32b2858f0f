import { describe, expect, it } from "vitest";
import { toBundle } from "../../contract/fhir";
import { AllergiesReplySchema, AllergySlots, ConditionSlots, ConditionsReplySchema, ReminderSlots, RemindersReplySchema } from "../../contract/health";
import { priorityOf, reminderCardOf } from "../../app/lib/reminders-view";
import { allergyCardOf, severityOf } from "../../app/lib/allergies-view";
import { diagnosisCardOf, diagnosisSearch, diagnosisTabOf } from "../../app/lib/diagnoses-view";

/**
 * The health screens' mappers, each reading the practice's wire shape through the contract's slot
 * layouts (contract/health.ts): what a position holds is written there, and these tests pin it.
 */

describe("allergy cards (2§3 Allergy, 2§4 severity)", () => {
  const wire = (extension: unknown, extra: Record<string, unknown> = {}) =>
    AllergiesReplySchema.parse(toBundle([{ resourceType: "AllergyIntolerance", id: "a1", code: { text: " Penicillin " }, extension, ...extra }])).resources[0];

  it("reads the type at position 0 and the severity at position 1, with the reaction and note when present", () => {
    const allergy = wire([{ url: "AllergyType", valueString: "Drug" }, { url: "Severity", valueString: "Severe" }], { reaction: [{ manifestation: [{ text: "Anaphylaxis" }, { text: "Hives" }] }], note: [{ text: "Carries an adrenaline pen." }] });
    expect(allergyCardOf(allergy)).toEqual({ id: "a1", substance: "Penicillin", type: "Drug", severity: "Severe", recordedAs: null, unrecorded: false, reaction: "Anaphylaxis; Hives", note: "Carries an adrenaline pen." });
  });

  it("reads a missing severity as Mild, and says it was not recorded; no reaction or note is null", () => {
    const allergy = wire(AllergySlots.write({ type: "Food" }));
    expect(allergyCardOf(allergy)).toMatchObject({ severity: "Mild", unrecorded: true, recordedAs: null, reaction: null, note: null });
  });

  it("maps each word to its level, case and spacing aside, and keeps a word it does not know", () => {
    expect(severityOf("severe")).toEqual({ severity: "Severe", recordedAs: null, unrecorded: false });
    expect(severityOf(" Moderate ")).toEqual({ severity: "Moderate", recordedAs: null, unrecorded: false });
    expect(severityOf("MILD")).toEqual({ severity: "Mild", recordedAs: null, unrecorded: false });
    expect(severityOf("High")).toEqual({ severity: "Severe", recordedAs: "High", unrecorded: false });
    expect(severityOf("Medium")).toEqual({ severity: "Moderate", recordedAs: "Medium", unrecorded: false });
    expect(severityOf("Unknown")).toEqual({ severity: "Mild", recordedAs: "Unknown", unrecorded: false });
    expect(severityOf("  ")).toEqual({ severity: "Mild", recordedAs: null, unrecorded: true });
  });

  it("refuses an allergy without its type slot", () => {
    expect(() => wire([])).toThrow(/extension\[0\]\.valueString \(type\) is missing/);
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

  it("refuses a condition without its long-term flag", () => {
    expect(() => wire({ onsetDateTime: "2026-01-01", note: [{ text: "x" }], extension: [{ valueString: "true" }] })).toThrow(/longTerm/);
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
      recordedAs: null,
      sender: "Nurse Aroha Ngata",
      // 23:15 UTC on 30 June is 11:15 on 1 July in Auckland (NZST, +12).
      sent: "01-07-2026",
      isoSent: "2026-07-01",
      note: "Form at reception.",
    });
  });

  it("reads each priority word whatever its case, and an unknown one as Normal, keeping the word", () => {
    expect(priorityOf("medium")).toEqual({ priority: "Medium", recordedAs: null });
    expect(priorityOf("NORMAL")).toEqual({ priority: "Normal", recordedAs: null });
    expect(priorityOf("Urgent")).toEqual({ priority: "Normal", recordedAs: "Urgent" });
    const card = reminderCardOf(wire({ extension: ReminderSlots.write({ description: "", title: "", priority: "" }) }));
    expect(card).toMatchObject({ title: "Reminder", priority: "Normal", recordedAs: null, note: null });
  });
});
