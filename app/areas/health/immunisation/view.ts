import type { Immunisation } from "@contract/health";
import { formatDate, practiceDateTime } from "~/lib/dates";

/**
 * The Immunisation screen's view (2§2, 2§4): tabs Due, Overdue, Administered and All, each a fresh
 * call; overdue red, due amber, administered green, always with the word; the date each tab needs
 * (the due date, "Was Due" for an overdue one, the given date for one administered).
 */

export const IMMUNISATION_TABS = [
  { value: "due", label: "Due" },
  { value: "overdue", label: "Overdue" },
  { value: "administered", label: "Administered" },
  { value: "all", label: "All" },
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
  name: string;
  state: ImmunisationState;
  /** "Due", "Was Due" or "Given" (2§4), with its date. */
  dateLabel: string;
  /** DD-MM-YYYY in Pacific/Auckland; empty when the practice sent no date for it. */
  date: string;
  isoDate: string;
  indication: string;
  vaccinator: string;
  /** The practice's message for the patient (position 13). */
  message: string | null;
}

export function immunisationStateOf(immunisation: Immunisation): ImmunisationState {
  const { immType, given, declined } = immunisation.extension;
  const type = immType.trim().toLowerCase();
  if (type === "overdue") return "Overdue";
  if (type === "due") return "Due";
  if (given || immunisation.status.toLowerCase() === "completed" || immunisation.date) return "Administered";
  return declined ? "Declined" : "Due";
}

function dated(label: string, value: string | undefined) {
  const parsed = value ? practiceDateTime(value) : null;
  return { dateLabel: label, date: value && parsed?.isValid ? formatDate(value) : "", isoDate: parsed?.isValid ? parsed.toISODate()! : "" };
}

export function immunisationCardOf(immunisation: Immunisation): ImmunisationCard {
  const state = immunisationStateOf(immunisation);
  const { name, indication, vaccinator, due, month, message } = immunisation.extension;
  // The due date, or failing it the schedule's month, for one not given yet.
  const dueDate = due || month;
  const date = state === "Administered" ? dated("Given", immunisation.date) : state === "Overdue" ? dated("Was Due", dueDate) : state === "Due" ? dated("Due", dueDate) : dated("Was Due", dueDate);
  return {
    id: immunisation.id,
    name: name.trim() || "Immunisation",
    state,
    ...date,
    indication: indication.trim(),
    vaccinator: vaccinator.trim(),
    message: message?.trim() ? message.trim() : null,
  };
}

export interface ImmunisationsPageData {
  tab: ImmunisationTab;
  immunisations: ImmunisationCard[];
  total: number;
  pages: number;
  more: boolean;
}
