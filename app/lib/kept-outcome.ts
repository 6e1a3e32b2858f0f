import { currentViewing } from "./viewing";

/** What the patient's last write on a page did, kept in this tab's memory until the page is shown again, so a failed read after it does not hide it (decisions/386). */
let kept: { pathname: string; title: string } | null = null;

/** Called in the browser, just before the page is read again. */
export function keepOutcome(pathname: string, title: string): void {
  kept = { pathname, title };
}

export function forgetOutcome(): void {
  kept = null;
}

/** The outcome kept for this location (one in its history state only for the record this tab shows now). */
export function keptOutcome(location: { pathname: string; state: unknown }): string | null {
  if (kept?.pathname === location.pathname) return kept.title;
  const state = location.state as { outcome?: unknown; viewing?: unknown } | null;
  return typeof state?.outcome === "string" && state.viewing === currentViewing() ? state.outcome : null;
}
