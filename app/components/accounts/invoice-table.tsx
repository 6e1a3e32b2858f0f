import type { ReactNode } from "react";
import type { InvoiceTableRow } from "../../lib/accounts-view";
import { formatCents } from "../../lib/money";

/** The invoice table of 1§2: Notes, Type, Reference No., Amount, Balance, Pay Now, Date, Action; at most 400 px tall, scrolling on its own. */
interface Props {
  caption: string;
  rows: readonly InvoiceTableRow[];
  empty: string;
  /** The pending view's leading checkbox column: whether each invoice is in this payment. */
  checked?: ReadonlyMap<string, boolean>;
  onOpen(row: InvoiceTableRow): void;
}

export function InvoiceTable({ caption, rows, empty, checked, onOpen }: Props) {
  const cell = "border-b border-muted/30 px-3 py-2 text-left align-top";
  const head = (text: ReactNode, sr = false) => (
    <th scope="col" className={`${cell} sticky top-0 bg-white font-semibold`}>
      {sr ? <span className="sr-only">{text}</span> : text}
    </th>
  );
  return (
    // A scrolling region must be reachable by keyboard: it takes focus and is named by its caption.
    <div className="max-h-[400px] overflow-auto rounded border border-muted/40 bg-white" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[48rem] border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {checked ? head("In this payment", true) : null}
            {head("Notes")}
            {head("Type")}
            {head("Reference No.")}
            {head("Amount")}
            {head("Balance")}
            {head("Pay Now")}
            {head("Date")}
            {head("Action")}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={checked ? 9 : 8} className={`${cell} py-6 text-center`}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {checked ? (
                  <td className={cell}>
                    <input
                      type="checkbox"
                      className="size-5"
                      checked={checked.get(row.id) ?? false}
                      readOnly
                      aria-readonly="true"
                      aria-label={`Invoice ${row.reference} is in this payment`}
                      onClick={(event) => event.preventDefault()}
                    />
                  </td>
                ) : null}
                <td className={cell}>{row.notes}</td>
                <td className={cell}>{row.type}</td>
                <td className={cell}>{row.reference}</td>
                <td className={cell}>{formatCents(row.amountCents)}</td>
                <td className={cell}>{formatCents(row.balanceCents)}</td>
                <td className={cell}>{formatCents(row.payNowCents)}</td>
                <td className={cell}>{row.date}</td>
                <td className={cell}>
                  <button
                    type="button"
                    onClick={() => onOpen(row)}
                    className="inline-flex min-h-11 min-w-11 items-center justify-center rounded text-brand"
                    aria-label={`View invoice ${row.reference} (PDF)`}
                  >
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
                      <path d="M12 3v12m0 0-5-5m5 5 5-5M4 19h16" />
                    </svg>
                  </button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
