import { renderToStaticMarkup } from "react-dom/server";
import { recentlyUsed } from "~/lib/recently-used";
import { AreaChart, type AreaSeries } from "./area-chart";
import type { Datum } from "./chart-figure";
import { ColumnChart } from "./column-chart";
import { PieChart } from "./pie-chart";

/**
 * The dashboard's charts are pictures of numbers the page already has, with nothing to click or
 * hover, so they are drawn here, on the server, with visx, and reach the browser as finished SVG
 * markup. visx and d3 (about 22 KB gzip) then stay off the dashboard's first load (issue 12,
 * decisions/070); the `.server` name makes the build refuse any browser import of this module.
 */
export function drawColumnChart(data: Datum[]): string {
  return drawnOnce("column", data, () => renderToStaticMarkup(<ColumnChart data={data} />));
}

export function drawPieChart(data: Datum[]): string {
  return drawnOnce("pie", data, () => renderToStaticMarkup(<PieChart data={data} />));
}

/** The drawings kept by what they show, at most 500, in this process's memory only; the keys hold no name or id (decisions/350, 376). */
const drawings = recentlyUsed<string>(500);

function keptDrawing(key: string, draw: () => string): string {
  const kept = drawings.get(key);
  if (kept !== undefined) return kept;
  const drawn = draw();
  drawings.set(key, drawn);
  return drawn;
}

export function drawnOnce(kind: string, data: readonly Datum[], draw: () => string): string {
  return keptDrawing(`${kind}\n${data.map((d) => `${d.label}\t${d.value}\t${d.colour}`).join("\n")}`, draw);
}

/**
 * A vital's readings as an area chart (2§2 Vitals), drawn here for the same reason as the dashboard's,
 * and kept as they are: a vitals page drew its charts in about 10 ms of every view (issue 53).
 */
export function drawAreaChart(series: AreaSeries[], dates: Array<{ at: number; date: string }>): string {
  return keptDrawing(`area\n${JSON.stringify([series, dates])}`, () => renderToStaticMarkup(<AreaChart series={series} dates={dates} />));
}
