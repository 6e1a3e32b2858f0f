import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { ageOn } from "~/lib/whanau-access";
import { buildPracticeData, type PracticeData } from "../../fixtures/builders/practice-data";
import { PRACTICE_ZONE } from "../../fixtures/builders/practice";
import { DEMO_PASSWORD, getScenario, parseScenario, ScenarioError, type ScenarioInput } from "../../fixtures/scenarios/index";

/**
 * The scenario features the whānau scenario is written with (issue 55): one person linked to several
 * accounts and holding one of their own (`key` and `{ same }`), an exact age (`birthday`), and items
 * the practice marks confidential (`confidentialItems`, read through the mock in
 * tests/integration/whanau-scenario.test.ts).
 */

const mini = (accounts: ScenarioInput["accounts"]): ScenarioInput => ({ id: "mini", title: "Mini", accounts });
const account = (label: string, rest: Partial<ScenarioInput["accounts"][number]> = {}): ScenarioInput["accounts"][number] => ({ label, password: DEMO_PASSWORD, holder: { age: [40, 45] }, ...rest });

/** The scenario's messages, or "" when it parses. */
function refusal(input: ScenarioInput): string {
  try {
    parseScenario(input);
    return "";
  } catch (error) {
    if (error instanceof ScenarioError) return error.message;
    throw error;
  }
}

describe("linking one person to several accounts", () => {
  const shared = mini([
    account("mum", { linked: [{ key: "kid", relationship: "Child", age: [6, 8] }] }),
    account("dad", { linked: [{ same: "kid", relationship: "Child" }] }),
    account("kid", { holder: { same: "kid" } }),
  ]);

  it("one patient, listed by each account that links them, and the holder of their own", () => {
    const data = buildPracticeData(parseScenario(shared), 3);
    const members = (label: string) => data.accounts.find((a) => a.label === label)!.members;
    const kidId = members("mum")[1].patientId;
    expect(members("dad")[1]).toEqual({ patientId: kidId, relationship: "Child" });
    expect(members("kid")).toEqual([{ patientId: kidId, relationship: "Self" }]);
    expect(data.accounts.find((a) => a.label === "kid")!.holderId).toBe(kidId);
    // Built once: three holders' worth of people, not five.
    expect(data.patients.map((p) => p.id).filter((id) => id === kidId)).toHaveLength(1);
    expect(data.patients).toHaveLength(3);
  });

  it("a linked child who signs in has a mobile and an e-mail; one who does not has neither", () => {
    const data = buildPracticeData(parseScenario(shared), 3);
    const kid = data.patients.find((p) => p.id === data.accounts[0].members[1].patientId)!;
    expect(kid).toMatchObject({ mobile: expect.any(String), email: expect.any(String) });
    const alone = buildPracticeData(parseScenario(mini([account("mum", { linked: [{ key: "kid", relationship: "Child", age: [6, 8] }] })])), 3);
    expect(alone.patients[1]).toMatchObject({ mobile: null, email: null });
  });

  it("refuses a same that names no person, saying which keys there are", () => {
    const message = refusal(mini([account("mum", { linked: [{ key: "kid", relationship: "Child", age: [6, 8] }] }), account("dad", { linked: [{ same: "kidd", relationship: "Child" }] })]));
    expect(message).toContain('same: "kidd" names no person; give the person it means key: "kidd" where they are described (the keys are "kid")');
    expect(message).toContain("accounts[1].linked[0].same");
    expect(refusal(mini([account("kid", { holder: { same: "kid" } })]))).toContain('same: "kid" names no person; give the person it means key: "kid" where they are described (no person has a key)');
  });

  it("refuses a key given twice, a person listed twice in one account, and two accounts with one holder", () => {
    const kid = { key: "kid", relationship: "Child", age: [6, 8] as [number, number] };
    expect(refusal(mini([account("mum", { linked: [kid] }), account("dad", { linked: [kid] })]))).toContain('key "kid" is given to two people');
    expect(refusal(mini([account("mum", { linked: [kid, { same: "kid", relationship: "Child" }] })]))).toContain('"kid" is already in account "mum"');
    expect(refusal(mini([account("mum", { holder: { key: "mum", age: [40, 45] } }), account("other", { holder: { same: "mum" } })]))).toContain('"mum" already holds account "mum"');
  });

  it("refuses holders that each wait on the other's account", () => {
    const message = refusal(mini([account("a", { holder: { same: "b" }, linked: [{ key: "a", relationship: "Sibling", age: [20, 30] }] }), account("b", { holder: { same: "a" }, linked: [{ key: "b", relationship: "Sibling", age: [20, 30] }] })]));
    expect(message).toContain('account "a": its holder "b" is linked only in accounts whose holders wait on it in turn');
    expect(message).toContain('account "b": its holder "a" is linked only in accounts whose holders wait on it in turn');
    // A chain that ends at a described holder is built in order.
    const chain = mini([account("a", { holder: { same: "b" } }), account("b", { holder: { same: "c" }, linked: [{ key: "b", relationship: "Child", age: [5, 6] }] }), account("c", { linked: [{ key: "c", relationship: "Child", age: [16, 17] }] })]);
    expect(refusal(chain)).toBe("");
    const data = buildPracticeData(parseScenario(chain), 2);
    const holderOf = (label: string) => data.accounts.find((a) => a.label === label)!.holderId;
    expect(holderOf("a")).toBe(data.accounts.find((a) => a.label === "b")!.members[1].patientId);
    expect(holderOf("b")).toBe(data.accounts.find((a) => a.label === "c")!.members[1].patientId);
  });

  it("refuses a linked entry that both names a person and describes one", () => {
    expect(refusal(mini([account("mum", { linked: [{ key: "kid", relationship: "Child", age: [6, 8] }] }), account("dad", { linked: [{ same: "kid", relationship: "Child", age: [6, 8] } as never] })]))).toContain('a { same } entry names a person described elsewhere: Unrecognized key: "age"');
    expect(refusal(mini([account("kid", { holder: { same: "kid", age: [6, 8] } as never })]))).toContain('a { same } entry names a person described elsewhere: Unrecognized key: "age"');
    // A described person's own mistakes are told as before, at their place.
    expect(refusal(mini([account("mum", { linked: [{ relationship: "Child", age: [8, 6] }] })]))).toContain("age range: the first number (youngest) must not exceed the second (oldest)\n  → at accounts[0].linked[0].age");
  });
});

