import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ageOn, birthdayOf, DEFAULT_WHANAU_POLICY, isConfidential, proxyAccessOf, viewReaches } from "~/lib/whanau-access";
import { ACCESS_AREAS } from "~/lib/access-kinds";
import { limitedViewWords, viewReason, whanauTexts } from "~/lib/texts/whanau";
import { choosesWhoSees, whanauPolicy, withoutConfidential } from "~/.server/proxy-access.server";
import { practiceDate } from "~/.server/practice/practice-clock.server";
import { listingExtent, sentOf } from "~/lib/listing";

/** Whānau access (issue 55): a parent's view of a young person's record as they grow up. */

const child = (birthDate: string | null, practiceDate: string, choice: "full" | "limited" | "none" | null = null) => proxyAccessOf({ relationship: "Child", birthDate, practiceDate, choice });

describe("ages, in whole years on the practice's date", () => {
  it("are reached on the birthday itself, not the day before", () => {
    expect(ageOn("2012-11-27", "2026-11-26")).toBe(13);
    expect(ageOn("2012-11-27", "2026-11-27")).toBe(14);
    expect(ageOn("2012-11-27", "2026-11-28")).toBe(14);
    expect(ageOn("2012-12-01", "2026-11-30")).toBe(13);
    expect(ageOn("2012-10-31", "2026-11-01")).toBe(14);
  });

  it("a 29 February birthday is reached on 1 March in a year without one, and on the day in a leap year", () => {
    expect(ageOn("2012-02-29", "2026-02-28")).toBe(13);
    expect(ageOn("2012-02-29", "2026-03-01")).toBe(14);
    expect(ageOn("2012-02-29", "2028-02-29")).toBe(16);
    expect(ageOn("2012-02-29", "2028-02-28")).toBe(15);
    expect(birthdayOf("2012-02-29", 14)).toBe("2026-03-01");
    expect(birthdayOf("2012-02-29", 16)).toBe("2028-02-29");
    expect(birthdayOf("2012-11-27", 16)).toBe("2028-11-27");
  });

  it("a date that is not one gives no age", () => {
    expect(ageOn("2012-02-30", "2026-11-27")).toBeNull();
    expect(ageOn("27/11/2012", "2026-11-27")).toBeNull();
    expect(ageOn("2012-11-27", "")).toBeNull();
    expect(birthdayOf("2012-13-01", 14)).toBeNull();
  });
});

describe("a parent's view of their child", () => {
  it("is full under 14, limited from the 14th birthday, none from the 16th, each change dated", () => {
    expect(child("2017-05-04", "2026-11-27")).toEqual({ view: "full", reason: "age", age: 9, since: null, changes: "2031-05-04" });
    expect(child("2012-11-28", "2026-11-27")).toEqual({ view: "full", reason: "age", age: 13, since: null, changes: "2026-11-28" });
    expect(child("2012-11-28", "2026-11-28")).toEqual({ view: "limited", reason: "age", age: 14, since: "2026-11-28", changes: "2028-11-28" });
    expect(child("2011-03-10", "2026-11-27")).toEqual({ view: "limited", reason: "age", age: 15, since: "2025-03-10", changes: "2027-03-10" });
    expect(child("2010-11-27", "2026-11-27")).toEqual({ view: "none", reason: "age", age: 16, since: "2026-11-27", changes: null });
    expect(child("1990-01-01", "2026-11-27")).toMatchObject({ view: "none", age: 36 });
  });

  it("follows the young person's choice from the age they may make it, more or less than the age's", () => {
    expect(child("2011-03-10", "2026-11-27", "full")).toMatchObject({ view: "full", reason: "choice", age: 15 });
    expect(child("2011-03-10", "2026-11-27", "none")).toMatchObject({ view: "none", reason: "choice" });
    expect(child("2009-03-10", "2026-11-27", "limited")).toMatchObject({ view: "limited", reason: "choice", age: 17 });
    // Recorded before the young person could make it, a choice counts for nothing.
    expect(child("2013-03-10", "2026-11-27", "none")).toMatchObject({ view: "full", reason: "age", age: 13 });
  });

  it("without a birth date, or with one that is no date, is limited: nothing that may be confidential on a guess", () => {
    expect(child(null, "2026-11-27")).toEqual({ view: "limited", reason: "no-birth-date", age: null, since: null, changes: null });
    expect(child("2012-02-30", "2026-11-27")).toMatchObject({ view: "limited", reason: "no-birth-date" });
  });

  it("follows the practice's own ages", () => {
    const policy = { ...DEFAULT_WHANAU_POLICY, limitedFrom: 12, adultFrom: 18, decidesFrom: 12 };
    const at = (birthDate: string, choice: "full" | null = null) => proxyAccessOf({ relationship: "Child", birthDate, practiceDate: "2026-11-27", choice, policy });
    expect(at("2014-11-27")).toMatchObject({ view: "limited", age: 12, since: "2026-11-27", changes: "2032-11-27" });
    expect(at("2014-11-28")).toMatchObject({ view: "full", changes: "2026-11-28" });
    expect(at("2009-11-27")).toMatchObject({ view: "limited", age: 17 });
    expect(at("2008-11-27")).toMatchObject({ view: "none", age: 18 });
    expect(at("2014-11-27", "full")).toMatchObject({ view: "full", reason: "choice" });
  });

  it("is the practice's own arrangement, whole, for a linked person who is not the holder's child, whatever their age", () => {
    for (const relationship of ["Partner", "Parent", "Ward"]) {
      expect(proxyAccessOf({ relationship, birthDate: "1950-01-01", practiceDate: "2026-11-27", choice: null })).toEqual({ view: "full", reason: "not-a-child", age: null, since: null, changes: null });
    }
    expect(proxyAccessOf({ relationship: " daughter ", birthDate: "2010-01-01", practiceDate: "2026-11-27", choice: null })).toMatchObject({ view: "none", reason: "age" });
  });
});

