import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { buildAllergies, buildConditions, buildImmunisations, buildReminders, buildVitals, type HealthPlan } from "../../fixtures/builders/health";
import { buildMedications } from "../../fixtures/builders/medications";
import { buildStaff } from "../../fixtures/builders/staff";

/** The health summary builders (decisions/081): a record that hangs together, the same for the same seed. */

const REFERENCE = DateTime.fromISO("2026-03-01T09:00", { zone: "Pacific/Auckland" }).toMillis();
const staff = buildStaff(7, "Dr Aroha Ngata");
const adult: HealthPlan = { patientId: "100200", birthDate: "1962-05-10", sex: "female", full: true };
const child: HealthPlan = { patientId: "100201", birthDate: "2018-09-03", sex: "male", full: true };
const newPatient: HealthPlan = { ...adult, patientId: "100202", full: false };
const DAY = 86_400_000;

describe("health summary builders", () => {
  it("gives each long-term medicine its diagnosis, long term and begun before the prescription", () => {
    const medicines = buildMedications(7, adult.patientId, 4, true, staff, REFERENCE);
    const conditions = buildConditions(7, adult, medicines, REFERENCE);
    const longTerm = conditions.filter((c) => c.longTerm);
    expect(longTerm.length).toBeGreaterThan(0);
    if (medicines.some((m) => m.name.startsWith("Metformin"))) expect(longTerm.some((c) => c.text.startsWith("Type 2 diabetes"))).toBe(true);
    for (const c of longTerm) expect(c.onsetMs).toBeLessThan(Math.min(...medicines.filter((m) => m.longTerm).map((m) => m.authoredMs)));
    // One acute diagnosis within the last two months, so Recent Diagnosis is never empty.
    expect(conditions.some((c) => !c.longTerm && REFERENCE - c.onsetMs < 62 * DAY)).toBe(true);
  });

  it("records one allergy of each severity and one without", () => {
    expect(buildAllergies(7, adult).map((a) => a.severity)).toEqual(["Severe", "Moderate", "Mild", undefined]);
  });

  it("follows the schedule: a child's past milestones given by a nurse, the next due; an adult's flu due and booster overdue", () => {
    const kid = buildImmunisations(7, child, staff, REFERENCE);
    const given = kid.filter((i) => i.givenMs !== undefined);
    expect(given.map((i) => i.indication)).toContain("Childhood schedule: 6 weeks");
    for (const i of given) expect(i.vaccinator?.roleName).toBe("Nurse");
    expect(kid.filter((i) => i.givenMs === undefined).every((i) => i.dueMs > REFERENCE)).toBe(true);
    const grown = buildImmunisations(7, adult, staff, REFERENCE);
    expect(grown.some((i) => i.name === "Influenza" && i.givenMs === undefined && i.dueMs > REFERENCE)).toBe(true);
    expect(grown.some((i) => i.indication === "COVID-19 booster" && i.givenMs === undefined && i.dueMs < REFERENCE)).toBe(true);
    // Born before the national register: no childhood records.
    expect(grown.some((i) => i.indication.startsWith("Childhood"))).toBe(false);
  });

  it("has reminders of every priority and vitals that move a little from visit to visit over two years", () => {
    expect(new Set(buildReminders(7, adult, staff, REFERENCE).slice(0, 3).map((r) => r.priority))).toEqual(new Set(["High", "Medium", "Normal"]));
    const vitals = buildVitals(7, adult, REFERENCE);
    const weights = vitals.filter((v) => v.unit === "kg").sort((a, b) => a.atMs - b.atMs);
    expect(weights.at(-1)!.atMs - weights[0].atMs).toBeGreaterThan(600 * DAY);
    for (let i = 1; i < weights.length; i++) expect(Math.abs(weights[i].values[0] - weights[i - 1].values[0])).toBeLessThan(3);
    expect(vitals.every((v) => v.atMs < REFERENCE)).toBe(true);
    // A child grows between visits.
    const heights = buildVitals(7, child, REFERENCE).filter((v) => v.unit === "cm").sort((a, b) => a.atMs - b.atMs);
    for (let i = 1; i < heights.length; i++) expect(heights[i].values[0]).toBeGreaterThan(heights[i - 1].values[0]);
  });

  it("gives a new patient nothing, and the same seed the same summary", () => {
    expect([buildAllergies(7, newPatient), buildImmunisations(7, newPatient, staff, REFERENCE), buildReminders(7, newPatient, staff, REFERENCE), buildVitals(7, newPatient, REFERENCE)]).toEqual([[], [], [], []]);
    expect(buildVitals(7, adult, REFERENCE)).toEqual(buildVitals(7, adult, REFERENCE));
    expect(buildVitals(8, adult, REFERENCE)).not.toEqual(buildVitals(7, adult, REFERENCE));
  });
});
