import { describe, expect, it } from "vitest";
import { toBundle } from "../../contract/fhir";
import { AllergiesReplySchema, AllergySlots } from "../../contract/health";
import { allergyCardOf, severityOf } from "../../app/lib/allergies-view";

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
