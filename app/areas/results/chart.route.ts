import { loadResultChart } from "./page.server";
import type { Route } from "./+types/chart.route";

/** A test's values over time for the Result Chart (GET Patient/LabResultChartById?labcode=). */
export function loader({ request }: Route.LoaderArgs) {
  return loadResultChart(request);
}

/**
 * Read once per opening: the list's refresh after a result is opened (2§4) revalidates the page, and
 * must not read this chart again (another document counted, another call to the practice).
 */
export function shouldRevalidate() {
  return false;
}
