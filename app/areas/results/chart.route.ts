import { loadResultChart } from "./page.server";
import type { Route } from "./+types/chart.route";

/** A test's values over time for the Result Chart (GET Patient/LabResultChartById?labcode=). */
export function loader({ request }: Route.LoaderArgs) {
  return loadResultChart(request);
}

/** A chart shown is not read again when the list under it refreshes (see result.route.ts). */
export const shouldRevalidate = () => false;
