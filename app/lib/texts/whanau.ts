import type { AccessArea } from "../access-kinds";
import type { ProxyAccess, WhanauPolicy } from "../whanau-access";

/**
 * Whānau access's words (issue 55): what a parent or guardian is told on every page of the limited view, when a page
 * is not shared and when the record is no longer theirs to see; no screen goes blank (decisions/378 and 382).
 */

/** How the words name the young person: their first name, and the pronouns of the gender the practice records (they when none). */
export interface YoungPerson {
  name: string;
  gender: string | null | undefined;
}

function pronounsOf(gender: string | null | undefined) {
  const g = (gender ?? "").trim().toLowerCase();
  if (g === "female") return { they: "she", their: "her" };
  if (g === "male") return { they: "he", their: "his" };
  return { they: "they", their: "their" };
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The areas as a sentence names what a view shows (the shell's own pages are not named). */
const AREA_WORDS: Partial<Record<AccessArea, string>> = {
  appointments: "appointments",
  video: "video consults",
  immunisations: "immunisations",
  allergies: "allergies",
  reminders: "reminders",
  accounts: "accounts",
  medications: "medications",
  results: "test results",
  messages: "messages",
  diagnoses: "diagnoses",
  vitals: "vitals",
  timeline: "timeline",
  resources: "resources",
  letters: "letters",
  summary: "health summary",
  profile: "profile",
  "access-record": "access record",
  devices: "devices",
};

/** The words above that name one thing ("Aroha's timeline is"); the others name many ("Aroha's letters are"). */
const SINGULAR = new Set(["timeline", "health summary", "profile", "access record", "record"]);

function listed(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "dashboard";
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** "appointments, video consults, … and accounts": what the practice's limited view shows. */
export function limitedViewWords(policy: Pick<WhanauPolicy, "limitedAreas">): string {
  return listed(policy.limitedAreas.flatMap((area) => AREA_WORDS[area] ?? []));
}

/** A practice date (yyyy-mm-dd) as the portal shows dates, DD-MM-YYYY (2 intro). */
function shown(date: string | null): string {
  return date ? date.split("-").reverse().join("-") : "";
}

/**
 * The line every page of a view other than the whole record carries, and the dashboard's reason: why
 * this is what the parent sees, and who can change it. Null for a whole record the practice's rules
 * give (a younger child's, or no child's).
 */
export function viewReason(person: YoungPerson, access: ProxyAccess, policy: WhanauPolicy): string | null {
  const { they, their } = pronounsOf(person.gender);
  const shows = limitedViewWords(policy);
  const name = person.name;
  if (access.view === "full") return access.reason === "choice" ? `${name} has shared ${their} whole record with you from ${their} own sign-in.` : null;
  if (access.view === "none") {
    if (access.reason === "choice") return `${name} has chosen, from ${their} own sign-in, not to share ${their} record with you.`;
    return `${name} turned ${policy.adultFrom}${access.since ? ` on ${shown(access.since)}` : ""}: ${their} record is now ${their} own. ${capitalised(they)} can share it with you from ${their} own sign-in.`;
  }
  if (access.reason === "choice") return `${name} has chosen, from ${their} own sign-in, to share ${their} ${shows} with you.`;
  if (access.reason === "no-birth-date") return `The practice has not recorded ${name}'s date of birth, so you see ${their} ${shows} only. The practice can correct it.`;
  return `${name} turned ${policy.limitedFrom}${access.since ? ` on ${shown(access.since)}` : ""}: you now see ${their} ${shows}. ${capitalised(they)} can share more from ${their} own sign-in.`;
}

export const whanauTexts = {
  /** A page, file or step of an area the parent's view does not reach. */
  refused: (person: YoungPerson, area: AccessArea | null) => {
    const words = (area && AREA_WORDS[area]) || "record";
    return `${person.name}'s ${words} ${SINGULAR.has(words) ? "is" : "are"} not shared with you.`;
  },
  unavailable: "What is shared with you of this record could not be checked just now. Please try again in a moment.",
} as const;
