import type { Condition } from "@contract/health";
import { formatDate, practiceDateTime } from "~/lib/dates";

/** The Diagnosis screen's view (2§2): tabs Long Term, Recent Diagnosis, All Diagnosis of dated note cards. */

export const DIAGNOSIS_TABS = [
  { value: "long-term", label: "Long Term" },
  { value: "recent", label: "Recent Diagnosis" },
  { value: "all", label: "All Diagnosis" },
] as const;
export type DiagnosisTab = (typeof DIAGNOSIS_TABS)[number]["value"];

/** The address's tab; Long Term, the first, by default. */
export function diagnosisTabOf(value: string | null | undefined): DiagnosisTab {
  return DIAGNOSIS_TABS.find((t) => t.value === value)?.value ?? "long-term";
}

export function diagnosisSearch(view: { tab: DiagnosisTab; pages?: number }): string {
  const params = new URLSearchParams();
  if (view.tab !== "long-term") params.set("tab", view.tab);
  if (view.pages && view.pages > 1) params.set("pages", String(view.pages));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export interface DiagnosisCard {
  id: string;
  /** DD-MM-YYYY in Pacific/Auckland. */
  date: string;
  /** YYYY-MM-DD for <time dateTime>; empty when unreadable. */
  isoDate: string;
  text: string;
  longTerm: boolean;
}

export function diagnosisCardOf(condition: Condition): DiagnosisCard {
  const onset = practiceDateTime(condition.onsetDateTime);
  return {
    id: condition.id,
    date: formatDate(condition.onsetDateTime),
    isoDate: onset.isValid ? onset.toISODate()! : "",
    text: condition.note.map((n) => n.text.trim()).filter(Boolean).join(" ") || "No note recorded.",
    longTerm: condition.extension.longTerm,
  };
}

export interface DiagnosesPageData {
  tab: DiagnosisTab;
  diagnoses: DiagnosisCard[];
  total: number;
  pages: number;
  more: boolean;
}
