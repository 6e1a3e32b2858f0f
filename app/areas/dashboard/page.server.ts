import { documentRate, holderOf } from "~/.server/document-rate.server";
import { getCounters, getPractice } from "~/.server/practice/patient.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { requireSession } from "~/.server/proxy-access.server";
import { AREAS } from "~/lib/areas";

/**
 * What the dashboard reads (decisions/356): the appointment counters and the practice's record from
 * the practice, and whether many documents were opened from the account lately (issue 36). The charts
 * are drawn by the route module, which may import the chart renderer; server code may not.
 */
export async function readDashboard(request: Request) {
  const { user, api, access } = await requireSession(request);
  const [counters, practice, bulk] = await Promise.all([getCounters(api, user.userId), getPractice(api, user.userId), documentRate.notice(holderOf({ user }))]).catch(practiceErrorResponse);
  // A parent's partial view of a young person's record (whānau access) has cards only for what it reaches.
  return { counters, practice, bulk, cardAreas: AREAS.filter((area) => !access || access.reaches(area.access)).map((area) => area.path) };
}
