import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, openSignedIn, waitForHydration, type WorldUser } from "./fixtures";

/** The session ends elsewhere (Log Out in another tab); that tab is returned, at the sign-in page. */
export async function endSessionInAnotherTab(context: BrowserContext, path: string): Promise<Page> {
  const other = await context.newPage();
  await other.goto(path);
  await other.getByRole("button", { name: /account menu/ }).click();
  await other.getByRole("menuitem", { name: "Log Out" }).click();
  await expect(other).toHaveURL(/\/login$/);
  return other;
}

/** The alert's Sign in again: a new tab, back to the page the step was made on. */
export async function expectSignInAgain(alert: Locator, page: string) {
  const link = alert.getByRole("link", { name: /Sign in again in a new tab/ });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(page)}`);
}

/**
 * Signs in again in the tab the session was ended from, which then shows the dashboard. The sign-in
 * is posted over HTTP (the form is the sign-in specs' subject); the dashboard is still drawn and made
 * live there, because its shell tells the other tabs whose record it shows, as after a sign-in by
 * hand, and the tab the test works in must be left as it was by that.
 */
export async function signInThere(other: Page, user: WorldUser) {
  await openSignedIn(other, user, "/", "Dashboard");
  await waitForHydration(other);
}
