import type { AccessRow } from "../view";
import { accessRecordTexts as t } from "../texts";

/**
 * The entries, newest first: one item each, with when, who, what and the device as labelled terms, so
 * a screen reader reads each entry whole and a 390 px screen stacks them (nothing runs off the side).
 */
export function AccessList({ rows }: { rows: AccessRow[] }) {
  return (
    <ol aria-label={t.caption} className="flex flex-col gap-3">
      {rows.map((row) => (
        <li key={row.id} className="rounded border border-line bg-white p-4 shadow-sm print:break-inside-avoid print:shadow-none">
          <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[8rem_1fr]">
            <dt className="font-semibold">{t.when}</dt>
            <dd>
              <time dateTime={row.iso}>{row.when}</time>
            </dd>
            <dt className="font-semibold">{t.who}</dt>
            <dd>{row.who}</dd>
            <dt className="font-semibold">{t.what}</dt>
            <dd>{row.what}</dd>
            <dt className="font-semibold">{t.device}</dt>
            <dd>{row.device}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
