import { describe, expect, it } from "vitest";
import { MedicationSchema } from "@contract/medications";
import { medicationsTexts } from "~/areas/medications/texts";
import { recordTexts } from "~/lib/texts/record";
import { medicationRowOf, medicationSearch, medicationViewOf, medicineGuidanceUrl, repeatSettingsOf } from "~/areas/medications/view";
import { withSettingDefaults } from "~/lib/practice-settings";
import { checkRepeatChoice, repeatFields, RepeatRequestSchema } from "~/areas/medications/repeat-request";
import { parseForm } from "~/lib/form-data";

const t = medicationsTexts;

describe("the medications view", () => {
  it("reads a medicine into a row: dose with unit, dates DD-MM-YYYY in Auckland", () => {
    const medication = MedicationSchema.parse({
      resourceType: "MedicationRequest",
      id: "rx1",
      authoredOn: "2026-03-31T12:30:00Z",
      medicationCodeableConcept: { coding: [{ display: " Metformin 500 mg tablet ", code: "10022301000116105" }] },
      dosageInstruction: [{ text: "Take one tablet twice a day" }],
      dispenseRequest: { quantity: { value: 180 } },
      extension: [
        { url: "IsLongTerm", valueBoolean: true },
        { url: "Period", valueString: "3 months" },
        { url: "PrescribedBy", valueString: "Dr Aroha Ngata" },
        { url: "PracticeName", valueString: "Ponsonby Medical Centre" },
        { url: "Dose", valueString: "500" },
        { url: "EndDate", valueDateTime: "2026-06-29T12:00:00Z" },
        { url: "Unit", valueString: "mg" },
      ],
    });
    expect(medicationRowOf(medication)).toEqual({
      id: "rx1",
      name: "Metformin 500 mg tablet",
      code: "10022301000116105",
      dose: "500 mg",
      instructions: "Take one tablet twice a day",
      quantity: "180",
      prescriber: "Dr Aroha Ngata",
      // 12:30 UTC on 31 March is 1:30 am on 1 April in Auckland (NZDT ends on 5 April 2026).
      prescribed: "01-04-2026",
      ends: "30-06-2026",
      longTerm: true,
    });
  });

  // The room the spec leaves (issue 68, decisions/396): only the id is sure; every shown field may be missing.
  it("reads a medicine with only its id: every shown field Not recorded, no guidance code, the long-term flag unknown", () => {
    for (const extension of [[], null, undefined, [{ url: "IsLongTerm" }]]) {
      const bare = MedicationSchema.parse({ id: "rx2", authoredOn: null, medicationCodeableConcept: { coding: [] }, dosageInstruction: [{ text: null }], dispenseRequest: { quantity: null }, extension });
      const n = recordTexts.notRecorded;
      expect(medicationRowOf(bare)).toEqual({ id: "rx2", name: n, code: null, dose: n, instructions: n, quantity: n, prescriber: n, prescribed: n, ends: n, longTerm: null });
    }
    const empty = MedicationSchema.parse({ id: "rx3", authoredOn: "", medicationCodeableConcept: { coding: [{ display: " ", code: "" }] }, dosageInstruction: [], extension: [{ valueBoolean: false }, {}, { valueString: "" }] });
    expect(medicationRowOf(empty)).toMatchObject({ name: recordTexts.notRecorded, code: null, instructions: recordTexts.notRecorded, prescriber: recordTexts.notRecorded, prescribed: recordTexts.notRecorded, longTerm: false });
  });

  it("reads each date form in Auckland, a quantity as text, and text with markup and macrons as the practice wrote it", () => {
    const of = (authoredOn: string, endDate: string) =>
      medicationRowOf(MedicationSchema.parse({ id: "rx4", authoredOn, dispenseRequest: { quantity: { value: "28" } }, medicationCodeableConcept: { coding: [{ display: "<b>Rongoā</b> &amp; whānau", code: "x" }] }, extension: [{}, {}, {}, {}, {}, { valueDateTime: endDate }] }));
    expect(of("2026-03-31", "2026-06-29")).toMatchObject({ prescribed: "31-03-2026", ends: "29-06-2026", quantity: "28" });
    // Without an offset a date-time is the practice's local time; in UTC it is moved into Auckland's day.
    expect(of("2026-03-31T23:30:00", "2026-06-29T12:00:00.000Z")).toMatchObject({ prescribed: "31-03-2026", ends: "30-06-2026" });
    // Shown as text: React escapes it, so nothing is stripped or read as markup here.
    expect(of("2026-03-31", "2026-06-29").name).toBe("<b>Rongoā</b> &amp; whānau");
    // A date that is none of the forms is shown as sent, never a crash.
    expect(of("soon", "2026-06-29").prescribed).toBe("soon");
  });

  it("keeps the view in the address: tab, list and pages, defaults left out", () => {
    expect(medicationViewOf(new URLSearchParams(""))).toEqual({ tab: "long-term", list: "all", pages: 1 });
    expect(medicationViewOf(new URLSearchParams("tab=history&list=repeated&pages=3"))).toEqual({ tab: "history", list: "repeated", pages: 3 });
    // A list belongs to History only; nonsense falls back to the defaults.
    expect(medicationViewOf(new URLSearchParams("list=recent&pages=-4"))).toEqual({ tab: "long-term", list: "all", pages: 1 });
    expect(medicationViewOf(new URLSearchParams("tab=history&list=x&pages=9999")).pages).toBe(20);
    expect(medicationSearch({ tab: "long-term", list: "all", pages: 1 })).toBe("");
    expect(medicationSearch({ tab: "history", list: "all" })).toBe("?tab=history");
    expect(medicationSearch({ tab: "history", list: "recent", pages: 2 })).toBe("?tab=history&list=recent&pages=2");
  });

  it("links a medicine's guidance page by its code", () => {
    expect(medicineGuidanceUrl("10022301000116105")).toBe("https://www.nzf.org.nz/nzf/search?q=10022301000116105");
    expect(medicineGuidanceUrl("a b&c")).toBe("https://www.nzf.org.nz/nzf/search?q=a%20b%26c");
  });
});

