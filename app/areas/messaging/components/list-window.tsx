import { defaultRangeExtractor, useWindowVirtualizer, type Range } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useState, type RefObject } from "react";

/** Which rows of a long list are in the page, and where each sits inside the list. */
export interface ListWindow {
  items: readonly { index: number; start: number }[];
  /** The whole list's height, so the page scrolls as if every row were there. */
  height: number;
  /** Given each rendered row (with `data-index`), so rows taller than the estimate are placed right. */
  measure: (element: HTMLElement | null) => void;
}

interface ListWindowingProps {
  count: number;
  list: RefObject<HTMLElement | null>;
  keyOf(index: number): string;
  /** Rows kept in the page wherever they are: the one with the focus, the one open in the viewer. */
  keep: readonly number[];
  estimate: number;
  onWindow(window: ListWindow): void;
}

/**
 * Works out, from the page's own scroll (never a scroll box of its own: on a phone the list is the
 * page), which rows are near the viewport. It renders nothing: the list keeps its own `<ul>` and
 * rows, so a row with the focus is the same element before and after this module arrives (decisions/150).
 */
export function ListWindowing({ count, list, keyOf, keep, estimate, onWindow }: ListWindowingProps) {
  // Where the list starts in the document: what is above it (toolbar, notices) can change height.
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    // Whatever moves the list moves the body's size too; the observer also answers once at the start.
    const observer = new ResizeObserver(() => {
      if (list.current) setMargin(Math.round(list.current.getBoundingClientRect().top + window.scrollY));
    });
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [list]);
  const keepKey = keep.join(",");
  const rangeExtractor = useCallback(
    (range: Range) => {
      const kept = keepKey ? keepKey.split(",").map(Number) : [];
      return [...new Set([...defaultRangeExtractor(range), ...kept.filter((i) => i >= 0 && i < range.count)])].sort((a, b) => a - b);
    },
    [keepKey],
  );
  const virtualizer = useWindowVirtualizer({ count, estimateSize: () => estimate, overscan: 5, scrollMargin: margin, getItemKey: keyOf, rangeExtractor });
  const items = virtualizer.getVirtualItems();
  const height = virtualizer.getTotalSize();
  const signature = `${items.map((i) => `${i.index}@${Math.round(i.start)}`).join(" ")}|${height}|${margin}`;
  const { measureElement } = virtualizer;
  useLayoutEffect(() => {
    onWindow({ items: items.map((i) => ({ index: i.index, start: i.start - margin })), height, measure: measureElement });
    // The signature stands for items, height and margin: a new window only when one of them moved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, onWindow, measureElement]);
  return null;
}
