import type { Immunisation } from "@contract/health";
import { shownDay, shownText, textOf } from "../fields";
import { immunisationTexts } from "./texts";

/**
 * The Immunisation screen's view (2§2, 2§4): tabs Due, Overdue, Administered and All, each a fresh call; overdue red,
 * due amber, administered green, always with the word, and the date each tab needs (decisions/082).
 */

export const IMMUNISATION_TABS = [
  { value: "due", label: immunisationTexts.immunisationTabs.due },
  { value: "overdue", label: immunisationTexts.immunisationTabs.overdue },
  { value: "administered", label: immunisationTexts.immunisationTabs.administered },
  { value: "all", label: immunisationTexts.immunisationTabs.all },
] as const;
export type ImmunisationTab = (typeof IMMUNISATION_TABS)[number]["value"];

export function immunisationTabOf(value: string | null | undefined): ImmunisationTab {
  return IMMUNISATION_TABS.find((t) => t.value === value)?.value ?? "due";
}

export function immunisationSearch(view: { tab: ImmunisationTab; pages?: number }): string {
  const params = new URLSearchParams();
  if (view.tab !== "due") params.set("tab", view.tab);
  if (view.pages && view.pages > 1) params.set("pages", String(view.pages));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Where an immunisation stands: the three of 2§4, and one given neither nor due (declined). */
export type ImmunisationState = "Overdue" | "Due" | "Administered" | "Declined";

export interface ImmunisationCard {
  id: string;
  /** The vaccine, or "Not recorded". */
  name: string;
  /** One of the four; null when the practice's ImmType is a word the spec does not name, or none can be told. */
  state: ImmunisationState | null;
  /** The badge's word: the state, the practice's own ImmType as written, or "Not recorded". */
  stateLabel: string;
  /** The ImmType is a word the spec does not name, shown as written. */
  stateUnknown: boolean;
  /** "Due", "Was Due" or "Given" (2§4), with its date. */
  dateLabel: string;
  /** DD-MM-YYYY in Pacific/Auckland, or "Not recorded". */
  date: string;
  isoDate: string;
  /** The indication, or "Not recorded". */
  indication: string;
  /** Who gave it, or "Not recorded", for one given; null (not shown) for one not given that names nobody. */
  vaccinator: string | null;
  /** The practice's message for the patient (position 13). */
  message: string | null;
}

const IMM_TYPES: Record<string, "overdue" | "due" | "other"> = { overdue: "overdue", due: "due", other: "other" };

/**
 * Its state by ImmType (2§3: overdue, due or other); for other, or none sent, by the given and declined
 * flags, the status and the given date. A word the spec does not name is no state of 2§4 (null).
 */
export function immunisationStateOf(immunisation: Immunisation): ImmunisationState | null {
  const { immType, given, declined } = immunisation.extension;
  const word = textOf(immType).toLowerCase();
  const type = IMM_TYPES[word];
  if (word !== "" && !type) return null;
  if (type === "overdue") return "Overdue";
  if (type === "due") return "Due";
  if (given || textOf(immunisation.status).toLowerCase() === "completed" || textOf(immunisation.date)) return "Administered";
  if (declined) return "Declined";
  // "other" not given nor declined stays Due, as before; with no ImmType at all, nothing says which.
  return type === "other" ? "Due" : null;
}

export function immunisationCardOf(immunisation: Immunisation): ImmunisationCard {
  const state = immunisationStateOf(immunisation);
  const { name, indication, vaccinator, due, month, message, immType } = immunisation.extension;
  // The due date, or failing it the schedule's month, for one not given yet.
  const dueDate = textOf(due) || month;
  const given = state === "Administered" || (state === null && textOf(immunisation.date) !== "");
  const date = given ? { dateLabel: immunisationTexts.given, ...shownDay(immunisation.date) } : { dateLabel: state === "Overdue" || state === "Declined" ? immunisationTexts.wasDue : immunisationTexts.due, ...shownDay(dueDate) };
  return {
    id: immunisation.id,
    name: shownText(name),
    state,
    stateLabel: state ? immunisationTexts.immunisationStates[state] : shownText(immType),
    stateUnknown: state === null && textOf(immType) !== "",
    ...date,
    indication: shownText(indication),
    vaccinator: given ? shownText(vaccinator) : textOf(vaccinator) || null,
    message: textOf(message) || null,
  };
}

export interface ImmunisationsPageData {
  tab: ImmunisationTab;
  immunisations: ImmunisationCard[];
  /** Undefined when the practice does not say and there may be more (decisions/396). */
  total: number | undefined;
  pages: number;
  more: boolean;
}
