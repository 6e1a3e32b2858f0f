import { describe, expect, it } from "vitest";
import { isValidNhi } from "@contract/nhi";
import { CountersSchema } from "@contract/patient";
import { MENU_CODES } from "../../fixtures/builders/menu-items";
import { NZ_CITIES } from "../../fixtures/builders/nz-places";
import { buildPracticeData, type PracticeData } from "../../fixtures/builders/practice-data";
import { hashSeed } from "../../fixtures/builders/random";
import { DEMO_PASSWORD, ScenarioError, getScenario, overlay, parseScenario, scenarioIds } from "../../fixtures/scenarios/index";
import { defaultScenario } from "../../fixtures/scenarios/default";

const scenario = getScenario("default")!;
const SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);
const worlds: PracticeData[] = SEEDS.map((seed) => buildPracticeData(scenario, seed));
const account = (data: PracticeData, label: string) => data.accounts.find((a) => a.label === label)!;
const patient = (data: PracticeData, id: string) => data.patients.find((p) => p.id === id)!;

describe("seeding", () => {
  it("hashes parts, not their concatenation", () => {
    expect(hashSeed("ab", "c")).not.toBe(hashSeed("a", "bc"));
    expect(hashSeed(1, "patient", "solo.0")).toBe(hashSeed(1, "patient", "solo.0"));
  });

  it("gives the same data for the same seed and different data for another", () => {
    expect(buildPracticeData(scenario, 5)).toEqual(buildPracticeData(scenario, 5));
    const other = buildPracticeData(scenario, 6);
    expect(other.patients.map((p) => p.nhi)).not.toEqual(buildPracticeData(scenario, 5).patients.map((p) => p.nhi));
  });

  it("adding an account reshuffles none of the others", () => {
    const extended = parseScenario(
      overlay(defaultScenario, { id: "extended", accounts: [{ label: "aaa-first", password: DEMO_PASSWORD, holder: { age: [30, 40] } }] }),
    );
    const before = buildPracticeData(scenario, 9);
    const after = buildPracticeData(extended, 9);
    for (const p of before.patients) expect(after.patients.find((q) => q.key === p.key)).toEqual(p);
  });
});

