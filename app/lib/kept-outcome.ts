import { currentViewing } from "./viewing";

/**
 * What the patient's last write on a page did (an appointment booked or cancelled, a message sent),
 * kept for the page it was made on until that page is shown again. A page reads the practice again after a
 * write; when that read fails, the page frame's failure replaces the page, and with it the dialog or
 * notice that told the patient. The failure then says it instead (app/shell/page-frame.route.tsx), so
 * a patient whose message went is not left to send it again, nor one who booked to book again.
 * Kept in this tab's memory only, never stored, and forgotten as soon as any page is shown (a switch of
 * account or a sign-in shows one), so it cannot reach another page or another record. A
 * page that keeps its result with the history entry itself, to outlive a reload (Pay, app/areas/accounts),
 * names it in the entry's state as `outcome`, with whose record it was (`viewing`), and is read the same.
 */
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
