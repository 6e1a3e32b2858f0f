import { useImperativeHandle, useRef, type Ref } from "react";
import type { InvoiceTableRow } from "~/lib/accounts-view";
import { formatCents } from "~/lib/money";
import { practiceLang } from "~/lib/language";
import { paymentTexts as t } from "../texts";

/** The invoices of 1§2: a table where its eight columns fit, otherwise a card per invoice, chosen by a container query (decisions/120). */
interface Props {
  caption: string;
  rows: readonly InvoiceTableRow[];
  empty: string;
  /** The pending view's leading checkbox column: whether each invoice is in this payment. */
  checked?: ReadonlyMap<string, boolean>;
  onOpen(row: InvoiceTableRow): void;
  /** The patient points at or moves into the list: what opening an invoice needs can be fetched now. */
  onReach?(): void;
  ref?: Ref<InvoiceTableHandle>;
}

export interface InvoiceTableHandle {
  /** Puts the focus on the View button of the invoice at this place in the list, in the view shown (table or cards). */
  focusRow(index: number): void;
}

/**
 * The columns, whose words are the row's `shown` in this order (made by the server, "Not recorded" where
 * the invoice lacks a field, issue 68); Pay Now follows the payment's allocation, or says the practice sent none.
 */
const FIELDS = t.columns;

/** Notes and Type are the practice's words (decisions/403, "The practice's words"); the rest are numbers and dates. */
const langOf = (row: InvoiceTableRow, at: number) => (at <= 1 ? practiceLang(row.shown[at]) : undefined);

const valueOf = (row: InvoiceTableRow, at: number) => (at === 5 && (row.payNowCents || !row.shown[5]) ? formatCents(row.payNowCents) : row.shown[at]);

export function InvoiceTable({ caption, rows, empty, checked, onOpen, onReach, ref }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useImperativeHandle(
    ref,
    () => ({
      focusRow: (index) => {
        const buttons = box.current?.querySelectorAll<HTMLButtonElement>(`button[data-row="${index}"]`) ?? [];
        Array.from(buttons).find((button) => button.getClientRects().length > 0)?.focus();
      },
    }),
    [],
  );
  const cell = "border-b border-muted/30 px-3 py-2 text-left align-top";
  // Every column's heading, the fields' too: one cell drawn once keeps the page's first load within its budget.
  const head = (text: string) => (
    <th key={text} scope="col" className={`${cell} sticky top-0 bg-white font-semibold`}>
      {text}
    </th>
  );
  return (
    <div ref={box} className="@container" onPointerEnter={onReach} onFocus={onReach}>
      {/* A scrolling region must be reachable by keyboard: it takes focus and is named by its caption. */}
      <div className="hidden max-h-[400px] overflow-auto rounded border border-muted/40 bg-white @3xl:block" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full border-collapse">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {checked ? head(t.inPaymentColumn) : null}
              {FIELDS.map((label) => head(label))}
              {head(t.actionColumn)}
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
              rows.map((row, index) => (
                <tr key={row.id}>
                  {checked ? (
                    <td className={cell}>
                      <InPaymentMark row={row} checked={checked} />
                    </td>
                  ) : null}
                  {FIELDS.map((label, at) => (
                    <td key={label} className={cell} lang={langOf(row, at)}>
                      {valueOf(row, at)}
                    </td>
                  ))}
                  <td className={cell}>
                    <ViewButton row={row} index={index} onOpen={onOpen} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <div className="@3xl:hidden">
        {rows.length === 0 ? (
          <p className="rounded border border-muted/40 bg-white p-4 text-center">{empty}</p>
        ) : (
          <ul aria-label={caption} className="flex flex-col gap-3">
            {rows.map((row, index) => (
              <li key={row.id} aria-label={t.invoiceNamed(row.shown[2])} className="rounded border border-muted/40 bg-white p-4">
                {checked ? (
                  <p className="mb-2 flex items-center gap-2">
                    <span className="font-semibold">{t.inPayment}</span>
                    <InPaymentMark row={row} checked={checked} />
                  </p>
                ) : null}
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                  {FIELDS.map((label, at) => (
                    <div key={label} className="contents">
                      <dt className="font-semibold">{label}</dt>
                      <dd className="min-w-0 break-words" lang={langOf(row, at)}>
                        {valueOf(row, at)}
                      </dd>
                    </div>
                  ))}
                </dl>
                <div className="mt-2">
                  <ViewButton row={row} index={index} onOpen={onOpen} withText />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * Whether the amount being paid reaches this invoice (1§4's allocation). A mark, not a checkbox
 * (issue 21, decisions/122): the amount decides what is paid, so a box that looked tickable and did
 * nothing, in the tab order, promised a choice that was not there. Words and an icon, not colour alone.
 */
function InPaymentMark({ row, checked }: { row: InvoiceTableRow; checked: ReadonlyMap<string, boolean> }) {
  return checked.get(row.id) ? (
    <span className="inline-flex items-center gap-1 font-semibold text-success">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="m5 12 5 5 9-10" />
      </svg>
      {t.included}
    </span>
  ) : (
    <span className="text-muted">{t.notIncluded}</span>
  );
}

/** Opens the INVOICE dialog: a viewer, so it is named and drawn as viewing, not downloading (issue 21). */
function ViewButton({ row, index, onOpen, withText = false }: { row: InvoiceTableRow; index: number; onOpen(row: InvoiceTableRow): void; withText?: boolean }) {
  return (
    <button
      type="button"
      data-row={index}
      onClick={() => onOpen(row)}
      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded px-2 font-semibold text-brand underline-offset-4 hover:underline"
      aria-label={t.viewInvoiceLabel(row.shown[2])}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
        <circle cx="12" cy="12" r="3" />
      </svg>
      <span>{withText ? t.viewInvoice : t.view}</span>
    </button>
  );
}