describe("the repeat settings (2§3, 1§3 defaults)", () => {
  it("empty settings take 1§3's defaults: the default notice, no urgent notes, no preferred pharmacy", () => {
    const s = repeatSettingsOf(withSettingDefaults({ PortalRepeatMedSetting: "  ", RepeatRxUrgentNotes: "", PrefPharmacy: "", PharmacyId: "n/a" }));
    expect(s).toEqual({
      showDeliveryChoice: false,
      defaultDelivery: "pickup",
      urgent: false,
      urgentNotes: "",
      fax: false,
      notice: t.defaultNotice,
      outstandingBalanceCents: 0,
      preferredPharmacyId: null,
      preferredPharmacyName: null,
    });
  });

  it("reads the practice's values; either spelling of the pick-up setting shows the choice", () => {
    const s = repeatSettingsOf(withSettingDefaults({ ShowPickupTypeInRepeatRx: "1", IsPickupPharmacyMandatory: "1", IsRxUrgent: "1", IsRxFax: "1", RepeatRxUrgentNotes: "Same day", PortalRepeatMedSetting: "Our notice", IsOutstandingBalance: "1", OutstandingBalance: "120.50", PharmacyId: "713", PrefPharmacy: "Unichem" }));
    expect(s).toEqual({ showDeliveryChoice: true, defaultDelivery: "pharmacy", urgent: true, urgentNotes: "Same day", fax: true, notice: "Our notice", outstandingBalanceCents: 12050, preferredPharmacyId: "713", preferredPharmacyName: "Unichem" });
    expect(repeatSettingsOf(withSettingDefaults({ IsShowPickupTypeinRepeatRx: "1" })).showDeliveryChoice).toBe(true);
    // A balance counts only when the practice turns the rule on.
    expect(repeatSettingsOf(withSettingDefaults({ IsOutstandingBalance: "0", OutstandingBalance: "99.00" })).outstandingBalanceCents).toBe(0);
  });
});

describe("the repeat request's rules (2§5), one schema for browser and server", () => {
  const choice = { medicationIds: ["rx1"], delivery: "pickup" as const, pharmacyId: null, urgent: false, fax: false, notes: "" };

  it("at least one medicine; a pharmacy for pharmacy delivery; pick up refused while owing", () => {
    expect(checkRepeatChoice(choice, { outstandingBalanceCents: 0 })).toEqual({});
    expect(checkRepeatChoice({ ...choice, medicationIds: [] }, { outstandingBalanceCents: 0 })).toEqual({ medicationIds: t.selectOne });
    expect(checkRepeatChoice({ ...choice, delivery: "pharmacy" }, { outstandingBalanceCents: 0 })).toEqual({ pharmacyId: t.selectPharmacy });
    expect(checkRepeatChoice({ ...choice, delivery: "pharmacy", pharmacyId: "713" }, { outstandingBalanceCents: 1 })).toEqual({});
    expect(checkRepeatChoice(choice, { outstandingBalanceCents: 1 })).toEqual({ delivery: t.outstandingBalance });
    expect(checkRepeatChoice({ ...choice, notes: "x".repeat(501) }, { outstandingBalanceCents: 0 })).toEqual({ notes: t.notesTooLong });
  });

  it("the server reads the posted fields with the same schema", () => {
    const fields = repeatFields({ ...choice, delivery: "pharmacy", pharmacyId: "713", urgent: true, fax: true, notes: " Thanks " }, "key-12345678", true);
    expect(fields).toEqual({ key: "key-12345678", medicationIds: "rx1", delivery: "pharmacy", pharmacyId: "713", urgent: "true", fax: "true", notes: "Thanks", ignoreLeave: "true" });
    const parsed = parseForm(new URLSearchParams({ ...fields }), RepeatRequestSchema);
    expect(parsed).toEqual({ ok: true, value: { key: "key-12345678", medicationIds: ["rx1"], delivery: "pharmacy", pharmacyId: "713", urgent: true, fax: true, notes: "Thanks", ignoreLeave: true } });
    const refused = parseForm(new URLSearchParams({ key: "key-12345678", delivery: "pharmacy" }), RepeatRequestSchema);
    expect(refused.ok ? {} : refused.errors).toEqual({ medicationIds: t.selectOne, pharmacyId: t.selectPharmacy });
  });
});
