import type { ReactNode } from "react";

/**
 * The health screens' three colours (2§4): red for severe, high or overdue, amber for moderate, medium
 * or due, green for mild, normal or given. A badge always carries its words, so colour is never the
 * only signal (DESIGN "Look and feel"); each pairing keeps at least 4.5:1 contrast.
 */
export type Tone = "red" | "amber" | "green" | "neutral";

const TONES: Record<Tone, string> = {
  red: "bg-danger text-white",
  amber: "bg-[#ffb81c] text-ink",
  green: "bg-success text-white",
  neutral: "bg-surface text-ink border border-muted",
};

/** The edge a card of this tone carries, beside its badge. */
export const TONE_EDGE: Record<Tone, string> = {
  red: "border-l-8 border-danger",
  amber: "border-l-8 border-[#ffb81c]",
  green: "border-l-8 border-success",
  neutral: "border-l-8 border-muted",
};

export function LevelBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-3 py-0.5 text-sm font-bold print:border print:border-ink ${TONES[tone]}`}>{children}</span>;
}
