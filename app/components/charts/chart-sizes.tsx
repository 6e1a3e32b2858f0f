import type { ReactNode } from "react";

/** A chart drawn twice, narrow and wide, with CSS showing the one that fits its box, so its labels are never under 12 px (decisions/284). */
export interface Frame {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  fontSize: number;
  /** The most dates written under the x axis. */
  xTicks: number;
  /** About how many values are written beside the y axis. */
  yTicks: number;
}

export const NARROW: Frame = { width: 320, height: 230, margin: { top: 26, right: 16, bottom: 36, left: 44 }, fontSize: 13, xTicks: 3, yTicks: 4 };
export const WIDE: Frame = { width: 544, height: 260, margin: { top: 28, right: 24, bottom: 40, left: 52 }, fontSize: 13, xTicks: 4, yTicks: 5 };

export const SVG_CLASS = { narrow: "h-auto w-full max-w-[416px]", wide: "h-auto w-full max-w-[736px]" } as const;

/** The phone drawing under a 512 px box (Tailwind's `@lg` container size), the wide one from there up. */
export function TwoSizes({ narrow, wide }: { narrow: ReactNode; wide: ReactNode }) {
  return (
    <div className="@container">
      <div className="@lg:hidden">{narrow}</div>
      <div className="hidden @lg:block">{wide}</div>
    </div>
  );
}

/** Dates under an x axis: the first starts at the axis's start and the last ends at its end, so none leaves the drawing. */
export function anchorOf(index: number, count: number): "start" | "middle" | "end" {
  if (count < 2) return "middle";
  return index === 0 ? "start" : index === count - 1 ? "end" : "middle";
}

/** Up to `count` items spread evenly from the first to the last. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]);
}

/** A generous estimate of a label's width in the drawing's units (digits and capitals run about 0.6 em). */
export function textWidth(text: string, fontSize: number): number {
  return text.length * fontSize * 0.62;
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Of the labels offered, most wanted first, those that fit beside the ones already kept and inside
 * the plot: a label that would overlap another or leave the drawing is not written (the table has
 * every value).
 */
export function placeLabels<T extends { box: Box }>(wanted: readonly T[], bounds: Box, gap = 2): T[] {
  const kept: T[] = [];
  for (const label of wanted) {
    const b = label.box;
    if (b.left < bounds.left || b.right > bounds.right || b.top < bounds.top || b.bottom > bounds.bottom) continue;
    const clash = kept.some((k) => !(b.right + gap <= k.box.left || k.box.right + gap <= b.left || b.bottom + gap <= k.box.top || k.box.bottom + gap <= b.top));
    if (!clash) kept.push(label);
  }
  return kept;
}

/**
 * The dates written under an x axis: up to the frame's count, spread over the readings, the first and
 * the last first, then those between that overlap none already kept (readings close in time would).
 */
export function dateTicks<T extends { at: number; date: string }>(items: readonly T[], at: (item: T) => number, frame: Frame, innerWidth: number): T[] {
  const candidates = spread(items, frame.xTicks);
  if (candidates.length < 2) return candidates;
  const count = candidates.length;
  const boxed = candidates.map((item, index) => {
    const w = textWidth(item.date, frame.fontSize);
    const anchor = anchorOf(index, count);
    const left = anchor === "start" ? at(item) : anchor === "end" ? at(item) - w : at(item) - w / 2;
    return { item, box: { left, right: left + w, top: 0, bottom: 1 } };
  });
  const ordered = [boxed[0], boxed[count - 1], ...boxed.slice(1, -1)];
  const kept = new Set(placeLabels(ordered, { left: -1, right: innerWidth + 1, top: 0, bottom: 1 }, 8).map((b) => b.item));
  return candidates.filter((item) => kept.has(item));
}
