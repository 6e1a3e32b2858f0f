import { reportsTexts } from "~/lib/texts/reports";
import type { ObservationView } from "~/lib/reports-view";
import { practiceLang } from "~/lib/language";
import { PracticeWords } from "~/components/practice-words";

/**
 * A result's observations (2§3): Abnormal, Low and High in red, always with the word and a mark, so
 * colour is never the only signal. On a phone each row stacks into labelled lines instead of
 * scrolling sideways.
 */
const t = reportsTexts;

export function ObservationTable({ test, rows }: { test: string; rows: readonly ObservationView[] }) {
  if (rows.length === 0) return <p className="py-4 font-semibold">{reportsTexts.noTableData}</p>;
  const cell = "border-b border-line px-3 py-2 text-left align-top max-sm:block max-sm:border-0 max-sm:px-0 max-sm:py-0.5";
  const label = "max-sm:before:mr-2 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)':']";
  return (
    <table className="w-full border-collapse">
      <caption className="mb-2 text-left text-lg font-bold">{t.resultsOf(test)}</caption>
      <thead className="max-sm:sr-only">
        <tr>
          <th scope="col" className={cell}>
            {t.observation}
          </th>
          <th scope="col" className={cell}>
            {t.value}
          </th>
          <th scope="col" className={cell}>
            {t.flag}
          </th>
          <th scope="col" className={cell}>
            {t.referenceRange}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={`${row.text}-${i}`} className="max-sm:block max-sm:border-b max-sm:border-line max-sm:py-2">
            <th scope="row" className={`${cell} font-semibold`} lang={practiceLang(row.text)}>
              {row.text}
            </th>
            <td className={`${cell} ${label} ${row.flagged ? "font-bold text-danger" : ""}`} data-label={t.value} lang={practiceLang(row.value)}>
              {row.value}
            </td>
            <td className={`${cell} ${label}`} data-label={t.flag}>
              {row.flagged ? (
                <span className="font-bold text-danger">
                  <span aria-hidden="true">⚠ </span>
                  <PracticeWords>{row.flag}</PracticeWords>
                </span>
              ) : row.flag ? (
                <PracticeWords>{row.flag}</PracticeWords>
              ) : (
                <span className="text-muted">{t.noFlag}</span>
              )}
            </td>
            <td className={`${cell} ${label}`} data-label={t.referenceRange}>
              {row.range || <span className="text-muted">{t.rangeNotGiven}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
