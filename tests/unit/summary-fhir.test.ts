import type { AllergyIntolerance, Bundle, Composition, Condition, Immunization, MedicationStatement, Observation, Organization, Patient } from "@medplum/fhirtypes";
import { beforeAll, describe, expect, it } from "vitest";
import { AT, allergies, conditions, emptyRecord, fullRecord, patientReply, practiceReply } from "../helpers/summary-record";
import { fhirDate, fhirDateTime, LIST_EMPTY_REASON_SYSTEM, NHI_SYSTEM, summaryBundle } from "~/areas/summary/fhir";
import { countsByType, documentProblems, fhirValidator, narrativeProblems, validateBundle } from "../helpers/fhir-document";

/**
 * The summary mapper (app/areas/summary/fhir.ts): the practice's replies, written as the practice
 * sends them (the contract's slot layouts) and parsed by the contract, in; a FHIR R4 document out,
 * validated by Medplum against the R4 base definitions and by the document checker of tests/helpers.
 */

const resources = <T>(bundle: Bundle, type: string) => (bundle.entry ?? []).map((e) => e.resource).filter((r) => r?.resourceType === type) as T[];
const composition = (bundle: Bundle) => bundle.entry![0].resource as Composition;
const section = (bundle: Bundle, code: string) => composition(bundle).section!.find((s) => s.code?.coding?.[0]?.code === code)!;
const byUrl = (bundle: Bundle, reference: string | undefined) => bundle.entry!.find((e) => e.fullUrl === reference)?.resource;

beforeAll(async () => {
  await fhirValidator();
}, 60_000);

