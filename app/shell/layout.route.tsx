import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { readsNothingNew } from "~/lib/unchanged-data";
import { checkTokenAlongside, IDLE_MS, sessionStorage } from "~/.server/session.server";
import { choosesWhoSees, viewingOf } from "~/.server/proxy-access.server";
import { viewingKeyOf } from "~/.server/viewing-claims.server";
import { recordPageView } from "~/.server/record-access.server";
import { readShell } from "./layout.server";
import { AppShell } from "./components/app-shell";
import { menuLinks } from "~/lib/menu";
import { AREAS } from "~/lib/areas";
import { summarisePatient, summarisePractice } from "~/lib/patient-summary";
import { shellPatientOf, shellPracticeOf } from "./shell-patient";
import type { Route } from "./+types/layout.route";

/**
 * Every signed-in page's practice calls start alongside the token check (1§4, issue 12). A page the
 * token check let through is then recorded as viewed in the access record (decisions/274): once here
 * for every page, under the area its registry line declares, never holding the page up.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const response = await checkTokenAlongside(request, next);
    recordPageView(request, response);
    return response;
  },
];

/** The signed-in frame of every screen: menu, header and footer (1§2 Shell). */
export async function loader({ request }: Route.LoaderArgs) {
  // The shell is never refused: a page its view does not reach is, inside it (decisions/382).
  const { session, user, api, access } = await viewingOf(request);
  // A notice the sign-in left (the practice's "password changed", 1§8) is shown on this page only.
  const notice = session.get("notice") ?? null;
  if (notice) {
    session.unset("notice");
    await sessionStorage.commitSession(session);
  }
  const [menu, patient, practice, counters] = await readShell({ api, user });
  return {
    // A parent's partial view of a young person's record links only what it reaches.
    menu: menuLinks(menu.resources, counters.InboxCounter ?? 0, access ? AREAS.filter((area) => access.reaches(area.access)) : AREAS),
    // The profile's details only where the view reaches the profile: its e-mail and mobile are where the young person's codes go.
    patient: shellPatientOf(patient ? summarisePatient(patient) : { name: user.userName, nhi: null, mobile: null, email: null }, !access || access.reaches("profile"), user.userName),
    practice: practice ? shellPracticeOf(summarisePractice(practice)) : null,
    actingFor: user.proxy === "Yes" ? { parentName: user.parentName } : null,
    canSwitch: user.linked === true,
    // A young person on their own sign-in chooses who sees their record from the age the practice sets.
    canShare: choosesWhoSees(user, patient?.birthDate),
    viewing: viewingKeyOf(user),
    version: `v${__APP_VERSION__}`,
    idleMs: IDLE_MS,
    notice,
    /** Why a parent sees this much of a young person's record (whānau access), on every page; null for a whole record. */
    viewNote: access?.words ?? null,
  };
}

export const shouldRevalidate = (args: ShouldRevalidateFunctionArgs) => !readsNothingNew(args.currentUrl, args.nextUrl) && args.defaultShouldRevalidate;

export type ShellData = Awaited<ReturnType<typeof loader>>;

export default function Shell({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell {...loaderData}>
      <Outlet />
    </AppShell>
  );
}