describe("an exact age", () => {
  const withBirthday = (birthday: object) => mini([account("mum", { linked: [{ relationship: "Child", birthday } as never] })]);

  it("is the age on the reference date, the next birthday the given days on (New Zealand time)", () => {
    // A world's clock mid-evening in New Zealand, the morning before in UTC.
    const start = DateTime.fromISO("2026-03-10T21:30", { zone: PRACTICE_ZONE });
    const data = buildPracticeData(parseScenario(withBirthday({ years: 13, inDays: 5 })), 8, { referenceDate: start.toMillis() });
    const born = data.patients[1].birthDate;
    const day = (d: number) => start.plus({ days: d }).toISODate()!;
    expect(born).toBe("2012-03-15");
    expect([0, 4, 5, 6].map((d) => ageOn(born, day(d)))).toEqual([13, 13, 14, 14]);
  });

  it("without inDays, still exact and the same for a seed", () => {
    const build = (seed: number) => buildPracticeData(parseScenario(withBirthday({ years: 9 })), seed).patients[1];
    const reference = "2025-07-01"; // buildPracticeData's own reference date, without one given
    for (const seed of [1, 2, 3, 4, 5]) expect(ageOn(build(seed).birthDate, reference), `seed ${seed}`).toBe(9);
    expect(build(4)).toEqual(build(4));
    expect(new Set([1, 2, 3, 4, 5].map((seed) => build(seed).birthDate)).size).toBeGreaterThan(1);
  });

  it("refuses no age, both kinds, and a next birthday not 1 to 365 days on", () => {
    expect(refusal(mini([account("mum", { holder: {} as never })]))).toContain("give an age range (age: [youngest, oldest]) or an exact age (birthday: { years, inDays })");
    expect(refusal(mini([account("mum", { holder: { age: [40, 45], birthday: { years: 42 } } })]))).toContain("give age or birthday, not both");
    expect(refusal(withBirthday({ years: 13, inDays: 0 }))).toContain("birthday.inDays: at least 1");
    expect(refusal(withBirthday({ years: 13, inDays: 366 }))).toContain("birthday.inDays: at most 365");
  });
});

describe("the whānau scenario", () => {
  const start = DateTime.fromISO("2026-03-10T10:00", { zone: PRACTICE_ZONE });
  const data: PracticeData = buildPracticeData(getScenario("whanau")!, 5, { referenceDate: start.toMillis() });
  const members = (label: string) => data.accounts.find((a) => a.label === label)!.members;

  it("two parents with the same three children, the eldest holding an account of their own", () => {
    const children = members("parent").slice(1);
    expect(children.map((m) => m.relationship)).toEqual(["Child", "Child", "Child"]);
    expect(members("coparent").slice(1)).toEqual(children);
    expect(members("teen")).toEqual([{ patientId: children[2].patientId, relationship: "Self" }]);
    expect(members("parent")[0].patientId).not.toBe(members("coparent")[0].patientId);
    const ages = children.map((m) => ageOn(data.patients.find((p) => p.id === m.patientId)!.birthDate, start.toISODate()!));
    expect(ages).toEqual([9, 13, 15]);
    expect(data.accounts.map((a) => a.password)).toEqual([DEMO_PASSWORD, DEMO_PASSWORD, DEMO_PASSWORD]);
  });

  it("the parent is in their forties", () => {
    expect(ageOn(data.patients.find((p) => p.id === members("parent")[0].patientId)!.birthDate, start.toISODate()!)).toBeGreaterThanOrEqual(40);
    expect(ageOn(data.patients.find((p) => p.id === members("parent")[0].patientId)!.birthDate, start.toISODate()!)).toBeLessThan(50);
  });
});
