import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { readsNothingNew } from "~/lib/unchanged-data";
import { checkTokenAlongside, IDLE_MS, requireSession, sessionStorage } from "~/.server/session.server";
import { viewingKeyOf } from "~/.server/viewing-claims.server";
import { recordPageView } from "~/.server/record-access.server";
import { readShell } from "./layout.server";
import { AppShell } from "./components/app-shell";
import { menuLinks } from "~/lib/menu";
import { summarisePatient, summarisePractice } from "~/lib/patient-summary";
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
  const { session, user, api } = await requireSession(request);
  // A notice the sign-in left (the practice's "password changed", 1§8) is shown on this page only.
  const notice = session.get("notice") ?? null;
  if (notice) {
    session.unset("notice");
    await sessionStorage.commitSession(session);
  }
  const [menu, patient, practice, counters] = await readShell({ api, user });
  return {
    menu: menuLinks(menu.resources, counters.InboxCounter),
    patient: patient ? summarisePatient(patient) : { name: user.userName, nhi: "", mobile: null, email: null },
    practice: practice ? summarisePractice(practice) : null,
    actingFor: user.proxy === "Yes" ? { parentName: user.parentName } : null,
    canSwitch: user.linked === true,
    viewing: viewingKeyOf(user),
    version: `v${__APP_VERSION__}`,
    idleMs: IDLE_MS,
    notice,
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
