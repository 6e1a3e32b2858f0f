import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, type WorldUser } from "./fixtures";

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

/** Signs in again in the tab the session was ended from. */
export async function signInThere(other: Page, user: WorldUser) {
  await other.getByLabel("Email").fill(user.username);
  await other.getByLabel("Password", { exact: true }).fill(user.password);
  await other.getByRole("button", { name: "Login" }).click();
  await expect(other.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}
