import { useState, type ReactNode } from "react";
import { Link, NavLink } from "react-router";
import type { MenuLink } from "../../lib/menu";
import type { PatientSummary, PracticeSummary } from "../../lib/patient-summary";
import { UserMenu } from "./user-menu";

interface AppShellProps {
  menu: MenuLink[];
  patient: PatientSummary;
  practice: PracticeSummary | null;
  actingFor: { parentName: string } | null;
  version: string;
  children: ReactNode;
}

/** The sidebar is always shown from 993 px (1§9) and toggled below it. */
export function AppShell({ menu, patient, practice, actingFor, version, children }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:p-3">
        Skip to main content
      </a>
      <header className="no-print border-b-4 border-brand-dark bg-brand text-white">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <button
            type="button"
            className="min-h-11 rounded border-2 border-white px-3 font-semibold wide:hidden"
            aria-expanded={menuOpen}
            aria-controls="side-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <Link to="/" className="text-xl font-bold text-white no-underline">
            Patient Portal
          </Link>
          {practice ? (
            <p className="text-white">
              <span className="font-semibold">{practice.name}</span>
              <span className="block text-sm sm:inline sm:pl-2">Open {practice.hours}</span>
            </p>
          ) : null}
          <div className="ml-auto">
            <UserMenu name={patient.name} />
          </div>
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 bg-brand-dark px-4 py-2 text-sm">
          <div className="flex gap-1">
            <dt className="font-semibold">Patient:</dt>
            <dd>{patient.name}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-semibold">NHI:</dt>
            <dd>{patient.nhi || "Not recorded"}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-semibold">Mobile:</dt>
            <dd>{patient.mobile ?? "Not recorded"}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-semibold">Email:</dt>
            <dd>{patient.email ?? "Not recorded"}</dd>
          </div>
          {actingFor ? (
            <div className="flex gap-1">
              <dt className="font-semibold">Signed in as:</dt>
              <dd>{actingFor.parentName}</dd>
            </div>
          ) : null}
        </dl>
      </header>
      <div className="flex flex-1">
        <nav
          id="side-menu"
          aria-label="Main menu"
          className={`no-print w-full shrink-0 border-r border-line bg-white wide:block wide:w-[225px] ${menuOpen ? "block" : "hidden"} absolute z-40 wide:static`}
        >
          <ul className="flex flex-col py-2">
            <li>
              <NavLink to="/" end className={navClass} onClick={() => setMenuOpen(false)}>
                Dashboard
              </NavLink>
            </li>
            {menu.map((item) => (
              <li key={item.code}>
                <NavLink to={item.path} className={navClass} onClick={() => setMenuOpen(false)}>
                  {item.label}
                  {item.badge ? (
                    <span className="ml-auto rounded-full bg-danger px-2 text-sm font-bold text-white">
                      {item.badge}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" className="flex-1 p-4 wide:p-8">
            {children}
          </main>
          <footer className="no-print flex flex-wrap justify-between gap-2 border-t border-line bg-white px-4 py-3 text-sm text-muted">
            <p>Patient Portal © 2022</p>
            <p>Version {version}</p>
          </footer>
        </div>
      </div>
    </div>
  );
}

function navClass({ isActive }: { isActive: boolean }) {
  return `flex min-h-11 items-center gap-2 px-4 py-2 text-brand hover:bg-surface ${isActive ? "border-l-4 border-brand bg-surface font-bold" : "border-l-4 border-transparent"}`;
}
