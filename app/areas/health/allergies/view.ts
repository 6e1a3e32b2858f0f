import type { Allergy } from "@contract/health";
import { joinedText, shownText } from "../fields";
import { allergiesTexts } from "./texts";

/**
 * The Allergies screen's view (2§2, 2§4): each severity as a level with its colour and words; a missing one is Mild
 * but said not recorded, and a word the spec does not name is shown as written, with no colour (decisions/396).
 */

export const SEVERITIES = ["Mild", "Moderate", "Severe"] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface AllergyCard {
  id: string;
  /** The substance, or "Not recorded". */
  substance: string;
  /** Drug, Food… as the practice wrote it, or "Not recorded". */
  type: string;
  /** One of 2§4's three; null for a word the spec does not name, shown as written. */
  severity: Severity | null;
  /** The badge's word: the severity, or the practice's own word. */
  severityLabel: string;
  /** The practice's level word (High, Medium, Low) read as its severity, said beside it. */
  recordedAs: string | null;
  /** No severity on file: shown as Mild, and said so. */
  unrecorded: boolean;
  /** Optional in 2§3: null when the practice recorded none. */
  reaction: string | null;
  note: string | null;
}

/** Words for the three severities, and the level words of 2§4 that some systems send in their place. */
const SEVERITY_WORDS: Record<string, Severity> = { severe: "Severe", high: "Severe", moderate: "Moderate", medium: "Moderate", mild: "Mild", low: "Mild" };

export function severityOf(text: string | null | undefined): Pick<AllergyCard, "severity" | "severityLabel" | "recordedAs" | "unrecorded"> {
  const word = text?.trim() ?? "";
  if (word === "") return { severity: "Mild", severityLabel: allergiesTexts.severityNames.Mild, recordedAs: null, unrecorded: true };
  const severity = SEVERITY_WORDS[word.toLowerCase()];
  if (!severity) return { severity: null, severityLabel: word, recordedAs: null, unrecorded: false };
  return { severity, severityLabel: allergiesTexts.severityNames[severity], recordedAs: SEVERITIES.some((s) => s.toLowerCase() === word.toLowerCase()) ? null : word, unrecorded: false };
}

export function allergyCardOf(allergy: Allergy): AllergyCard {
  const reaction = joinedText(allergy.reaction?.flatMap((r) => r.manifestation?.map((m) => m.text) ?? []) ?? [], "; ");
  const note = joinedText(allergy.note?.map((n) => n.text) ?? [], " ");
  return {
    id: allergy.id,
    substance: shownText(allergy.code?.text),
    type: shownText(allergy.extension.type),
    ...severityOf(allergy.extension.severity),
    reaction: reaction || null,
    note: note || null,
  };
}

/** What /allergies hands its page. */
export interface AllergiesPageData {
  allergies: AllergyCard[];
  /** Undefined when the practice does not say and there may be more (decisions/396). */
  total: number | undefined;
  pages: number;
  more: boolean;
}
