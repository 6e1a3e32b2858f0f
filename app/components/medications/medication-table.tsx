import type { ReactNode } from "react";
import type { MedicationRow } from "../../lib/medications-view";
import { medicineGuidanceUrl } from "../../lib/medications-view";
import { medicationsMessages } from "../../lib/messages/medications";

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

export function MedicationTable({ caption, rows, selected, onToggle, onToggleAll }: Props) {
  const cell = "border-b border-muted/30 px-3 py-2 text-left align-top";
  const head = (text: ReactNode) => (
    <th scope="col" className={`${cell} bg-white font-semibold`}>
      {text}
    </th>
  );
  const allChosen = selected !== undefined && rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    // A region wider than a phone scrolls on its own: it takes focus so a keyboard can scroll it too.
    <div className="overflow-x-auto rounded border border-muted/40 bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[52rem] border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {selected ? (
              <th scope="col" className={`${cell} w-12`}>
                <input type="checkbox" className="size-5" checked={allChosen} onChange={(event) => onToggleAll?.(event.target.checked)} aria-label="Select all medicines shown" />
              </th>
            ) : null}
            {head("Medicine")}
            {head("Dose")}
            {head("Instructions")}
            {head("Quantity")}
            {head("Prescriber")}
            {head("Prescribed")}
            {head("Ends")}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {selected ? (
                <td className={cell}>
                  <input type="checkbox" className="size-5" checked={selected.has(row.id)} onChange={() => onToggle?.(row.id)} aria-label={`Select ${row.name}`} />
                </td>
              ) : null}
              <th scope="row" className={`${cell} font-semibold`}>
                <a href={medicineGuidanceUrl(row.code)} target="_blank" rel="noopener noreferrer" className="text-brand underline underline-offset-4 hover:text-brand-dark">
                  {row.name}
                  <span className="sr-only"> ({medicationsMessages.newTab})</span> <ExternalIcon />
                </a>
                {row.longTerm ? <span className="mt-1 block text-sm font-normal text-muted">Long term</span> : null}
              </th>
              <td className={cell}>{row.dose}</td>
              <td className={cell}>{row.instructions}</td>
              <td className={cell}>{row.quantity}</td>
              <td className={cell}>{row.prescriber}</td>
              <td className={cell}>{row.prescribed}</td>
              <td className={cell}>{row.ends}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The printed list (2§2): a plain A4 table of the chosen medicines, with whose they are and when. */
export function PrintableList({ rows, patient, printedOn }: { rows: readonly MedicationRow[]; patient: { name: string; nhi: string }; printedOn: string }) {
  const cell = "border border-ink px-2 py-1 text-left align-top";
  return (
    <section aria-label="Printed medication list" className="print-only hidden">
      <h2 className="text-xl font-bold">Medication list</h2>
      <p>
        {patient.name}
        {patient.nhi ? ` · NHI ${patient.nhi}` : ""} · Printed {printedOn}
      </p>
      <table className="mt-2 w-full border-collapse text-sm">
        <thead>
          <tr>
            {["Medicine", "Dose", "Instructions", "Quantity", "Prescriber", "Prescribed", "Ends"].map((h) => (
              <th key={h} scope="col" className={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={cell}>{row.name}</td>
              <td className={cell}>{row.dose}</td>
              <td className={cell}>{row.instructions}</td>
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