describe("generated NZ data", () => {
  it("gives every patient a valid NHI in the Z test range, unique within the practice", () => {
    for (const data of worlds) {
      const nhis = data.patients.map((p) => p.nhi);
      for (const nhi of nhis) {
        expect(isValidNhi(nhi), nhi).toBe(true);
        expect(nhi.startsWith("Z")).toBe(true);
      }
      expect(new Set(nhis).size).toBe(nhis.length);
    }
  });

  it("uses NZ phone formats, real cities with their postcodes, and reserved e-mail domains", () => {
    for (const data of worlds) {
      expect(data.practice.phone).toMatch(/^0[34679] 555 \d{4}$/);
      for (const p of data.patients) {
        if (p.mobile) expect(p.mobile).toMatch(/^02[1279] 555 \d{4}$/);
        for (const line of [p.homePhone, p.workPhone]) if (line) expect(line).toMatch(/^0[34679] 555 \d{4}$/);
        if (p.email) expect(p.email).toMatch(/^[a-z0-9.]+@example\.(com|net|org)$/);
        const address = p.address;
        if (address) {
          const city = NZ_CITIES.find((c) => c.name === address.city);
          expect(city?.suburbs).toContainEqual({ name: address.suburb, postcode: address.postcode });
        }
        expect(p.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it("keeps a practice's opening hours and GP plausible", () => {
    for (const data of worlds) {
      expect(data.practice.openingStart).toMatch(/^0[78]:[03]0$/);
      expect(data.practice.openingEnd).toMatch(/^1[78]:[03]0$/);
      expect(data.practice.gpName).toMatch(/^Dr \S/);
    }
  });

  it("keeps counters within the dashboard's 0-50 axis, with the totals derived", () => {
    for (const data of worlds) {
      for (const p of data.patients) {
        const c = p.counters;
        expect(CountersSchema.parse(c)).toEqual(c);
        for (const value of Object.values(c)) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(50);
        }
        expect(c.totalpatientappointments).toBe(c.facetofacecount + c.videoconsultappointmentcount + c.phonetriagecount);
        expect(c.AppointmentsCounter).toBe(c.futurecount);
      }
    }
  });
});

describe("default scenario", () => {
  it("is listed first, before its variants", () => {
    expect(scenarioIds()).toEqual(["default", "family", "empty", "reset-required", "appointments-disabled", "covid-screening", "covid-blocking", "booking-strict", "reason-mapping", "zoom-email-missing", "zoom-failure", "provider-on-leave", "lockdown", "many-records", "outstanding-balance", "repeat-settings", "payment-declined", "poli-payments", "payment-express", "messaging-replies", "messaging-off", "macron-address", "hostile-result", "spec-practice", "whanau"]);
  });

  it("has an account for each sign-in path", () => {
    for (const data of worlds) {
      expect(data.accounts.map((a) => a.label)).toEqual(["family", "solo", "reset", "locked", "noresource", "empty"]);
      expect(data.accounts.every((a) => a.password === "Kiaora2024")).toBe(true);

      const family = account(data, "family");
      expect(family.members.map((m) => m.relationship)).toEqual(["Self", "Partner", "Child"]);
      // The child shares the holder's family name and address.
      const [holder, , child] = family.members.map((m) => patient(data, m.patientId));
      expect(child.family).toBe(holder.family);
      expect(child.address).toEqual(holder.address);

      const solo = patient(data, account(data, "solo").holderId);
      expect(account(data, "solo").members).toHaveLength(1);
      for (const key of ["InboxCounter", "MedicationsCounter", "TestResultsCounter", "futurecount", "completedcount", "missedcount", "facetofacecount", "videoconsultappointmentcount", "phonetriagecount"] as const) {
        expect(solo.counters[key], key).toBeGreaterThan(0);
      }
      expect(solo.emergencyContacts).toHaveLength(2);
      expect(solo.menu).toEqual(MENU_CODES);

      expect(account(data, "reset").passwordReset).toBe(true);
      expect(account(data, "reset").members).toHaveLength(1);

      const empty = patient(data, account(data, "empty").holderId);
      expect(Object.values(empty.counters).every((v) => v === 0)).toBe(true);
      expect(empty.emergencyContacts).toEqual([]);
      // A just-registered patient: a mobile and an e-mail on file, no address yet.
      expect(empty.address).toBeNull();
      expect(empty.mobile).not.toBeNull();
      expect(empty.email).not.toBeNull();
    }
  });

  it("gives patients unique ids", () => {
    for (const data of worlds) expect(new Set(data.patients.map((p) => p.id)).size).toBe(data.patients.length);
  });
});

describe("scenario validation", () => {
  const counters = { InboxCounter: 1, MedicationsCounter: 1, TestResultsCounter: 1, completedcount: 1, futurecount: 1, missedcount: 1, facetofacecount: 1, videoconsultappointmentcount: 1, phonetriagecount: 1 };
  const valid = { id: "mini", title: "Mini", accounts: [{ label: "one", password: DEMO_PASSWORD, holder: { age: [20, 30] } }] };

  it("accepts explicit counters", () => {
    expect(parseScenario({ ...valid, accounts: [{ ...valid.accounts[0], holder: { age: [20, 30], counters } }] }).accounts[0].holder).toHaveProperty("counters", counters);
  });

  it("accepts a minimal scenario and fills in defaults", () => {
    const parsed = parseScenario(valid);
    expect(parsed.accounts[0]).toMatchObject({ passwordReset: false, linked: [], holder: { record: "full", counters: "light" } });
    expect(parsed.settings).toEqual({});
  });

  it.each([
    ["an inverted age range", { ...valid, accounts: [{ ...valid.accounts[0], holder: { age: [40, 30] } }] }, "age range"],
    ["a duplicate label", { ...valid, accounts: [valid.accounts[0], valid.accounts[0]] }, "used twice"],
    ["a label unfit for a user name", { ...valid, accounts: [{ ...valid.accounts[0], label: "Bad Label" }] }, "label"],
    ["an unknown practice setting", { ...valid, settings: { PaymentMethodTyp: "2" } }, "PaymentMethodTyp"],
    ["a counter beyond the chart", { ...valid, accounts: [{ ...valid.accounts[0], holder: { age: [20, 30], counters: { ...counters, InboxCounter: 51 } } }] }, "counters"],
    ["an appointment total beyond the chart", { ...valid, accounts: [{ ...valid.accounts[0], holder: { age: [20, 30], counters: { ...counters, facetofacecount: 40, phonetriagecount: 20 } } }] }, "within 50"],
    ["a linked account called Self", { ...valid, accounts: [{ ...valid.accounts[0], linked: [{ relationship: "Self", age: [1, 2] }] }] }, "Self"],
    ["an unknown field", { ...valid, colour: "blue" }, "colour"],
    ["no accounts", { ...valid, accounts: [] }, "accounts"],
    ["a pendingBalance without two decimal places", { ...valid, accounts: [{ ...valid.accounts[0], pendingBalance: "120.5" }] }, "two decimal places"],
    ["a negative pendingBalance", { ...valid, accounts: [{ ...valid.accounts[0], pendingBalance: "-1.00" }] }, "pendingBalance"],
    ["a pendingBalance too small for the pending invoices", { ...valid, accounts: [{ ...valid.accounts[0], pendingBalance: "0.03" }] }, "at least 0.04"],
    ["a pendingBalance on a new record", { ...valid, accounts: [{ ...valid.accounts[0], holder: { age: [20, 30], record: "new" }, pendingBalance: "10.00" }] }, "no invoices"],
  ])("rejects %s with a message naming the problem", (_, input, expected) => {
    let error: unknown;
    try {
      parseScenario(input, "test");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as Error).message).toContain("Scenario test is invalid");
    expect((error as Error).message).toContain(expected);
  });
});
