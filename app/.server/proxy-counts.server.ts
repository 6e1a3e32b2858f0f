import type { Counters } from "@contract/patient";
import { documentsPageSizes, isReadFlag } from "@contract/documents";
import { listingExtent, sentOf } from "~/lib/listing";
import { isConfidential, type WhanauPolicy } from "~/lib/whanau-access";
import type { PracticeApi } from "./practice/api.server";
import { getLabResults } from "./practice/reports.server";

/** How many pages of results are read to find the confidential ones (100 a page): a child's record has far fewer. */
const RESULT_PAGES_READ = 10;

/** Adjusted counters by the practice's reply they came from: a reply kept for the session (decisions/375) is adjusted once a process. */
const adjusted = new WeakMap<Counters, Promise<Counters>>();

/** The dashboard's counters as a proxy may see them: the unread confidential results taken off, so a count never hints at what is hidden (decisions/388). */
export function countersForProxy(api: PracticeApi, counters: Counters, patientId: string, policy: WhanauPolicy): Promise<Counters> {
  let pending = adjusted.get(counters);
  if (!pending) {
    pending = withoutConfidentialUnread(api, counters, patientId, policy);
    // A failed read is not kept: the next page asks again (and a practice that fails fails the page).
    pending.catch(() => adjusted.delete(counters));
    adjusted.set(counters, pending);
  }
  return pending;
}

async function withoutConfidentialUnread(api: PracticeApi, counters: Counters, patientId: string, policy: WhanauPolicy): Promise<Counters> {
  const unread = counters.TestResultsCounter;
  // A count the practice did not send stays not recorded (issue 68).
  if (unread === null || unread <= 0) return counters;
  let hidden = 0;
  let read = 0;
  for (let page = 1; page <= RESULT_PAGES_READ; page++) {
    const bundle = await getLabResults(api, patientId, { page, search: "", from: null, to: null });
    read += bundle.resources.length;
    hidden += bundle.resources.filter((r) => isConfidential(r, policy) && !isReadFlag(r.extension.read)).length;
    // A short page is the last here whatever the total says; a full one is followed on unless the total names no more.
    if (sentOf(bundle) < documentsPageSizes.labResults || !listingExtent({ total: bundle.total, read, pagesRead: page, pageSize: documentsPageSizes.labResults, lastPage: sentOf(bundle) }).more) break;
  }
  return { ...counters, TestResultsCounter: Math.max(0, unread - hidden) };
}
