import type { Condition } from "@contract/health";
import { recordTexts } from "~/lib/texts/record";
import { joinedText, shownDay } from "../fields";
import { diagnosisTexts } from "./texts";

/** The Diagnosis screen's view (2§2): tabs Long Term, Recent Diagnosis, All Diagnosis of dated note cards. */

export const DIAGNOSIS_TABS = [
  { value: "long-term", label: diagnosisTexts.diagnosisTabs["long-term"] },
  { value: "recent", label: diagnosisTexts.diagnosisTabs.recent },
  { value: "all", label: diagnosisTexts.diagnosisTabs.all },
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
  /** The practice's id; null when it sent none (2§3 names no id for a Condition, decisions/396). */
  id: string | null;
  /** DD-MM-YYYY in Pacific/Auckland, or "Not recorded". */
  date: string;
  /** YYYY-MM-DD for <time dateTime>; empty when there is no readable date. */
  isoDate: string;
  /** The diagnosis as the practice wrote it, or "Not recorded". */
  text: string;
  /** Only a flag the practice set says long term; one it left out does not. */
  longTerm: boolean;
}

export function diagnosisCardOf(condition: Condition): DiagnosisCard {
  return {
    id: condition.id ?? null,
    ...shownDay(condition.onsetDateTime),
    text: joinedText(condition.note?.map((n) => n.text) ?? [], " ") || recordTexts.notRecorded,
    longTerm: condition.extension.longTerm === true,
  };
}

export interface DiagnosesPageData {
  tab: DiagnosisTab;
  diagnoses: DiagnosisCard[];
  /** Undefined when the practice does not say and there may be more (decisions/396). */
  total: number | undefined;
  pages: number;
  more: boolean;
}