describe("what each view reaches", () => {
  it("full reaches every area, none reaches none", () => {
    for (const area of ACCESS_AREAS) {
      expect(viewReaches("full", area)).toBe(true);
      expect(viewReaches("none", area)).toBe(false);
    }
  });

  it("limited reaches appointments, video consults, immunisations, allergies, reminders, accounts and the shell's own pages, and nothing else", () => {
    const reached = ACCESS_AREAS.filter((area) => viewReaches("limited", area));
    expect(reached.sort()).toEqual(["accounts", "allergies", "appointments", "dashboard", "immunisations", "reminders", "switch-account", "video"]);
    expect(viewReaches("limited", "results", { ...DEFAULT_WHANAU_POLICY, limitedAreas: ["results"] })).toBe(true);
    expect(viewReaches("limited", "appointments", { ...DEFAULT_WHANAU_POLICY, limitedAreas: [] })).toBe(false);
  });
});

describe("confidential items", () => {
  const security = (code: string, system = "http://terminology.hl7.org/CodeSystem/v3-Confidentiality") => ({ meta: { security: [{ system, code }] } });

  it("are those marked restricted or very restricted, not normal, moderate or low", () => {
    expect(isConfidential(security("R"))).toBe(true);
    expect(isConfidential(security("V"))).toBe(true);
    for (const code of ["N", "M", "L", "U"]) expect(isConfidential(security(code))).toBe(false);
    // A code of another system is not the confidentiality code, whatever its letter.
    expect(isConfidential(security("R", "http://example.org/other"))).toBe(false);
    // Among other labels (a sensitivity of HL7's ActCode beside it), the restricted code still counts.
    expect(isConfidential({ meta: { security: [{ system: "http://terminology.hl7.org/CodeSystem/v3-ActCode", code: "PSY" }, { system: "http://terminology.hl7.org/CodeSystem/v3-Confidentiality", code: "R" }] } })).toBe(true);
    expect(isConfidential({})).toBe(false);
    expect(isConfidential({ meta: null, category: null })).toBe(false);
  });

  it("are those in the policy's categories, by tag or category, and the practice's own list counts", () => {
    expect(isConfidential({ meta: { tag: [{ code: "sexual-health" }] } })).toBe(true);
    expect(isConfidential({ category: [{ system: "http://example.org/c", code: "mental-health" }] })).toBe(true);
    expect(isConfidential({ category: [{ code: "contraception" }, { code: "laboratory" }] })).toBe(true);
    expect(isConfidential({ category: [{ code: "laboratory" }] })).toBe(false);
    expect(isConfidential({ category: [{ code: "laboratory" }] }, { ...DEFAULT_WHANAU_POLICY, confidentialCategories: ["laboratory"] })).toBe(true);
    expect(isConfidential({ meta: { tag: [{ code: "pregnancy" }] } }, { ...DEFAULT_WHANAU_POLICY, confidentialCategories: [] })).toBe(false);
  });
});

