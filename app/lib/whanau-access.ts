import type { AccessArea } from "./access-kinds";

/** Whānau access: how much of a young person's record a proxy sees as they grow up, by New Zealand's rules; pure, for the server and the screens (decisions/378). */

/** How much a proxy sees: everything the portal offers, the limited view, or nothing. */
export type ProxyView = "full" | "limited" | "none";

/** The practice's settings (each one a setting it can change: README, "Whānau access"). */
export interface WhanauPolicy {
  /** From this birthday a parent's view is limited. */
  limitedFrom: number;
  /** From this birthday a parent sees nothing, unless the young person grants it from their own sign-in. */
  adultFrom: number;
  /** From this birthday the young person chooses, from their own sign-in, how much each parent sees. */
  decidesFrom: number;
  /** What a limited view includes (the shell's dashboard and the account chooser are always there). */
  limitedAreas: readonly AccessArea[];
  /** Categories of item that never reach a proxy, at any age (besides the restricted confidentiality codes). */
  confidentialCategories: readonly string[];
  /**
   * The practice's words for a linked person who is the holder's child (ProxyUsers' relationship,
   * compared without case): only their record follows the ages. A partner, an older parent or a
   * ward is linked by the practice's own arrangement, which the portal keeps as it is.
   */
  childRelationships: readonly string[];
}

/**
 * The defaults (issue 55): full to 14; from 14 appointments (booking, cancelling, video consults),
 * immunisations, allergies, reminders and the account's invoices and payments; nothing from 16.
 * Not the profile in a limited view: its e-mail and mobile are where the young person's own sign-in
 * codes and password resets go.
 */
export const DEFAULT_WHANAU_POLICY: WhanauPolicy = {
  limitedFrom: 14,
  adultFrom: 16,
  decidesFrom: 14,
  limitedAreas: ["appointments", "video", "immunisations", "allergies", "reminders", "accounts"],
  confidentialCategories: ["sexual-health", "contraception", "pregnancy", "mental-health"],
  childRelationships: ["Child", "Son", "Daughter"],
};

/** The shell's own pages, which every view that is not "none" reaches: where the reason is told and another person chosen. */
const ALWAYS: readonly AccessArea[] = ["dashboard", "switch-account"];

/** A calendar date, `yyyy-mm-dd`, as the practice's birth dates and its date in New Zealand time are written. */
type IsoDate = string;

function partsOf(date: IsoDate): [number, number, number] | null {
  // A date that is no day of the calendar (30 February) reads back as another day, or not at all.
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== date) return null;
  return [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()];
}

/**
 * Whole years from `birthDate` to `on` (both calendar dates in New Zealand time), or null for a date
 * that is not one. A birthday counts from its first moment (Age of Majority Act 1970 s4); one on
 * 29 February is reached on 1 March in a year without one, the first day the years are complete.
 */
export function ageOn(birthDate: IsoDate, on: IsoDate): number | null {
  const born = partsOf(birthDate);
  const today = partsOf(on);
  if (!born || !today) return null;
  const years = today[0] - born[0];
  const reached = today[1] > born[1] || (today[1] === born[1] && today[2] >= born[2]);
  return reached ? years : years - 1;
}

/** The day `birthDate` reaches `years`, by ageOn's rule (29 February's in a year without one is 1 March). */
export function birthdayOf(birthDate: IsoDate, years: number): IsoDate | null {
  const born = partsOf(birthDate);
  if (!born) return null;
  // The calendar carries a 29 February that year lacks over to 1 March.
  const day = new Date(0);
  day.setUTCFullYear(born[0] + years, born[1] - 1, born[2]);
  return day.toISOString().slice(0, 10);
}

/** What the young person chose for one parent from their own sign-in; none: the policy's own view for the age. */
export type YoungPersonChoice = ProxyView | null;

export interface ProxyAccess {
  view: ProxyView;
  /** Why: the age's own view, the young person's choice, a birth date the practice did not give, or not a child's record. */
  reason: "age" | "choice" | "no-birth-date" | "not-a-child";
  /** The young person's age on the practice's date (null without a birth date). */
  age: number | null;
  /** The birthday that brought the age's view, when one did (14th or 16th); null below the first. */
  since: IsoDate | null;
  /** The next birthday that changes the age's view, if any. */
  changes: IsoDate | null;
}

