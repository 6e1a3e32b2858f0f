import { endpoints } from "@contract/endpoints";
import { documentsPageSizes } from "@contract/documents";
import type { PracticeApi } from "./api.server";
import { isNoSuchItem } from "./client.server";

/**
 * The test result calls of 2§7. Results are the viewed patient's record: a proxy's calls carry the
 * family member's id (user.userId), never the account holder's.
 */

export interface ResultsQuery {
  page: number;
  /** The subject searched for; empty for none. */
  search: string;
  /** YYYY-MM-DD (2§5), or null for no bound. */
  from: string | null;
  to: string | null;
}

export function getLabResults(api: PracticeApi, patientId: string, q: ResultsQuery) {
  return api.call(endpoints.labResults, {
    query: {
      PatientID: patientId,
      PageSize: documentsPageSizes.labResults,
      PageNumber: q.page,
      ...(q.search ? { searchText: q.search } : {}),
      ...(q.from ? { fromdate: q.from } : {}),
      ...(q.to ? { todate: q.to } : {}),
    },
  });
}

/**
 * One result with its content. The practice marks it read (2§4): the TestResultsCounter follows. No
 * such result, whether the practice says so by a 404 or an empty bundle, is an empty bundle: every
 * screen answers the same for an id that is none and for one a proxy may not see (decisions/392).
 */
export function getLabResult(api: PracticeApi, patientId: string, resultId: string) {
  return api.call(endpoints.labResultById, { query: { PatientID: patientId, ResultID: resultId } }).catch((error: unknown) => {
    if (isNoSuchItem(error)) return { total: 0, resources: [] };
    throw error;
  });
}

/** Every value of a test over time; `labcode` is the test's description (2§7). */
export function getLabChart(api: PracticeApi, patientId: string, testName: string) {
  return api.call(endpoints.labChart, { query: { PatientID: patientId, labcode: testName } });
}
