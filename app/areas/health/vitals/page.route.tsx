import { Link, useNavigation } from "react-router";
import { loadVitals } from "./page.server";
import { drawAreaChart } from "~/components/charts/chart-drawing.server";
import { sendDrawing } from "~/.server/sent-drawing.server";
import { OtherReadings, SERIES_STYLE, VitalFigure } from "./components/vital-figure";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { buttonClass } from "~/components/ui/button";
import { listingSearch } from "~/lib/listing";
import { healthTexts } from "../texts";
import { chartPointsOf, type VitalsPageData } from "./view";
import type { Route } from "./+types/page.route";
import { vitalsTexts } from "./texts";

export const meta: Route.MetaFunction = () => [{ title: vitalsTexts.vitalsPageTitle }];

// The charts are drawn here, in the loader, as the dashboard's are: visx stays off the page's bundle.
export async function loader({ request, context }: Route.LoaderArgs): Promise<VitalsPageData> {
  const { charts, ...rest } = await loadVitals(request);
  return {
    ...rest,
    charts: charts.map((chart) => {
      // A chart with no reading to draw (no date, or no value) is its table and its words alone.
      if (!chart.drawable) return { ...chart, drawing: null };
      const { series, dates } = chartPointsOf(chart);
      const drawing = drawAreaChart(
        series.map((s, i) => ({ ...s, colour: SERIES_STYLE[i].colour, dashed: i === 1 })),
        dates,
      );
      return { ...chart, drawing: sendDrawing(request, context, `vital-${chart.key}`, drawing) };
    }),
  };
}

const t = healthTexts;

export default function Vitals({ loaderData }: Route.ComponentProps) {
  const { charts, others, total, read, pages, more } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/vitals";

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb current={vitalsTexts.vitals} />
      <h1 className="text-3xl font-bold">{vitalsTexts.vitals}</h1>
      <div aria-busy={loading} className="flex flex-col gap-4">
        {loading ? <p role="status">{t.loading}</p> : null}
        {charts.length === 0 && others.length === 0 ? (
          <p className="font-semibold text-danger">{t.noRecords}</p>
        ) : (
          <>
            <p className="text-muted">
              {vitalsTexts.readingsShown(read, total)} {vitalsTexts.chartsIntro}
            </p>
            <div className="grid gap-4 xl:grid-cols-2">
              {charts.map((chart) => (
                <VitalFigure key={chart.key} chart={chart} drawing={chart.drawing} />
              ))}
            </div>
            {others.length > 0 ? <OtherReadings readings={others} /> : null}
          </>
        )}
        {more ? (
          <Link to={`/vitals${listingSearch({ pages: pages + 1 })}`} preventScrollReset className={`${buttonClass("secondary")} self-start`}>
            {vitalsTexts.earlierReadings}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
