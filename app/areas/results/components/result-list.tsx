import { useImperativeHandle, useRef, type Ref } from "react";
import type { ResultCard } from "~/lib/reports-view";
import { Button } from "~/components/ui/button";
import { reportsTexts } from "~/lib/texts/reports";
import { practiceLang } from "~/lib/language";

const t = reportsTexts;

export interface ResultListHandle {
  /** Puts the focus on the View button of the card at this place in the list. */
  focusResult(index: number): void;
}

/**
 * The result cards (2§2). Read state in colour and in words (2§4): unread results have a green
 * header saying "Unread", read ones a yellow header saying "Read", each of one height: a result turned
 * read by a refresh moves no card below it.
 */
export function ResultList({ results, onOpen, ref }: { results: readonly ResultCard[]; onOpen(result: ResultCard): void; ref?: Ref<ResultListHandle> }) {
  const views = useRef(new Map<number, HTMLButtonElement>());
  useImperativeHandle(ref, () => ({ focusResult: (index) => views.current.get(index)?.focus() }), []);
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label={t.resultsList}>
      {results.map((r, index) => (
        <li key={r.id} className="flex flex-col overflow-hidden rounded bg-white shadow-sm">
          <div className={`flex flex-wrap items-center justify-between gap-2 border-b-4 px-4 py-3 ${r.read ? "border-[#ffb81c] bg-warning-bg text-ink" : "border-transparent bg-success text-white"}`}>
            <h2 className="text-xl font-bold" lang={practiceLang(r.test)}>
              {r.test}
            </h2>
            <span className={`rounded-full px-3 py-0.5 text-sm font-bold ${r.read ? "bg-white text-ink" : "bg-white text-success"}`}>{r.read ? t.read : t.unread}</span>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 px-4 py-3">
            <dt className="font-semibold">{t.date}</dt>
            <dd>{r.time ? t.dateAndTime(r.date, r.time) : r.date}</dd>
            <dt className="font-semibold">{t.laboratory}</dt>
            <dd lang={practiceLang(r.laboratory)}>{r.laboratory}</dd>
            <dt className="font-semibold">{t.requestedBy}</dt>
            <dd>{r.author}</dd>
            {r.folder ? (
              <>
                <dt className="font-semibold">{t.folder}</dt>
                <dd lang={practiceLang(r.folder)}>{r.folder}</dd>
              </>
            ) : null}
            {r.comments ? (
              <>
                <dt className="font-semibold">{t.comments}</dt>
                <dd lang={practiceLang(r.comments)}>{r.comments}</dd>
              </>
            ) : null}
          </dl>
          <div className="mt-auto px-4 pb-4">
            <Button
              variant="secondary"
              onClick={() => onOpen(r)}
              ref={(button) => {
                if (button) views.current.set(index, button);
                else views.current.delete(index);
              }}
            >
              {t.viewResult}
              <span className="sr-only">{t.viewResultWhich(r.test, r.date)}</span>
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