/** Whether the practice's word for a linked person names the holder's child (compared without case), whose record follows the ages. */
export function isChildOf(relationship: string, policy: WhanauPolicy = DEFAULT_WHANAU_POLICY): boolean {
  const word = relationship.trim().toLowerCase();
  return policy.childRelationships.some((child) => child.toLowerCase() === word);
}

/** A linked record that is not a child's: the practice's own arrangement, kept whole. */
export const WHOLE_BY_ARRANGEMENT: ProxyAccess = { view: "full", reason: "not-a-child", age: null, since: null, changes: null };

/**
 * How much a parent or guardian sees of a linked person's record on the practice's date. Only a
 * child's record follows the ages (`relationship`, as the practice lists who the linked person is to
 * the holder); any other linked record is the practice's own arrangement and stays whole. A child
 * without a birth date is seen in the limited view: nothing that may be confidential on a guess.
 */
export function proxyAccessOf(input: { relationship: string; birthDate: IsoDate | null | undefined; practiceDate: IsoDate; choice: YoungPersonChoice; policy?: WhanauPolicy }): ProxyAccess {
  const policy = input.policy ?? DEFAULT_WHANAU_POLICY;
  if (!isChildOf(input.relationship, policy)) return WHOLE_BY_ARRANGEMENT;
  const age = input.birthDate ? ageOn(input.birthDate, input.practiceDate) : null;
  if (age === null) return { view: "limited", reason: "no-birth-date", age: null, since: null, changes: null };
  const birthDate = input.birthDate!;
  const byAge: ProxyView = age >= policy.adultFrom ? "none" : age >= policy.limitedFrom ? "limited" : "full";
  const since = age >= policy.adultFrom ? birthdayOf(birthDate, policy.adultFrom) : age >= policy.limitedFrom ? birthdayOf(birthDate, policy.limitedFrom) : null;
  const changes = age < policy.limitedFrom ? birthdayOf(birthDate, policy.limitedFrom) : age < policy.adultFrom ? birthdayOf(birthDate, policy.adultFrom) : null;
  // A choice counts only once the young person may make it: a parent is not cut off before then by a
  // choice recorded early (or carried over from another practice's ages).
  if (input.choice !== null && age >= policy.decidesFrom) return { view: input.choice, reason: "choice", age, since, changes };
  return { view: byAge, reason: "age", age, since, changes };
}

/** Whether a view reaches an area of the portal. */
export function viewReaches(view: ProxyView, area: AccessArea, policy: WhanauPolicy = DEFAULT_WHANAU_POLICY): boolean {
  if (view === "full") return true;
  if (view === "none") return false;
  return ALWAYS.includes(area) || policy.limitedAreas.includes(area);
}

/** A FHIR coding, as an item's `meta.security` and `meta.tag` carry them. */
export interface Coding {
  system?: string;
  code?: string;
}

/** HL7 v3 Confidentiality: R (restricted) and V (very restricted) keep an item from anyone but the patient and their clinicians. */
const CONFIDENTIALITY = "http://terminology.hl7.org/CodeSystem/v3-Confidentiality";
const RESTRICTED = new Set<string | undefined>(["R", "V"]);

/**
 * Whether an item the practice sent is confidential to the patient: a restricted confidentiality code
 * in `meta.security`, or one of the policy's categories among its tags or categories (by code, in any
 * system). Such an item never reaches a proxy, at any age, in any screen, document or summary.
 */
export function isConfidential(item: { meta?: { security?: readonly Coding[]; tag?: readonly Coding[] } | null; category?: readonly Coding[] | null }, policy: WhanauPolicy = DEFAULT_WHANAU_POLICY): boolean {
  if (item.meta?.security?.some((c) => c.system === CONFIDENTIALITY && RESTRICTED.has(c.code))) return true;
  const categories = new Set<string | undefined>(policy.confidentialCategories);
  return [item.meta?.tag, item.category].some((labels) => labels?.some((c) => categories.has(c.code)));
}
