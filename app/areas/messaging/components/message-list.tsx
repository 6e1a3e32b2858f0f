import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { messagingPageSizes } from "@contract/messaging-page-sizes";
import { initialOf } from "../avatar";
import type { MessageRow } from "../view";
import { messagingTexts } from "../texts";
import { Button } from "~/components/ui/button";
import { lazyModule } from "~/lib/lazy-module";
import type { ListWindow } from "./list-window";
import { PracticeWords } from "~/components/practice-words";

/** Three avatar colours cycling down the list (2§2), each with white text at AA contrast or better. */
const AVATARS = ["bg-brand", "bg-success", "bg-brand-dark"] as const;

// The windowing library stays off the first load (decisions/150): a box of one page never needs it.
const listWindow = lazyModule(() => import("./list-window"));
const ListWindowing = listWindow.component((m) => m.ListWindowing);
/** A row's usual height at 390 px and at 1280 px; rows of another height are measured once shown. */
const ROW_ESTIMATE = 88;

interface MessageListProps {
  label: string;
  rows: readonly MessageRow[];
  /** How many messages the box holds, loaded or not: what a screen reader announces as the list's size (undefined: unknown, ARIA's -1). */
  total: number | undefined;
  selected: ReadonlySet<string>;
  openId: string | null;
  /** The row a message was just closed from (Back): kept in the page for the focus to go back to. */
  returnId: string | null;
  onToggle(id: string): void;
  onOpen(row: MessageRow): void;
  /** Asks for the next page; absent when the box has no more. */
  onMore?: () => void;
  loadingMore: boolean;
  moreError: string | null;
}

/** A box's messages (2§2), growing a page at a time; once pages are appended only rows near the viewport are drawn, each with its place in the box (decisions/150). */
export function MessageList({ label, rows, total, selected, openId, returnId, onToggle, onOpen, onMore, loadingMore, moreError }: MessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!target || !onMore || loadingMore || moreError) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [onMore, loadingMore, moreError]);

  const windowed = rows.length > messagingPageSizes.messages;
  // Fetched as the second page is asked for, so it is there when that page arrives.
  useEffect(() => {
    if (loadingMore || windowed) void listWindow.preload().catch(() => undefined);
  }, [loadingMore, windowed]);
  const [found, setWindow] = useState<ListWindow | null>(null);
  const win = windowed ? found : null;
  const [focusedId, setFocusedId] = useState<string | null>(null);
  // The focused row stays, and so do its neighbours, so Tab and Shift+Tab reach the next row even when
  // the page was scrolled away from it; the open row (and, once closed, the row it was) stays for the
  // focus to come back to.
  const focusedAt = focusedId ? rows.findIndex((r) => r.id === focusedId) : -1;
  const indexOf = (id: string | null) => (id ? rows.findIndex((r) => r.id === id) : -1);
  const keep = [...(focusedAt >= 0 ? [focusedAt - 1, focusedAt, focusedAt + 1] : []), indexOf(openId), indexOf(returnId)].filter((i) => i >= 0 && i < rows.length);
  const keyOf = useCallback((i: number) => rows[i]?.id ?? String(i), [rows]);
  const shown = win ? win.items : rows.map((_, index) => ({ index, start: 0 }));

  return (
    <div className="flex flex-col gap-2">
      {windowed ? (
        <Suspense fallback={null}>
          <ListWindowing count={rows.length} list={list} keyOf={keyOf} keep={keep} estimate={ROW_ESTIMATE} onWindow={setWindow} />
        </Suspense>
      ) : null}
      <ul
        ref={list}
        aria-label={label}
        className={`flex flex-col divide-y divide-line rounded bg-white shadow-sm ${win ? "relative" : ""}`}
        style={win ? { height: win.height } : undefined}
        onFocus={(e) => setFocusedId(e.target.closest<HTMLElement>("[data-message-id]")?.dataset.messageId ?? null)}
        onBlur={(e) => {
          if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocusedId(null);
        }}
      >
        {shown.map(({ index, start }) => {
          const row = rows[index];
          if (!row) return null;
          return (
            <li
              key={row.id}
              ref={win ? win.measure : undefined}
              data-index={index}
              data-message-id={row.id}
              aria-setsize={total ?? -1}
              aria-posinset={index + 1}
              className={`flex items-start gap-3 p-3 ${openId === row.id ? "bg-surface" : "bg-white"} ${win ? "absolute inset-x-0 top-0" : ""}`}
              style={win ? { transform: `translateY(${start}px)` } : undefined}
            >
              <input
                type="checkbox"
                className="mt-2 size-6 shrink-0"
                checked={selected.has(row.id)}
                onChange={() => onToggle(row.id)}
                aria-label={messagingTexts.selectMessage(row.subject, row.name, row.date)}
              />
              <span aria-hidden="true" className={`mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-lg font-bold text-white ${AVATARS[row.colour]}`}>
                {initialOf(row.name)}
              </span>
              <button type="button" onClick={() => onOpen(row)} aria-current={openId === row.id ? "true" : undefined} className="flex min-h-11 min-w-0 flex-1 flex-col items-start text-left">
                <span className="flex w-full flex-wrap items-baseline justify-between gap-x-3">
                  <span className={`break-words ${row.read ? "" : "font-bold"}`}>{row.name}</span>
                  <time dateTime={row.dateIso} className="text-muted">
                    {row.date}
                  </time>
                </span>
                <span className={`w-full break-words ${row.read ? "text-muted" : "font-bold text-ink"}`}>
                  {row.read ? null : <span className="mr-2 rounded bg-brand px-1.5 text-sm font-semibold text-white">{messagingTexts.unread}</span>}
                  <PracticeWords>{row.subject}</PracticeWords>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div ref={end} />
      {moreError ? (
        <p className="font-semibold text-danger" role="alert">
          {moreError}
        </p>
      ) : null}
      {onMore ? (
        <Button variant="secondary" className="self-start" busy={loadingMore} onClick={() => onMore()}>
          {loadingMore ? messagingTexts.loadingMore : messagingTexts.showMore}
        </Button>
      ) : null}
    </div>
  );
}
