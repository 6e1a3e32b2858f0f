import { DateTime } from "luxon";
import { PRACTICE_ZONE } from "~/lib/dates";
import { furtherPages, listingExtent, sentOf } from "~/lib/listing";
import { MAX_MEDICATION_PAGES, medicationRowOf, medicationViewOf, repeatSettingsOf, type MedicationsPageData } from "./view";
import { summarisePatient } from "~/lib/patient-summary";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { getMedications, medicationPageSize } from "./practice.server";
import { getPatient, getPracticeSettings } from "~/.server/practice/patient.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";

/**
 * What /medications loads (2§2); the repeat-medication machine's steps (2§4, 2§5) are `./steps.server.ts`.
 * Everything is the viewed patient's (user.userId): a proxy sees the chosen family member's medicines.
 */

export async function loadMedicationsPage(request: Request): Promise<MedicationsPageData> {
  return medicationsPage(await requireSession(request), new URL(request.url));
}

export async function medicationsPage({ api, user }: Pick<SignedIn, "api" | "user">, url: URL): Promise<MedicationsPageData> {
  const view = medicationViewOf(url.searchParams);
  // Long Term is the all list's long-term medicines (2§3 flag): the practice has no list of its own for them.
  const list = view.tab === "long-term" ? "all" : view.list;
  const [first, settings, patient] = await Promise.all([
    getMedications(api, user.userId, list, 1),
    getPracticeSettings(api, user.userId),
    getPatient(api, user.userId),
  ]).catch(practiceErrorResponse);
  const size = medicationPageSize(list);
  // Long Term is a filter of the all list, so "more" could bring nothing new: every page is read
  // instead (a record has far fewer than MAX_MEDICATION_PAGES pages of medicines).
  const wanted = view.tab === "long-term" ? MAX_MEDICATION_PAGES : view.pages;
  const rest = await furtherPages(first, wanted, size, (page) => getMedications(api, user.userId, list, page)).catch(practiceErrorResponse);
  const pages = 1 + rest.length;
  // A medicine prescribed while the pages were read may shift one onto the next page: it is shown once.
  const seen = new Set<string>();
  const read = [first, ...rest].flatMap((bundle) => bundle.resources.map(medicationRowOf)).filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true)));
  const { count: total, more } = listingExtent({ total: first.total, read: read.length, pagesRead: pages, pageSize: size, lastPage: sentOf(rest.at(-1) ?? first), maxPages: MAX_MEDICATION_PAGES });
  // Long Term shows what the practice flags long term (2§3); a medicine sent without the flag is in
  // History, and Long Term says how many there are, so none vanishes unsaid (decisions/396).
  const rows = view.tab === "long-term" ? read.filter((row) => row.longTerm === true) : read;
  const unflagged = view.tab === "long-term" ? read.filter((row) => row.longTerm === null).length : 0;
  const shown = patient ? summarisePatient(patient) : { name: user.userName, nhi: "" };
  return {
    view: { ...view, pages: view.tab === "long-term" ? 1 : pages },
    rows,
    total,
    unflagged,
    more: view.tab === "history" && more,
    settings: repeatSettingsOf(settings),
    patient: { name: shown.name || user.userName, nhi: shown.nhi ?? "" },
    printedOn: DateTime.now().setZone(PRACTICE_ZONE).toFormat("dd-MM-yyyy"),
  };
}
