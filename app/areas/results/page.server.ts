import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { parseForm } from "~/lib/form-data";
import type { FieldErrors } from "~/lib/forms";
import { reportsTexts } from "~/lib/texts/reports";
import { queryDateOf } from "~/lib/date-range";
import { furtherPages, listingExtent, sentOf } from "~/lib/listing";
import { MAX_PAGES, pagesOf, readFilterOf, ReportFiltersSchema, type ReadFilter } from "./filters";
import { chartSeriesOf, pointsOfShownResults, resultCardOf, resultDetailOf, type ChartReply, type ResultCard, type ResultDetail } from "~/lib/reports-view";
import { documentsPageSizes } from "@contract/documents";
import { PracticeApiError } from "~/.server/practice/client.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { getLabChart, getLabResult, getLabResults, type ResultsQuery } from "~/.server/practice/reports.server";
import { sanitiseResultHtml } from "~/.server/sanitise-html.server";
import { documentRefusal, type DocumentRate } from "~/.server/document-rate.server";
import { recordAccessBy } from "~/.server/record-access.server";
import { requireSession } from "~/.server/proxy-access.server";

/**
 * What /reports loads, and the two reads its dialogs make (/reports/result/:id, /reports/chart).
 * Everything is the viewed patient's (user.userId): a proxy sees the chosen family member's results.
 */

export interface ReportsPage {
  results: ResultCard[];
  /** How many results match the range and search, as the practice counts them; undefined when it does not say and there may be more. */
  total: number | undefined;
  pages: number;
  /** Whether "Show more" is offered. */
  more: boolean;
  show: ReadFilter;
  /** As typed (DD-MM-YYYY dates); the form shows them again. */
  filters: { from: string; to: string; q: string };
  /** A range or search in the address that the schema refuses: shown on the form, and not applied. */
  filterResult: SubmissionResult<string[]> | null;
  filterErrors: FieldErrors;
}

export async function loadReportsPage(request: Request): Promise<ReportsPage> {
  const { api, user } = await requireSession(request);
  const params = new URL(request.url).searchParams;
  const typed = { from: params.get("from") ?? "", to: params.get("to") ?? "", q: params.get("q") ?? "" };
  const parsed = parseForm(params, ReportFiltersSchema);
  const applied = parsed.ok ? parsed.value : { from: "", to: "", q: "" };
  const query = (page: number): ResultsQuery => ({ page, search: applied.q, from: queryDateOf(applied.from), to: queryDateOf(applied.to) });
  const wanted = pagesOf(params.get("pages"));

  const first = await getLabResults(api, user.userId, query(1)).catch(practiceErrorResponse);
  // Only the pages that exist are asked for: all at once by the total, or one by one without one.
  const rest = await furtherPages(first, wanted, documentsPageSizes.labResults, (page) => getLabResults(api, user.userId, query(page))).catch(practiceErrorResponse);
  const replies = [first, ...rest];
  const resources = replies.flatMap((bundle) => bundle.resources);
  const pages = replies.length;
  // The practice's total is a hint (decisions/396): counted wrong or left out, it neither offers a "more" that brings nothing nor hides a result.
  const { count, more } = listingExtent({ total: first.total, read: resources.length, pagesRead: pages, pageSize: documentsPageSizes.labResults, lastPage: sentOf(replies.at(-1)!), maxPages: MAX_PAGES });

  return {
    results: resources.map(resultCardOf),
    total: count,
    pages,
    more,
    show: readFilterOf(params.get("show")),
    filters: typed,
    filterResult: parsed.ok ? null : parsed.result,
    filterErrors: parsed.ok ? {} : parsed.errors,
  };
}

/** A loader's reply as the dialog's fetchers read it (`useFetcher<typeof loader>`): the view, with or without a status of its own. */
type Reply<T> = T | ReturnType<typeof data<T>>;

/** The result dialog's content. Reading it marks the result read at the practice (2§4). */
export async function loadResultDetail(request: Request, resultId: string, rate?: DocumentRate): Promise<Reply<ResultDetail>> {
  const signedIn = await requireSession(request);
  // Refused past the documents' limit (issue 36): the dialog says why, in its own failed state.
  const refused = await documentRefusal(signedIn, rate);
  if (refused) return data<ResultDetail>({ kind: "failed", message: refused.message }, refused.init);
  const { api, user } = signedIn;
  if (resultId.length > 64) return { kind: "empty" };
  try {
    const reply = await getLabResult(api, user.userId, resultId);
    // One result opened is an item view in the access record (decisions/274).
    if (reply.resources[0]) recordAccessBy(signedIn, request, { area: "results", action: "view", itemId: resultId });
    return resultDetailOf(reply.resources[0], sanitiseResultHtml);
  } catch (error) {
    // The dialog says so and offers Retry; the page around it stays as it was.
    if (error instanceof PracticeApiError) return { kind: "failed", message: reportsTexts.detailFailed };
    throw error;
  }
}

/** A test's values over time for the Result Chart (2§4); a failure is told as no data (2§8). */
export async function loadResultChart(request: Request, rate?: DocumentRate): Promise<Reply<ChartReply>> {
  const signedIn = await requireSession(request);
  const refused = await documentRefusal(signedIn, rate);
  if (refused) return data<ChartReply>({ ok: false, message: refused.message }, refused.init);
  const { api, user } = signedIn;
  const test = new URL(request.url).searchParams.get("test")?.trim() ?? "";
  if (test === "" || test.length > 100) return { ok: true, series: [] };
  try {
    // A proxy's chart is of a test among the results they are shown, and holds only those results'
    // values: a chart's reply carries no labels, so a confidential result's value is never had by
    // naming its test, nor drawn beside the test's other results (whānau access, decisions/382, 388).
    const shown = signedIn.access ? (await getLabResults(api, user.userId, { page: 1, search: test, from: null, to: null })).resources.filter((r) => r.description === test).flatMap((r) => (r.extension.date ? [r.extension.date] : [])) : null;
    if (shown?.length === 0) return { ok: true, series: [] };
    const points = await getLabChart(api, user.userId, test);
    const series = chartSeriesOf(shown ? pointsOfShownResults(points, shown) : points);
    // A test's values over time: a view of results (the test's name is health data, so it is not kept).
    recordAccessBy(signedIn, request, { area: "results", action: "view" });
    return { ok: true, series };
  } catch (error) {
    if (error instanceof PracticeApiError) return { ok: false };
    throw error;
  }
}
