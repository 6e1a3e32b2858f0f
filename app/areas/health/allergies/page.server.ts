import { allergyCardOf, type AllergiesPageData } from "./view";
import { pagesOf } from "~/lib/listing";
import { readPages } from "../paged-reads.server";
import { healthPageSizes } from "@contract/health";
import { getAllergies } from "../practice.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";

/** What /allergies loads (2§2 Allergies): the viewed patient's allergies, `pages` pages of 30 (2§9). */

export async function loadAllergiesPage(request: Request): Promise<AllergiesPageData> {
  return allergiesPage(await requireSession(request), new URL(request.url));
}

export async function allergiesPage({ api, user }: Pick<SignedIn, "api" | "user">, url: URL): Promise<AllergiesPageData> {
  const read = await readPages(pagesOf(url.searchParams.get("pages")), healthPageSizes.allergies, (page) => getAllergies(api, user.userId, page));
  return { allergies: read.resources.map(allergyCardOf), total: read.total, pages: read.pages, more: read.more };
}
