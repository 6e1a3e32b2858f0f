import type { Medication } from "@contract/medications";
import { formatDate } from "~/lib/dates";
import { recordTexts } from "~/lib/texts/record";
import { settingGiven, type PracticeSettingsRead } from "~/lib/practice-settings";
import { settingOn } from "@contract/truthy";

/**
 * The Medications screen's view types, shared by its server half, its components and the repeat-medication machine;
 * the mappers run on the server and the page imports only types, so luxon stays off its bundle (decisions/090).
 */

/** Long Term, or History with one of the practice's lists (2§2, 2§7 TypeID). */
export type MedicationTab = "long-term" | "history";
export type HistoryList = "all" | "recent" | "repeated";

export interface MedicationView {
  tab: MedicationTab;
  list: HistoryList;
  pages: number;
}

export function medicationViewOf(params: URLSearchParams): MedicationView {
  const tab: MedicationTab = params.get("tab") === "history" ? "history" : "long-term";
  const raw = params.get("list");
  const list: HistoryList = raw === "recent" || raw === "repeated" ? raw : "all";
  const pages = Number.parseInt(params.get("pages") ?? "1", 10);
  return { tab, list: tab === "history" ? list : "all", pages: Number.isFinite(pages) ? Math.min(MAX_MEDICATION_PAGES, Math.max(1, pages)) : 1 };
}

/** How many pages the address may ask for: a record never holds more than this many pages of medicines. */
export const MAX_MEDICATION_PAGES = 20;

/** The address of a view: only what differs from Long Term, page 1, is written. */
export function medicationSearch(view: Partial<MedicationView>): string {
  const params = new URLSearchParams();
  if (view.tab === "history") {
    params.set("tab", "history");
    if (view.list && view.list !== "all") params.set("list", view.list);
  }
  if (view.pages && view.pages > 1) params.set("pages", String(view.pages));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * One row of a medicines table (2§2: medicine, dose, instructions, quantity, prescriber, dates). A field
 * the practice's record does not hold reads "Not recorded" (issue 68, decisions/396): the row is kept.
 */
export interface MedicationRow {
  id: string;
  name: string;
  /** The code the external guidance page is found by; null when the practice sent none (no link then). */
  code: string | null;
  /** "500 mg", as dose and unit. */
  dose: string;
  instructions: string;
  quantity: string;
  prescriber: string;
  /** DD-MM-YYYY, Pacific/Auckland. */
  prescribed: string;
  /** DD-MM-YYYY. */
  ends: string;
  /** The 2§3 long-term flag; null when the practice did not send it. */
  longTerm: boolean | null;
}

/** A practice's text, trimmed; "Not recorded" when it sent none. */
const shown = (value: string | undefined): string => value?.trim() || recordTexts.notRecorded;
/** A practice's date as DD-MM-YYYY in its zone (a day, a local or an offset date-time); "Not recorded" when it sent none. */
const shownDate = (value: string | undefined): string => (value?.trim() ? formatDate(value.trim()) : recordTexts.notRecorded);

export function medicationRowOf(m: Medication): MedicationRow {
  const e = m.extension;
  const coding = m.medicationCodeableConcept?.coding?.[0];
  const dose = [e.dose, e.unit].map((s) => s?.trim() ?? "").filter(Boolean).join(" ");
  const quantity = m.dispenseRequest?.quantity?.value;
  return {
    id: m.id,
    name: shown(coding?.display),
    code: coding?.code?.trim() || null,
    dose: shown(dose),
    instructions: shown((m.dosageInstruction ?? []).map((d) => d.text?.trim() ?? "").filter(Boolean).join("; ")),
    quantity: shown(quantity === undefined ? undefined : String(quantity)),
    prescriber: shown(e.prescribedBy),
    prescribed: shownDate(m.authoredOn),
    ends: shownDate(e.endDate),
    longTerm: e.longTerm ?? null,
  };
}

/**
 * The external guidance page for a medicine, by its NZMT code (2§2). The spec names the page, not its
 * address; the New Zealand Formulary's is used (decisions/090).
 */
export const MEDICINE_GUIDANCE_BASE = "https://www.nzf.org.nz/nzf/search?q=";
export function medicineGuidanceUrl(code: string): string {
  return `${MEDICINE_GUIDANCE_BASE}${encodeURIComponent(code)}`;
}

/** The repeat settings of 2§3, with 1§3's defaults for empty ones (decisions/090). */
export interface RepeatSettings {
  /** The practice lets the patient choose pick up or a pharmacy. */
  showDeliveryChoice: boolean;
  /** Without the choice: where the request goes. */
  defaultDelivery: Delivery;
  urgent: boolean;
  /** Shown beside the urgent option; empty when the practice wrote none. */
  urgentNotes: string;
  fax: boolean;
  /** The repeat-medication notice; 1§3's default text when the setting is empty. */
  notice: string;
  /** Pick up is refused while the patient owes more than 0 (2§5). */
  outstandingBalanceCents: number;
  /** The patient's preferred pharmacy, or null ("N/A", empty). */
  preferredPharmacyId: string | null;
  preferredPharmacyName: string | null;
}

export type Delivery = "pickup" | "pharmacy";

const on = (value: string | undefined) => settingOn(value, false);

/** The settings as read, 1§3's defaults already applied (app/lib/practice-settings.ts). */
export function repeatSettingsOf(s: PracticeSettingsRead): RepeatSettings {
  // 2§3 calls it ShowPickupTypeInRepeatRx, 1§3 IsShowPickupTypeinRepeatRx: either one on shows the choice.
  const choice = on(s.ShowPickupTypeInRepeatRx) || on(s.IsShowPickupTypeinRepeatRx);
  const balance = Number.parseFloat(s.OutstandingBalance ?? "0");
  return {
    showDeliveryChoice: choice,
    defaultDelivery: on(s.IsPickupPharmacyMandatory) ? "pharmacy" : "pickup",
    urgent: on(s.IsRxUrgent),
    urgentNotes: s.RepeatRxUrgentNotes.trim(),
    fax: on(s.IsRxFax),
    notice: s.PortalRepeatMedSetting.trim(),
    outstandingBalanceCents: on(s.IsOutstandingBalance) && Number.isFinite(balance) ? Math.max(0, Math.round(balance * 100)) : 0,
    preferredPharmacyId: settingGiven(s.PharmacyId),
    preferredPharmacyName: settingGiven(s.PrefPharmacy),
  };
}

export interface PharmacyOption {
  id: string;
  /** "Not recorded" when the practice sent no name: the pharmacy is still listed (decisions/396). */
  name: string;
  favourite: boolean;
}

/** What /medications hands its page. */
export interface MedicationsPageData {
  view: MedicationView;
  rows: MedicationRow[];
  /** The practice's count for the list asked (Long Term: of all medicines, from which the long-term are shown); undefined when it does not say and there may be more. */
  total: number | undefined;
  /** Long Term: how many medicines read have no long-term flag recorded (listed in History, said on Long Term). */
  unflagged: number;
  more: boolean;
  settings: RepeatSettings;
  /** For the printed list (2§2): whose medicines, and when. */
  patient: { name: string; nhi: string };
  printedOn: string;
}