describe("the words a parent is told", () => {
  const her = { name: "Aroha", gender: "female" };
  const them = { name: "Kai", gender: undefined };

  it("say why the view is limited, when, and who can change it, in the practice's own list of areas", () => {
    expect(viewReason(her, child("2012-03-15", "2026-11-28"), DEFAULT_WHANAU_POLICY)).toBe(
      "Aroha turned 14 on 15-03-2026: you now see her appointments, video consults, immunisations, allergies, reminders and accounts. She can share more from her own sign-in.",
    );
    const policy = { ...DEFAULT_WHANAU_POLICY, limitedFrom: 13, limitedAreas: ["appointments", "accounts"] as const };
    expect(viewReason(them, proxyAccessOf({ relationship: "Child", birthDate: "2013-03-15", practiceDate: "2026-11-28", choice: null, policy }), policy)).toBe(
      "Kai turned 13 on 15-03-2026: you now see their appointments and accounts. They can share more from their own sign-in.",
    );
    expect(viewReason({ name: "Rewi", gender: "male" }, child(null, "2026-11-28"), DEFAULT_WHANAU_POLICY)).toBe(
      "The practice has not recorded Rewi's date of birth, so you see his appointments, video consults, immunisations, allergies, reminders and accounts only. The practice can correct it.",
    );
  });

  it("name the young person's own choice, and a record that is theirs alone from the 16th birthday; nothing for a younger child's whole record", () => {
    expect(viewReason(her, child("2011-01-01", "2026-11-28", "full"), DEFAULT_WHANAU_POLICY)).toBe("Aroha has shared her whole record with you from her own sign-in.");
    expect(viewReason(her, child("2011-01-01", "2026-11-28", "limited"), DEFAULT_WHANAU_POLICY)).toMatch(/^Aroha has chosen, from her own sign-in, to share her appointments, .* with you\.$/);
    expect(viewReason(her, child("2011-01-01", "2026-11-28", "none"), DEFAULT_WHANAU_POLICY)).toBe("Aroha has chosen, from her own sign-in, not to share her record with you.");
    expect(viewReason(them, child("2010-06-30", "2026-11-28"), DEFAULT_WHANAU_POLICY)).toBe("Kai turned 16 on 30-06-2026: their record is now their own. They can share it with you from their own sign-in.");
    expect(viewReason(her, child("2017-01-01", "2026-11-28"), DEFAULT_WHANAU_POLICY)).toBeNull();
  });

  it("name what a refused page was, in the right number", () => {
    expect(whanauTexts.refused(her, "results")).toBe("Aroha's test results are not shared with you.");
    expect(whanauTexts.refused(her, "timeline")).toBe("Aroha's timeline is not shared with you.");
    expect(whanauTexts.refused(her, "summary")).toBe("Aroha's health summary is not shared with you.");
    expect(whanauTexts.refused(her, null)).toBe("Aroha's record is not shared with you.");
    expect(limitedViewWords({ limitedAreas: ["accounts"] })).toBe("accounts");
  });
});

describe("a reply as a proxy receives it", () => {
  const labelled = { id: "c", meta: { security: [{ system: "http://terminology.hl7.org/CodeSystem/v3-Confidentiality", code: "R" }] } };
  const tagged = { id: "t", meta: { tag: [{ code: "mental-health" }] } };
  const plain = { id: "p" };

  it("leaves out every confidential item of a bundle and counts its total down by them", () => {
    const reply = { total: 12, resources: [plain, labelled, tagged] };
    expect(withoutConfidential(reply, DEFAULT_WHANAU_POLICY)).toEqual({ total: 10, resources: [plain], sent: 3 });
    // The practice's reply is kept as it was (the session keeps replies, decisions/376).
    expect(reply.resources).toHaveLength(3);
  });

  it("hands back a reply with nothing to leave out as it is, and any other shape untouched", () => {
    const reply = { total: 1, resources: [plain] };
    expect(withoutConfidential(reply, DEFAULT_WHANAU_POLICY)).toBe(reply);
    const chart = [{ observationtext: "HbA1c", observationvalue: "41", resultdate: "2026-01-01" }];
    expect(withoutConfidential(chart, DEFAULT_WHANAU_POLICY)).toBe(chart);
    expect(withoutConfidential(null, DEFAULT_WHANAU_POLICY)).toBeNull();
    expect(withoutConfidential("done", DEFAULT_WHANAU_POLICY)).toBe("done");
    expect(withoutConfidential(3, DEFAULT_WHANAU_POLICY)).toBe(3);
    expect(withoutConfidential({ resources: [labelled] }, DEFAULT_WHANAU_POLICY)).toStrictEqual({ resources: [], sent: 1 });
    // A bundle whose total the practice left empty keeps none: the kept length would read as the whole list (decisions/396).
    expect(withoutConfidential({ total: undefined, resources: [plain, labelled] }, DEFAULT_WHANAU_POLICY)).toStrictEqual({ resources: [plain], total: undefined, sent: 2 });
  });

  it("keeps how many the practice sent, so a full page left short still offers more where no total says how many there are", () => {
    const page = withoutConfidential({ total: undefined, resources: [...Array.from({ length: 99 }, (_, i) => ({ id: `p${i}` })), labelled] }, DEFAULT_WHANAU_POLICY);
    expect(page.resources).toHaveLength(99);
    expect(sentOf(page)).toBe(100);
    expect(listingExtent({ total: page.total, read: 99, pagesRead: 1, pageSize: 100, lastPage: sentOf(page) })).toEqual({ count: undefined, more: true });
    // Filtered twice, the count as sent stays the practice's.
    expect(sentOf(withoutConfidential({ ...page, resources: [...page.resources, tagged] }, DEFAULT_WHANAU_POLICY))).toBe(100);
  });

  it("follows the practice's own categories", () => {
    const policy = { ...DEFAULT_WHANAU_POLICY, confidentialCategories: ["addiction"] };
    expect(withoutConfidential({ total: 2, resources: [tagged, { id: "a", category: [{ code: "addiction" }] }] }, policy)).toEqual({ total: 1, resources: [tagged], sent: 2 });
  });
});

