import { useEffect, useRef } from "react";
import { initialOf, type MessageRow } from "../../lib/messaging-view";

/** Three avatar colours cycling down the list (2§2), each with white text at AA contrast or better. */
const AVATARS = ["bg-brand", "bg-success", "bg-brand-dark"] as const;

interface MessageListProps {
  label: string;
  rows: readonly MessageRow[];
  selected: ReadonlySet<string>;
  openId: string | null;
  onToggle(id: string): void;
  onOpen(row: MessageRow): void;
  /** Asks for the next page; absent when the box has no more. */
  onMore?: () => void;
  loadingMore: boolean;
  moreError: string | null;
}

/**
 * A box's messages (2§2): coloured initial, sender or recipient, date, subject and a checkbox. The
 * list grows a page at a time as its end scrolls into view, so a box of ten thousand messages puts
 * only the pages read into the page; the "Show more messages" button does the same by keyboard.
 */
export function MessageList({ label, rows, selected, openId, onToggle, onOpen, onMore, loadingMore, moreError }: MessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!target || !onMore || loadingMore || moreError) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [onMore, loadingMore, moreError]);

  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={label} className="flex flex-col divide-y divide-line rounded bg-white shadow-sm">
        {rows.map((row) => (
          <li key={row.id} className={`flex items-start gap-3 p-3 ${openId === row.id ? "bg-surface" : ""}`}>
            <input
              type="checkbox"
              className="mt-2 size-6 shrink-0"
              checked={selected.has(row.id)}
              onChange={() => onToggle(row.id)}
              aria-label={`Select "${row.subject}" (${row.name}, ${row.date})`}
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
                {row.read ? null : <span className="mr-2 rounded bg-brand px-1.5 text-sm font-semibold text-white">Unread</span>}
                {row.subject}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div ref={end} />
      {moreError ? (
        <p className="font-semibold text-danger" role="alert">
          {moreError}
        </p>
      ) : null}
      {onMore ? (
        <button type="button" onClick={onMore} disabled={loadingMore} className="inline-flex min-h-11 items-center self-start rounded border-2 border-brand bg-white px-5 font-semibold text-brand disabled:opacity-60">
          {loadingMore ? "Loading more messages…" : "Show more messages"}
        </button>
      ) : null}
    </div>
  );
}
