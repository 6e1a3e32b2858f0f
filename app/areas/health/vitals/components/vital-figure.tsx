import { useSentDrawing } from "~/lib/sent-drawing";
import { recordTexts } from "~/lib/texts/record";
import { healthTexts } from "../../texts";
import { newestFirst, type OtherReading, type VitalChart } from "../view";
import { vitalsTexts } from "../texts";
import { practiceLang } from "~/lib/language";

/** The series' look in the chart, told in words too (colour is never the only signal). */
export const SERIES_STYLE = [
  { colour: "#005eb8", line: vitalsTexts.solidLine },
  { colour: "#7c2855", line: vitalsTexts.dashedLine },
] as const;

const number = (n: number | null) => (n === null ? recordTexts.notRecorded : Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * One vital: its name and unit, the latest reading in words, the area chart (SVG drawn on the server,
 * sent once: app/lib/sent-drawing.ts; hidden from screen readers) and every reading in a table, newest first (those without a date last), which a keyboard or screen
 * reader opens in place of the picture.
 */
export function VitalFigure({ chart, drawing }: { chart: VitalChart; drawing: string | null }) {
  const id = `vital-${chart.key}`;
  const sent = useSentDrawing(id, drawing);
  return (
    <figure aria-labelledby={id} className="flex flex-col gap-3 rounded bg-white p-4 shadow-sm">
      <figcaption className="flex flex-col gap-1">
        <h2 id={id} className="text-xl font-bold">
          {chart.title} ({chart.unit})
        </h2>
        <p>
          {vitalsTexts.latest} <span className="font-semibold">{chart.latest}</span>
        </p>
        {chart.notDrawn ? <p className="text-muted">{chart.notDrawn}</p> : null}
      </figcaption>
      {chart.series.length > 1 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={vitalsTexts.seriesLines(chart.title)}>
          {chart.series.map((name, i) => (
            <li key={name} className="flex items-center gap-2">
              <svg width="28" height="8" aria-hidden="true" focusable="false">
                <line x1="0" y1="4" x2="28" y2="4" stroke={SERIES_STYLE[i].colour} strokeWidth="3" strokeDasharray={i === 1 ? "6 4" : undefined} />
              </svg>
              {name} ({SERIES_STYLE[i].line})
            </li>
          ))}
        </ul>
      ) : null}
      {chart.drawable ? <div id={sent.id} aria-hidden="true" dangerouslySetInnerHTML={{ __html: sent.html }} /> : <p>{healthTexts.nothingToDraw}</p>}
      <details className="group">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand underline underline-offset-4">
          {vitalsTexts.readingsTable(chart.title, chart.readings.length)}
        </summary>
        <table className="mt-2 w-full border-collapse text-left">
          <caption className="sr-only">
            {vitalsTexts.readingsCaption(chart.title, chart.unit)}
          </caption>
          <thead>
            <tr className="border-b-2 border-line">
              <th scope="col" className="py-1 pr-4">
                {vitalsTexts.date}
              </th>
              {chart.series.map((name) => (
                <th key={name} scope="col" className="py-1 pr-4">
                  {name} ({chart.unit})
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {newestFirst(chart.readings).map((r, i) => (
              <tr key={i} className="border-b border-line">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {r.isoDate ? <time dateTime={r.isoDate}>{r.date}</time> : r.date}
                </th>
                {r.values.map((v, i) => (
                  <td key={chart.series[i]} className="py-1 pr-4">
                    {number(v)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** Readings no chart shows (a vital the spec does not list, one with no name or in another unit), as the practice sent them (decisions/396). */
export function OtherReadings({ readings }: { readings: readonly OtherReading[] }) {
  return (
    <section aria-labelledby="other-readings" className="flex flex-col gap-2 rounded bg-white p-4 shadow-sm">
      <h2 id="other-readings" className="text-xl font-bold">
        {healthTexts.otherReadings}
      </h2>
      <p>{healthTexts.otherReadingsWhy}</p>
      <table className="w-full border-collapse text-left [overflow-wrap:anywhere]">
        <caption className="sr-only">{healthTexts.otherReadings}</caption>
        <thead>
          <tr className="border-b-2 border-line">
            <th scope="col" className="py-1 pr-4">
              {vitalsTexts.vital}
            </th>
            <th scope="col" className="py-1 pr-4">
              {vitalsTexts.date}
            </th>
            <th scope="col" className="py-1 pr-4">
              {vitalsTexts.value}
            </th>
          </tr>
        </thead>
        <tbody>
          {readings.map((r, i) => (
            <tr key={i} className="border-b border-line">
              <th scope="row" className="py-1 pr-4 font-normal" lang={practiceLang(r.name)}>
                {r.name}
              </th>
              <td className="py-1 pr-4">{r.isoDate ? <time dateTime={r.isoDate}>{r.date}</time> : r.date}</td>
              <td className="py-1 pr-4">{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