describe("the summary bundle", () => {
  it("is a document: Composition first with the six IPS sections, the Patient and the practice, every resource valid FHIR R4", async () => {
    const bundle = summaryBundle(fullRecord(), AT);
    expect(documentProblems(bundle)).toEqual([]);
    expect(await validateBundle(bundle)).toEqual([]);
    expect(countsByType(bundle)).toEqual({ Composition: 1, Patient: 1, Organization: 1, Condition: 1, MedicationStatement: 2, AllergyIntolerance: 4, Immunization: 2, Observation: 4 });
    expect(bundle).toMatchObject({ type: "document", timestamp: "2026-11-25T14:30:00+13:00", identifier: { system: "urn:ietf:rfc:3986", value: expect.stringMatching(/^urn:uuid:[0-9a-f-]{36}$/) } });
    const c = composition(bundle);
    expect(c).toMatchObject({
      status: "final",
      type: { coding: [{ system: "http://loinc.org", code: "60591-5", display: "Patient summary Document" }] },
      date: "2026-11-25T14:30:00+13:00",
      title: "Patient summary: Aroha Ngata",
    });
    expect(c.section!.map((s) => s.code!.coding![0].code)).toEqual(["11450-4", "10160-0", "48765-2", "11369-6", "30954-2", "8716-3"]);
    expect(byUrl(bundle, c.subject!.reference)?.resourceType).toBe("Patient");
    expect(byUrl(bundle, c.author![0].reference)).toMatchObject({ resourceType: "Organization", name: "Kōwhai Medical Centre" });
    for (const e of bundle.entry!) expect(e.fullUrl).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("the validator is live: it refuses what R4 forbids, inside the bundle too, and the checker what the document rules forbid", async () => {
    const bundle = summaryBundle(fullRecord(), AT);
    const allergy = resources<AllergyIntolerance>(bundle, "AllergyIntolerance")[0];
    delete allergy.clinicalStatus; // ait-1
    await expect(validateBundle(bundle)).rejects.toThrow(/ait-1/);
    const broken = summaryBundle(fullRecord(), AT);
    section(broken, "11450-4").emptyReason = { text: "none" }; // cmp-2, and the checker's own rule
    await expect(validateBundle(broken)).rejects.toThrow(/cmp-2/);
    expect(documentProblems(broken)).toEqual(["section 11450-4 has entries and an emptyReason"]);
    const dangling = summaryBundle(fullRecord(), AT);
    dangling.entry!.splice(1, 1); // the Patient
    expect(documentProblems(dangling)).toContain("the Composition's subject is not a Patient in the bundle");
    expect(documentProblems(dangling).filter((p) => p.includes("does not resolve inside the bundle")).length).toBeGreaterThan(10);
    const reordered = summaryBundle(fullRecord(), AT);
    reordered.entry!.reverse();
    expect(documentProblems(reordered)).toContain("the first entry is not a Composition");
    const twice = summaryBundle(fullRecord(), AT);
    twice.entry!.push(twice.entry![3]);
    expect(documentProblems(twice)).toContain(`fullUrl ${twice.entry![3].fullUrl} twice`);
  });

  it("the Patient carries the NHI, name, birth date and gender; nothing else of the profile", () => {
    const [patient] = resources<Patient>(summaryBundle(fullRecord(), AT), "Patient");
    expect(patient).toEqual({
      resourceType: "Patient",
      id: expect.any(String),
      identifier: [{ use: "official", system: NHI_SYSTEM, value: "ZZZ0016" }],
      name: [{ use: "official", text: "Aroha Ngata", family: "Ngata", given: ["Aroha"], prefix: ["Ms"] }],
      gender: "female",
      birthDate: "1968-04-09",
    });
  });

  it("reads the practice's gender words and DD-MM-YYYY birth dates; leaves out what it cannot read", async () => {
    const patientOf = (over: Parameters<typeof patientReply>[0]) => resources<Patient>(summaryBundle({ ...emptyRecord(), patient: patientReply(over) }, AT), "Patient")[0];
    expect(patientOf({ gender: "M", birthDate: "09-04-1968" })).toMatchObject({ gender: "male", birthDate: "1968-04-09" });
    expect(patientOf({ gender: "Gender diverse" }).gender).toBe("other");
    const unread = patientOf({ gender: "", birthDate: "sometime in 1968" });
    expect(unread.gender).toBeUndefined();
    expect(unread.birthDate).toBeUndefined();
    expect(await validateBundle(summaryBundle({ ...emptyRecord(), patient: patientReply({ gender: "", birthDate: "sometime" }) }, AT))).toEqual([]);
  });

  it("problems: the diagnosis as written is the code's text, with its onset; long term shown in the narrative", () => {
    const bundle = summaryBundle(fullRecord(), AT);
    expect(resources<Condition>(bundle, "Condition")).toEqual([
      { resourceType: "Condition", id: expect.any(String), subject: { reference: composition(bundle).subject!.reference }, code: { text: "Type 2 diabetes mellitus. Managed with metformin." }, onsetDateTime: "2019-03-14T10:15:00+13:00" },
    ]);
    expect(section(bundle, "11450-4").text!.div).toContain("<td>14-03-2019</td><td>Yes</td>");
  });

  it("medications: a statement with the practice's code and text, dosage text and the prescription's period; active only while prescribed", () => {
    const [metformin, amoxicillin] = resources<MedicationStatement>(summaryBundle(fullRecord(), AT), "MedicationStatement");
    expect(metformin).toMatchObject({
      status: "active",
      medicationCodeableConcept: { coding: [{ code: "10022301000116105", display: "Metformin 500 mg tablet" }], text: "Metformin 500 mg tablet" },
      dosage: [{ text: "Take one tablet twice a day with food" }],
      effectivePeriod: { start: "2026-10-01T09:00:00+13:00", end: "2026-12-30T09:00:00+13:00" },
    });
    // No system is invented for the practice's code: the contract does not name one.
    expect(metformin.medicationCodeableConcept!.coding![0].system).toBeUndefined();
    expect(amoxicillin.status).toBe("unknown");
  });

  it("allergies: active, category from the practice's type, Severe is high criticality and severe reaction, Moderate and Mild low; none recorded, no severity", () => {
    const list = resources<AllergyIntolerance>(summaryBundle(fullRecord(), AT), "AllergyIntolerance");
    expect(list.map((a) => [a.code?.text, a.category, a.criticality, a.reaction?.[0]?.severity, a.clinicalStatus?.coding?.[0]?.code])).toEqual([
      ["Penicillin", ["medication"], "high", "severe", "active"],
      ["Codeine", ["medication"], "low", "moderate", "active"],
      ["Latex", undefined, "low", undefined, "active"],
      ["Kiwifruit", ["food"], undefined, undefined, "active"],
    ]);
    expect(list[0]).toMatchObject({ reaction: [{ manifestation: [{ text: "Anaphylaxis" }] }], note: [{ text: "Carries an adrenaline auto-injector." }] });
  });

  it("immunisations: given ones completed with date, vaccinator and indication; a missing date is stated absent, not made up", async () => {
    const bundle = summaryBundle(fullRecord(), AT);
    const [flu, td] = resources<Immunization>(bundle, "Immunization");
    expect(flu).toMatchObject({ status: "completed", vaccineCode: { text: "Influenza" }, occurrenceDateTime: "2026-04-03T10:00:00+13:00", performer: [{ actor: { display: "Nurse Hine Walker" } }], reasonCode: [{ text: "Annual influenza vaccine" }] });
    expect(td.occurrenceDateTime).toBeUndefined();
    expect((td as Immunization & { _occurrenceDateTime?: unknown })._occurrenceDateTime).toEqual({ extension: [{ url: "http://hl7.org/fhir/StructureDefinition/data-absent-reason", valueCode: "unknown" }] });
    expect(td.performer).toBeUndefined();
    expect(section(bundle, "11369-6").text!.div).toContain("<td>Td (ADT Booster)</td><td>Not recorded</td>");
  });

  it("results and vitals: laboratory and vital-signs Observations; vitals with value and unit, blood pressure as two components", () => {
    const observations = resources<Observation>(summaryBundle(fullRecord(), AT), "Observation");
    const [lab, bp, weight, pulse] = observations;
    expect(lab).toMatchObject({ status: "unknown", category: [{ coding: [{ code: "laboratory" }] }], code: { text: "HbA1c" }, effectiveDateTime: "2026-11-02T08:40:00+13:00", performer: [{ display: "Awanui Labs" }], note: [{ text: "Improved since May." }] });
    expect(lab.valueQuantity).toBeUndefined();
    expect(bp).toMatchObject({
      category: [{ coding: [{ code: "vital-signs" }] }],
      code: { text: "Blood Pressure" },
      component: [
        { code: { text: "Systolic" }, valueQuantity: { value: 128, unit: "mmHg" } },
        { code: { text: "Diastolic" }, valueQuantity: { value: 82, unit: "mmHg" } },
      ],
    });
    expect(weight).toMatchObject({ code: { text: "Weight" }, valueQuantity: { value: 71.4, unit: "kg" } });
    // No unit given, none invented; the practice's "YYYY-MM-DD HH:mm:ss" is its own time, written with the offset.
    expect(pulse).toMatchObject({ valueQuantity: { value: 64 }, effectiveDateTime: "2026-11-02T09:05:00+13:00" });
    expect(pulse.valueQuantity!.unit).toBeUndefined();
    // No code anywhere but the document's own LOINC codes and the practice's medicine codes.
    expect(observations.every((o) => o.code?.coding === undefined)).toBe(true);
  });

  it("each section's entries point at its own resources", () => {
    const bundle = summaryBundle(fullRecord(), AT);
    const typesOf = (code: string) => section(bundle, code).entry!.map((e) => byUrl(bundle, e.reference)?.resourceType);
    expect(typesOf("11450-4")).toEqual(["Condition"]);
    expect(typesOf("10160-0")).toEqual(["MedicationStatement", "MedicationStatement"]);
    expect(typesOf("48765-2")).toEqual(Array(4).fill("AllergyIntolerance"));
    expect(typesOf("11369-6")).toEqual(["Immunization", "Immunization"]);
    expect(typesOf("30954-2")).toEqual(["Observation"]);
    expect(typesOf("8716-3")).toEqual(["Observation", "Observation", "Observation"]);
  });
});

describe("empty sections", () => {
  it("state emptyReason unavailable (the practice holds none; not a clinical nil known) and say so in words", async () => {
    const bundle = summaryBundle(emptyRecord(), AT);
    expect(documentProblems(bundle)).toEqual([]);
    expect(await validateBundle(bundle)).toEqual([]);
    expect(countsByType(bundle)).toEqual({ Composition: 1, Patient: 1, Organization: 1 });
    for (const s of composition(bundle).section!) {
      expect(s.entry).toBeUndefined();
      expect(s.emptyReason).toMatchObject({ coding: [{ system: LIST_EMPTY_REASON_SYSTEM, code: "unavailable" }] });
      expect(s.text).toMatchObject({ status: "generated", div: expect.stringContaining("holds no") });
    }
    expect(section(bundle, "48765-2").text!.div).toContain("holds no allergies or intolerances for this person. This does not say that there are none.");
  });

  it("a record with some lists empty mixes entries and emptyReason section by section", () => {
    const bundle = summaryBundle({ ...emptyRecord(), allergies: allergies() }, AT);
    expect(documentProblems(bundle)).toEqual([]);
    expect(section(bundle, "48765-2").emptyReason).toBeUndefined();
    expect(section(bundle, "11450-4").emptyReason).toBeDefined();
  });

  it("a list the practice holds more of than were read says so in its narrative", () => {
    const bundle = summaryBundle({ ...fullRecord(), partial: { allergies: { read: 4, total: 345 } } }, AT);
    expect(section(bundle, "48765-2").text!.div).toContain("The practice holds 345 allergies or intolerances; the first 4 are included.");
  });

  it("a list cut at the bound whose total the practice did not send says it may hold more, with no count made up", () => {
    const bundle = summaryBundle({ ...fullRecord(), partial: { allergies: { read: 4 } } }, AT);
    expect(section(bundle, "48765-2").text!.div).toContain("The practice may hold more allergies or intolerances; the first 4 are included.");
  });
});

describe("narratives", () => {
  it("keep hostile practice text as text: a script in a diagnosis note is escaped, never an element", async () => {
    const hostile = `<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes" 'single'`;
    const record = { ...fullRecord(), conditions: conditions([hostile]) };
    const bundle = summaryBundle(record, AT);
    const div = section(bundle, "11450-4").text!.div;
    expect(div).not.toContain("<script");
    expect(div).not.toContain("<img");
    expect(div).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot; &#39;single&#39;");
    expect(narrativeProblems(div)).toEqual([]);
    expect(documentProblems(bundle)).toEqual([]);
    expect(await validateBundle(bundle)).toEqual([]);
    // The resource keeps the practice's words exactly; escaping is the narrative's business.
    expect(resources<Condition>(bundle, "Condition")[0].code!.text).toBe(hostile.trim());
  });

  it("the checker itself catches an element smuggled into a narrative", () => {
    expect(narrativeProblems('<div xmlns="http://www.w3.org/1999/xhtml"><p>ok</p><script>x</script></div>')).toEqual(["<script> in a narrative"]);
    expect(narrativeProblems("<div><p>ok</p></div>")).toEqual(["the div is not in the XHTML namespace"]);
  });

  it("drop the characters XML cannot hold (a stray control character from the practice's system)", () => {
    const bundle = summaryBundle({ ...fullRecord(), conditions: conditions(["Asthma\u0007 \u0000mild"]) }, AT);
    expect(section(bundle, "11450-4").text!.div).toContain("<td>Asthma mild</td>");
  });

  it("keep macrons", () => {
    const bundle = summaryBundle({ ...fullRecord(), conditions: conditions(["Māuiui: tūroro"]) }, AT);
    expect(section(bundle, "11450-4").text!.div).toContain("<td>Māuiui: tūroro</td>");
  });
});

describe("ids", () => {
  it("are name-based: the same record and time give the same bundle; another person, practice or time another", () => {
    const one = summaryBundle(fullRecord(), AT);
    expect(summaryBundle(fullRecord(), AT)).toEqual(one);
    expect(JSON.stringify(summaryBundle(fullRecord(), AT))).toBe(JSON.stringify(one));

    const urls = (b: Bundle) => b.entry!.map((e) => e.fullUrl);
    const later = summaryBundle(fullRecord(), new Date(AT.getTime() + 60_000));
    // The document and its Composition are new at each generation; the record's resources keep their ids.
    expect(later.identifier!.value).not.toBe(one.identifier!.value);
    expect(urls(later)[0]).not.toBe(urls(one)[0]);
    expect(urls(later).slice(1)).toEqual(urls(one).slice(1));

    const other = { ...fullRecord(), patient: { ...patientReply(), id: "p-2" } };
    expect(urls(summaryBundle(other, AT)).filter((u) => urls(one).includes(u))).toEqual([]);
    const otherPractice = { ...fullRecord(), practice: { ...practiceReply(), id: "org-10" } };
    expect(urls(summaryBundle(otherPractice, AT)).filter((u) => urls(one).includes(u))).toEqual([]);
  });

  it("an item listed twice (a page read twice) is one entry; a vital without an id still gets a stable one", () => {
    const twice = { ...fullRecord(), allergies: [...allergies(), ...allergies()] };
    const bundle = summaryBundle(twice, AT);
    expect(resources(bundle, "AllergyIntolerance")).toHaveLength(4);
    expect(documentProblems(bundle)).toEqual([]);
    const org = resources<Organization>(bundle, "Organization")[0];
    expect(org).toMatchObject({ name: "Kōwhai Medical Centre", telecom: [{ system: "phone", use: "work", value: "09 555 0199" }] });
  });
});

describe("practice dates", () => {
  it("become FHIR dates and dateTimes: ISO kept with its offset, no offset read as Auckland time, DD-MM-YYYY read, a day stays a day", () => {
    expect(fhirDateTime("2026-03-01T09:00:00+13:00")).toBe("2026-03-01T09:00:00+13:00");
    expect(fhirDateTime("2026-07-01T09:00:00")).toBe("2026-07-01T09:00:00+12:00");
    expect(fhirDateTime("2026-03-01T09:00:00Z")).toBe("2026-03-01T09:00:00Z");
    expect(fhirDateTime("01-03-2026")).toBe("2026-03-01");
    expect(fhirDateTime("01-03-2026 14:05")).toBe("2026-03-01T14:05:00+13:00");
    expect(fhirDateTime("2026-03-01")).toBe("2026-03-01");
    expect(fhirDate("2026-03-01T23:30:00+13:00")).toBe("2026-03-01");
    expect(fhirDate("31-02-2026")).toBeUndefined();
    expect(fhirDateTime("")).toBeUndefined();
    expect(fhirDateTime("not a date")).toBeUndefined();
  });
});
