import type { SummarySectionView } from "../view";
import { summaryTexts } from "../texts";

const t = summaryTexts;

/** Each section of the summary with how many items it holds, or "None recorded". */
export function SummaryContents({ sections }: { sections: readonly SummarySectionView[] }) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">{t.contentsHeading}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{t.sectionColumn}</th>
          <th scope="col">{t.recordedColumn}</th>
        </tr>
      </thead>
      <tbody>
        {sections.map((section) => (
          <tr key={section.key} className="border-b border-line last:border-0">
            <th scope="row" className="py-2 pr-4 font-semibold">
              {section.title}
            </th>
            <td className="py-2">
              {section.count === 0 ? (
                <span className="text-muted">{t.noneRecorded}</span>
              ) : (
                <>
                  {t.count(section.count, section.noun)}
                  {section.partial ? <span className="block text-sm text-muted">({t.partial(section.partial.read, section.partial.total)})</span> : null}
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
