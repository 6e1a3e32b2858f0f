import type { Allergy } from "@contract/health";

/**
 * The Allergies screen's view (2§2, 2§4): each allergy's severity as a level with its colour and
 * words. Severe is high and red, Moderate amber, Mild green; a missing severity is Mild (2§4), and
 * the card says it was not recorded rather than claiming the practice wrote "Mild".
 */

export const SEVERITIES = ["Mild", "Moderate", "Severe"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The level 2§4 gives each severity: Severe high, Moderate moderate, Mild low. */
export const SEVERITY_LEVEL: Record<Severity, string> = { Severe: "High", Moderate: "Moderate", Mild: "Low" };

export interface AllergyCard {
  id: string;
  substance: string;
  type: string;
  severity: Severity;
  /** The practice's own word when it is none of the three (shown beside the level it maps to). */
  recordedAs: string | null;
  /** No severity on file: shown as Mild, and said so. */
  unrecorded: boolean;
  reaction: string | null;
  note: string | null;
}

export function severityOf(text: string | undefined): { severity: Severity; recordedAs: string | null; unrecorded: boolean } {
  const word = text?.trim() ?? "";
  if (word === "") return { severity: "Mild", recordedAs: null, unrecorded: true };
  const lower = word.toLowerCase();
  const severity: Severity = lower === "severe" || lower === "high" ? "Severe" : lower === "moderate" || lower === "medium" ? "Moderate" : "Mild";
  return { severity, recordedAs: SEVERITIES.some((s) => s.toLowerCase() === lower) ? null : word, unrecorded: false };
}

const textOf = (value: string | undefined) => (value?.trim() ? value.trim() : null);

export function allergyCardOf(allergy: Allergy): AllergyCard {
  const reaction = allergy.reaction?.flatMap((r) => r.manifestation.map((m) => m.text.trim())).filter(Boolean).join("; ");
  const note = allergy.note?.map((n) => n.text.trim()).filter(Boolean).join(" ");
  return {
    id: allergy.id,
    substance: allergy.code.text.trim(),
    type: allergy.extension.type.trim(),
    ...severityOf(allergy.extension.severity),
    reaction: textOf(reaction),
    note: textOf(note),
  };
}

/** What /allergies hands its page. */
export interface AllergiesPageData {
  allergies: AllergyCard[];
  total: number;
  pages: number;
  more: boolean;
}
