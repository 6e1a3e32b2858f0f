import { immunisationCardOf, immunisationTabOf, type ImmunisationsPageData } from "./view";
import { pagesOf } from "~/lib/listing";
import { readPages } from "../paged-reads.server";
import { healthPageSizes } from "@contract/health";
import { getImmunisations } from "../practice.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";

/** What /immunisation loads (2§2 Immunisation): the tab's list (TypeID 3, 2, 1 or 0), page size 100 from page 1. */

export async function loadImmunisationsPage(request: Request): Promise<ImmunisationsPageData> {
  return immunisationsPage(await requireSession(request), new URL(request.url));
}

export async function immunisationsPage({ api, user }: Pick<SignedIn, "api" | "user">, url: URL): Promise<ImmunisationsPageData> {
  const tab = immunisationTabOf(url.searchParams.get("tab"));
  const read = await readPages(pagesOf(url.searchParams.get("pages")), healthPageSizes.immunisations, (page) => getImmunisations(api, user.userId, tab, page));
  return { tab, immunisations: read.resources.map(immunisationCardOf), total: read.total, pages: read.pages, more: read.more };
}
