import { pagesOf } from "~/lib/listing";
import { vitalsViewOf, type OtherReading, type VitalChart } from "./view";
import { readPages } from "../paged-reads.server";
import { healthPageSizes } from "@contract/health";
import { getVitals } from "../practice.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";

/**
 * What /vitals loads (2§2 Vitals): the viewed patient's observations, PageSize 30 from page 1,
 * ChartType 0 (2§7); `pages` more pages when the address asks, grouped into one chart per vital.
 */

export interface VitalsReadings {
  charts: VitalChart[];
  others: OtherReading[];
  total: number | undefined;
  read: number;
  pages: number;
  more: boolean;
}

export async function loadVitals(request: Request): Promise<VitalsReadings> {
  return vitalsReadings(await requireSession(request), new URL(request.url));
}

export async function vitalsReadings({ api, user }: Pick<SignedIn, "api" | "user">, url: URL): Promise<VitalsReadings> {
  const read = await readPages(pagesOf(url.searchParams.get("pages")), healthPageSizes.vitals, (page) => getVitals(api, user.userId, page));
  return { ...vitalsViewOf(read.resources), total: read.total, read: read.resources.length, pages: read.pages, more: read.more };
}
