import { loadResultChart } from "../.server/reports-page.server";
import type { Route } from "./+types/reports-chart";

/** A test's values over time for the Result Chart (GET Patient/LabResultChartById?labcode=). */
export function loader({ request }: Route.LoaderArgs) {
  return loadResultChart(request);
}
