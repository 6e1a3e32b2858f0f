import { useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { MenuLink } from "~/lib/menu";
import type { ShellPatient, ShellPractice } from "~/shell/shell-patient";
import { IdleWarning } from "./idle-warning";
import { NavigationProgress } from "./navigation-progress";
import { useViewing } from "./use-viewing";
import { UserMenu } from "./user-menu";
import { LanguageChoice, TeReoUnderReview } from "~/components/language-choice";
import { shellTexts as t } from "../texts";

interface AppShellProps {
  menu: MenuLink[];
  patient: ShellPatient;
  practice: ShellPractice | null;
  actingFor: { parentName: string } | null;
  /** The login has linked accounts: the account menu offers Switch account (decisions/160). */
  canSwitch: boolean;
  /** A young person on their own record, old enough to choose who sees it: the account menu offers Who can see my record. */
  canShare?: boolean;
  /** Whose record the session views, as an opaque key (decisions/160). */
  viewing: string;
  version: string;
  /** How long the server keeps an idle session: the warning comes a few minutes before. */
  idleMs: number;
  /** Said once on the first page after signing in (the practice's "password changed", 1§8). */
  notice?: string | null;
  /** Why a parent sees this much of a young person's record (whānau access, decisions/382), on every page. */
  viewNote?: string | null;
  children: ReactNode;
}

/** The sidebar is always shown from 993 px (1§9) and toggled below it. */
export function AppShell({ menu, patient, practice, actingFor, canSwitch, canShare = false, viewing, version, idleMs, notice = null, viewNote = null, children }: AppShellProps) {
  useViewing(viewing);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  return (
    <div className="flex min-h-screen flex-col">
      <NavigationProgress />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:p-3">
        {t.skipToMain}
      </a>
      <header className="no-print border-b-4 border-brand-dark bg-brand text-white">
        {/* On a phone the first line holds Menu, the portal's name and the account button in either language: te reo's name is longer. */}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-2 px-4 py-3 wide:gap-x-6">
          <button
            type="button"
            className="min-h-11 rounded border-2 border-white px-3 font-semibold wide:hidden"
            aria-expanded={menuOpen}
            aria-controls="side-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t.menu}
          </button>
          <Link to="/" className="text-lg font-bold text-white no-underline wide:text-xl">
            {t.portalName}
          </Link>
          {practice ? (
            <p className="hidden text-white wide:block">
              <span className="font-semibold">{practice.name}</span>{" "}
              <span className="block text-sm sm:inline sm:pl-1">{practice.open}</span>
            </p>
          ) : null}
          <div className="ml-auto flex flex-wrap items-center gap-2">
            {/* Below 993 px the first line has no room: the choice is in the line under it, by its short name. */}
            <LanguageChoice className="hidden wide:block" />
            <UserMenu name={patient.name} short={t.account} canSwitch={canSwitch} canShare={canShare} />
          </div>
        </div>
        {/* Below 993 px the patient's details fold behind Details (issue 21: on a phone the header took
            a third of the screen on every page); who is being viewed, and for whom, stays in view. */}
        <div className="bg-brand-dark px-4 py-2 text-sm">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 wide:hidden">
            <p>
              <span className="font-semibold">{t.patient}</span> {patient.name}
            </p>
            {actingFor ? (
              <p>
                <span className="font-semibold">{t.signedInAs}</span> {actingFor.parentName}
              </p>
            ) : null}
            <LanguageChoice short className="ml-auto" />
            <button
              type="button"
              className="min-h-11 rounded px-2 font-semibold text-white underline underline-offset-4"
              aria-expanded={detailsOpen}
              aria-controls="patient-details"
              onClick={() => setDetailsOpen((open) => !open)}
            >
              {detailsOpen ? t.hideDetails : t.details}
              <span className="sr-only">{t.detailsOf(patient.name)}</span>
            </button>
          </div>
          <dl id="patient-details" className={`${detailsOpen ? "flex" : "hidden"} flex-wrap gap-x-6 gap-y-1 wide:flex`}>
            <div className="hidden gap-1 wide:flex">
              <dt className="font-semibold">{t.patient}</dt>
              <dd>{patient.name}</dd>
            </div>
            {patient.details.map(([label, value]) => (
              <div key={label} className="flex gap-1">
                <dt className="font-semibold">{t.detailLabel(label)}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
            {actingFor ? (
              <div className="hidden gap-1 wide:flex">
                <dt className="font-semibold">{t.signedInAs}</dt>
                <dd>{actingFor.parentName}</dd>
              </div>
            ) : null}
            {practice ? (
              <div className="flex gap-1 wide:hidden">
                <dt className="font-semibold">{t.practice}</dt>
                <dd>
                  {practice.name} · {practice.open}
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      </header>
      <IdleWarning idleMs={idleMs} />
      <div className="flex flex-1">
        <nav
          id="side-menu"
          aria-label={t.mainMenu}
          className={`no-print w-full shrink-0 border-r border-line bg-white wide:block wide:w-[225px] ${menuOpen ? "block" : "hidden"} absolute z-40 wide:static`}
        >
          <ul className="flex flex-col py-2">
            <li>
              <Link to="/" {...menuEntry(pathname === "/")} onClick={() => setMenuOpen(false)}>
                {t.dashboard}
              </Link>
            </li>
            {menu.map((item) => (
              <li key={item.code}>
                <Link to={item.path} {...menuEntry(pathname === item.path)} onClick={() => setMenuOpen(false)}>
                  {item.label}
                  {item.badge ? (
                    <span className="ml-auto rounded-full bg-danger px-2 text-sm font-bold text-white">
                      {item.badge}
                      <span className="sr-only">{t.unread}</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" className="flex-1 p-4 wide:p-8">
            <ShellNotice notice={notice} />
            {viewNote ? (
              <p className="mb-6 border-l-8 border-brand bg-white p-4 shadow-sm">
                <span className="font-semibold">{t.aboutThisView}</span>
                {viewNote}
              </p>
            ) : null}
            {children}
          </main>
          <footer className="no-print flex flex-wrap justify-between gap-2 border-t border-line bg-white px-4 py-3 text-sm text-muted">
            <p>{t.copyright}</p>
            <p>{t.version(version)}</p>
            <TeReoUnderReview className="basis-full" />
          </footer>
        </div>
      </div>
    </div>
  );
}

/**
 * A main menu link's marks: the current page where the patient is (an area's screen is its one address in
 * the shell). Worked out once for the whole menu from one location rather than by a NavLink each, which
 * resolves its path and reads the location and navigation again for every link: 3 % of a dashboard
 * render's server time in issue 53's profile, on every page.
 */
function menuEntry(current: boolean) {
  return {
    "aria-current": current ? ("page" as const) : undefined,
    className: `flex min-h-11 items-center gap-2 px-4 py-2 text-brand hover:bg-surface ${current ? "border-l-4 border-brand bg-surface font-bold" : "border-l-4 border-transparent"}`,
  };
}

/**
 * The sign-in's notice, on the page it came with: the shell's data outlives a move to another page
 * (its loader is not read again), so it is tied to the location it arrived at and goes with it.
 */
function ShellNotice({ notice }: { notice: string | null }) {
  const location = useLocation();
  const [shown, setShown] = useState({ notice, key: location.key });
  if (shown.notice !== notice) setShown({ notice, key: location.key });
  if (!shown.notice || shown.key !== location.key) return null;
  return (
    <p role="alert" className="mb-6 border-l-8 border-success bg-white p-4 font-semibold shadow-sm">
      {shown.notice}
    </p>
  );
}
