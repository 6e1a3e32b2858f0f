import type { DiagnosisCard } from "../view";
import { diagnosisTexts } from "../texts";
import { practiceLang } from "~/lib/language";

/**
 * A tab's diagnoses (2§2 Diagnosis): each card headed by its day, with the long-term flag and the
 * practice's words. A day is a <time> only when it is one: a diagnosis without a readable date says
 * "Not recorded" as plain text (decisions/396), as the other health screens do.
 */
export function DiagnosisList({ label, diagnoses }: { label: string; diagnoses: readonly DiagnosisCard[] }) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label={label}>
      {diagnoses.map((d, i) => (
        <li key={d.id ?? `#${i}`} className="flex flex-col gap-2 rounded border-l-8 border-brand bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-bold">{d.isoDate ? <time dateTime={d.isoDate}>{d.date}</time> : d.date}</h2>
            {d.longTerm ? <span className="rounded-full border-2 border-brand px-3 py-0.5 text-sm font-bold text-brand">{diagnosisTexts.longTerm}</span> : null}
          </div>
          <p lang={practiceLang(d.text)}>{d.text}</p>
        </li>
      ))}
    </ul>
  );
}
