import type { ReactNode } from "react";
import type { MedicationRow } from "../view";
import { medicineGuidanceUrl } from "../view";
import { medicationsTexts } from "../texts";
import { practiceLang } from "~/lib/language";

/**
 * A list of medicines (2§2): medicine, dose, instructions, quantity, prescriber and dates. Each name
 * links to the medicine's guidance page, which opens in a new tab and says so. With `selected`, a
 * leading checkbox column chooses medicines to repeat or print.
 */
interface Props {
  caption: string;
  rows: readonly MedicationRow[];
  selected?: ReadonlySet<string>;
  onToggle?(id: string): void;
  onToggleAll?(selected: boolean): void;
  /** The patient reaches for a box (pointed at or focused): the repeat machine is fetched (decisions/358). */
  onReach?(): void;
}

function ExternalIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="inline size-4 shrink-0 align-[-2px]" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M14 4h6v6" />
      <path d="M20 4 10 14" />
      <path d="M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5" />
    </svg>
  );
}

/** The columns after the medicine's name, as the table heads them and each card lists them. */
const t = medicationsTexts;
// The third element: whether the field is the practice's words (marked lang="en" in a te reo page), not a name, number or date.
const FIELDS = [
  [t.dose, (row) => row.dose, true],
  [t.instructions, (row) => row.instructions, true],
  [t.quantity, (row) => row.quantity, false],
  [t.prescriber, (row) => row.prescriber, false],
  [t.prescribed, (row) => row.prescribed, false],
  [t.ends, (row) => row.ends, false],
] as const satisfies readonly (readonly [string, (row: MedicationRow) => string, boolean])[];

/**
 * The medicine's name, linked to its guidance in a new tab (plain text when the practice sent no code
 * to find it by), and whether it is long term, or that the practice did not say (decisions/396).
 */
function MedicineName({ row, id }: { row: MedicationRow; id?: string }) {
  const lang = practiceLang(row.name);
  // Its own element where it is marked as the practice's words or names the card; else plain text, as in English.
  const name =
    id || lang ? (
      <span id={id} lang={lang}>
        {row.name}
      </span>
    ) : (
      row.name
    );
  return (
    <>
      {row.code !== null ? (
        <a href={medicineGuidanceUrl(row.code)} target="_blank" rel="noopener noreferrer" className="text-brand underline underline-offset-4 hover:text-brand-dark">
          {name}
          <span className="sr-only"> ({medicationsTexts.newTab})</span> <ExternalIcon />
        </a>
      ) : (
        name
      )}
      {row.longTerm === true ? <span className="mt-1 block text-sm font-normal text-muted">{t.longTerm}</span> : null}
      {row.longTerm === null ? <span className="mt-1 block text-sm font-normal text-muted">{medicationsTexts.longTermNotRecorded}</span> : null}
    </>
  );
}

/**
 * A table where there is room for its seven columns; on a narrower screen (a phone) each medicine is
 * a card listing the same fields, so the instructions are in view without scrolling sideways
 * (issue 33, item 7). Only one of the two is shown, so only one is in the accessibility tree.
 */
export function MedicationTable({ caption, rows, selected, onToggle, onToggleAll, onReach }: Props) {
  const cell = "border-b border-muted/30 px-3 py-2 text-left align-top";
  const head = (text: ReactNode) => (
    <th scope="col" className={`${cell} bg-white font-semibold`}>
      {text}
    </th>
  );
  const allChosen = selected !== undefined && rows.length > 0 && rows.every((r) => selected.has(r.id));
  const selectAll = (
    <input type="checkbox" className="size-5" checked={allChosen} onChange={(event) => onToggleAll?.(event.target.checked)} onPointerEnter={onReach} onFocus={onReach} aria-label={t.selectAllShown} />
  );
  const selectOne = (row: MedicationRow) => (
    <input type="checkbox" className="size-5" checked={selected?.has(row.id) ?? false} onChange={() => onToggle?.(row.id)} onPointerEnter={onReach} onFocus={onReach} aria-label={t.selectMedicine(row.name)} />
  );
  return (
    <div className="@container">
      {/* A region wider than its room scrolls on its own: it takes focus so a keyboard can scroll it too. */}
      <div className="hidden overflow-x-auto rounded border border-muted/40 bg-white @4xl:block" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full border-collapse">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {selected ? <th scope="col" className={`${cell} w-12`}>{selectAll}</th> : null}
              {head(t.medicine)}
              {FIELDS.map(([label]) => (
                <th key={label} scope="col" className={`${cell} bg-white font-semibold`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {selected ? <td className={cell}>{selectOne(row)}</td> : null}
                <th scope="row" className={`${cell} font-semibold`}>
                  <MedicineName row={row} />
                </th>
                {FIELDS.map(([label, value, practice]) => (
                  <td key={label} className={cell} lang={practice ? practiceLang(value(row)) : undefined}>
                    {value(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="@4xl:hidden">
        {selected ? (
          <label className="mb-3 flex items-center gap-2 font-semibold">
            {selectAll}
            {t.selectAllShown}
          </label>
        ) : null}
        <ul aria-label={caption} className="flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.id} aria-labelledby={`medicine-card-${row.id}`} className="rounded border border-muted/40 bg-white p-4">
              <div className="flex items-start gap-3">
                {selected ? selectOne(row) : null}
                <p className="min-w-0 break-words font-semibold">
                  <MedicineName row={row} id={`medicine-card-${row.id}`} />
                </p>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {FIELDS.map(([label, value, practice]) => (
                  <div key={label} className="contents">
                    <dt className="font-semibold">{label}</dt>
                    <dd className="min-w-0 break-words" lang={practice ? practiceLang(value(row)) : undefined}>
                      {value(row)}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The printed list (2§2): a plain A4 table of the chosen medicines, with whose they are and when. */
export function PrintableList({ rows, patient, printedOn }: { rows: readonly MedicationRow[]; patient: { name: string; nhi: string }; printedOn: string }) {
  const cell = "border border-ink px-2 py-1 text-left align-top";
  return (
    <section aria-label={t.printedList} className="print-only hidden">
      <h2 className="text-xl font-bold">{t.printedTitle}</h2>
      <p>{t.printedFor(patient.name, patient.nhi, printedOn)}</p>
      <table className="mt-2 w-full border-collapse text-sm">
        <thead>
          <tr>
            {[t.medicine, t.dose, t.instructions, t.quantity, t.prescriber, t.prescribed, t.ends].map((h) => (
              <th key={h} scope="col" className={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={cell} lang={practiceLang(row.name)}>
                {row.name}
              </td>
              <td className={cell} lang={practiceLang(row.dose)}>
                {row.dose}
              </td>
              <td className={cell} lang={practiceLang(row.instructions)}>
                {row.instructions}
              </td>
              <td className={cell}>{row.quantity}</td>
              <td className={cell}>{row.prescriber}</td>
              <td className={cell}>{row.prescribed}</td>
              <td className={cell}>{row.ends}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
