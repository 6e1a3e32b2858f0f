import { renderToStaticMarkup } from "react-dom/server";
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
  return renderToStaticMarkup(<ColumnChart data={data} />);
}

export function drawPieChart(data: Datum[]): string {
  return renderToStaticMarkup(<PieChart data={data} />);
}

/** A vital's readings as an area chart (2§2 Vitals), drawn here for the same reason as the dashboard's. */
export function drawAreaChart(series: AreaSeries[], dates: Array<{ at: number; date: string }>): string {
  return renderToStaticMarkup(<AreaChart series={series} dates={dates} />);
}
