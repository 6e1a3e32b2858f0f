import { diagnosisCardOf, diagnosisTabOf, type DiagnosesPageData, type DiagnosisTab } from "./view";
import { pagesOf } from "~/lib/listing";
import { readPages } from "../paged-reads.server";
import { healthPageSizes } from "@contract/health";
import { getConditions, type ConditionList } from "../practice.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";

/** What /diagnosis loads (2§2 Diagnosis): the tab's list of the viewed patient's diagnoses (TypeID 2, 1 or 0). */

const LIST: Record<DiagnosisTab, ConditionList> = { "long-term": "longTerm", recent: "recent", all: "all" };

export async function loadDiagnosesPage(request: Request): Promise<DiagnosesPageData> {
  return diagnosesPage(await requireSession(request), new URL(request.url));
}

export async function diagnosesPage({ api, user }: Pick<SignedIn, "api" | "user">, url: URL): Promise<DiagnosesPageData> {
  const tab = diagnosisTabOf(url.searchParams.get("tab"));
  const read = await readPages(pagesOf(url.searchParams.get("pages")), healthPageSizes.conditions, (page) => getConditions(api, user.userId, LIST[tab], page));
  return { tab, diagnoses: read.resources.map(diagnosisCardOf), total: read.total, pages: read.pages, more: read.more };
}