describe("who is offered Who can see my record", () => {
  const apiBase = "https://practice.example.nz/api";
  /** The birth date of someone who turns `years` `daysFromToday` days from the practice's date. */
  const bornFor = (years: number, daysFromToday = 0) => {
    const [y, m, d] = practiceDate(apiBase).split("-").map(Number);
    const birthday = new Date(Date.UTC(y - years, m - 1, d + daysFromToday));
    return birthday.toISOString().slice(0, 10);
  };
  const own = { proxy: "No", apiBase } as const;

  it("a young person on their own sign-in, from the birthday of the age they decide at by the practice's date", () => {
    const from = whanauPolicy.decidesFrom;
    expect(choosesWhoSees(own, bornFor(from))).toBe(true);
    expect(choosesWhoSees(own, bornFor(from + 3))).toBe(true);
    expect(choosesWhoSees(own, bornFor(from, 1))).toBe(false);
    expect(choosesWhoSees(own, bornFor(from - 1))).toBe(false);
  });

  it("never a parent acting for them, nor a record without a birth date the rules can read", () => {
    expect(choosesWhoSees({ proxy: "Yes", apiBase }, bornFor(whanauPolicy.decidesFrom + 1))).toBe(false);
    expect(choosesWhoSees(own, null)).toBe(false);
    expect(choosesWhoSees(own, undefined)).toBe(false);
    expect(choosesWhoSees(own, "")).toBe(false);
    expect(choosesWhoSees(own, "not a date")).toBe(false);
  });
});

describe("the contract keeps a practice's labels", () => {
  // The shell's and the directory's resources (who and where), and what the portal sends rather than
  // receives: not items of a record a practice labels.
  const NOT_RECORD_ITEMS = new Set(["MenuItemSchema", "ProxyUserSchema", "PatientSchema", "OrganizationSchema", "PractitionerSchema", "BookingSlotSchema", "PharmacySchema", "LookupItemSchema", "AuthPatientSchema", "OutgoingAttachmentSchema", "OutgoingMessageSchema", "RecipientSchema", "UpdateNotificationsRequestSchema"]);

  it("on every item of a record a reply carries, so the filter can see what is confidential (zod would drop an unknown `meta`)", async () => {
    const modules = await Promise.all(["accounts", "appointments", "documents", "health", "medications", "messaging", "patient", "profile", "auth"].map((name) => import(`../../contract/${name}.ts`) as Promise<Record<string, unknown>>));
    const items = modules.flatMap((m) => Object.entries(m)).filter(([name, value]) => name.endsWith("Schema") && value instanceof z.ZodObject && "resourceType" in value.shape) as [string, z.ZodObject][];
    const unlabelled = items.filter(([name, schema]) => !NOT_RECORD_ITEMS.has(name) && !("meta" in schema.shape)).map(([name]) => name);
    expect(unlabelled).toEqual([]);
    expect(items.length).toBeGreaterThan(15);
    const [, letter] = items.find(([name]) => name === "LetterSchema")!;
    expect(letter.shape.meta.safeParse({ security: [{ system: "http://terminology.hl7.org/CodeSystem/v3-Confidentiality", code: "R" }] }).success).toBe(true);
  });
});
