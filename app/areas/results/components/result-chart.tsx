import { LineChart } from "./line-chart";
import type { ChartSeries } from "~/lib/reports-view";
import { reportsTexts } from "~/lib/texts/reports";

const t = reportsTexts;

/**
 * The Result Chart's content (2§2): one line chart by date per observation of the test, each value
 * labelled, and a table with every value standing in for the drawing for screen readers. Loaded only
 * when a chart is opened, so visx stays off the first load of every page.
 */
export default function ResultChart({ test, series }: { test: string; series: readonly ChartSeries[] }) {
  return (
    <div className="flex flex-col gap-6">
      {series.map((s) => {
        // A value without a number or a date is listed, not drawn; the table then shows for everyone (decisions/396).
        const plotted = s.points.flatMap((p) => (p.value === null || p.at === null ? [] : [{ at: p.at, value: p.value, date: p.date, label: p.text }]));
        return (
          <figure key={s.name} className="flex flex-col gap-2">
            <figcaption className="text-lg font-bold">{s.name}</figcaption>
            {plotted.length > 0 ? (
              <div aria-hidden="true">
                <LineChart points={plotted} />
              </div>
            ) : (
              <p>{t.notDrawn}</p>
            )}
            <table className={plotted.length === s.points.length ? "sr-only" : "w-full text-left"}>
              <caption className="sr-only">
                {t.chartCaption(s.name, test)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t.date}</th>
                  <th scope="col">{t.value}</th>
                </tr>
              </thead>
              <tbody>
                {s.points.map((p, i) => (
                  <tr key={`${p.at}-${i}`}>
                    <td>{p.date}</td>
                    <td>{p.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
        );
      })}
    </div>
  );
}
