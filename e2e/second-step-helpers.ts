import type { Page } from "@playwright/test";
import { secondStepTexts } from "~/lib/texts/second-step";
import { expect, expectNoAxeViolations, openSignedIn, type World, type WorldUser } from "./fixtures";

/**
 * The e-mailed code as the holder turns it on from the profile, shared by the second step's and the
 * passkeys' specs: the code is read from the mock's mail catcher (its admin API), as QA would.
 */

/** The code of the newest sign-in code mail to this address. The mail is caught before the portal answers, so it is there. */
export async function newestCode(world: World, to: string, subject: string = secondStepTexts.mailSubject): Promise<string> {
  const mail = (await world.mail(to)).filter((m) => m.subject === subject);
  expect(mail.length, "sign-in code mails").toBeGreaterThan(0);
  return /\b(\d{6})\b/.exec(mail.at(-1)!.body)![1];
}

/** Turns the e-mailed code on from the profile, as the holder would; answers the recovery codes shown. */
export async function turnOnInProfile(page: Page, world: World, user: WorldUser, { axe = false } = {}): Promise<string[]> {
  await openSignedIn(page, user, "/profile", "User Profile");
  const section = page.getByRole("region", { name: "Sign-in security" });
  await expect(section).toContainText("Code by e-mail: Off");
  await section.getByRole("button", { name: "Turn on the e-mailed code" }).click();
  const dialog = page.getByRole("dialog", { name: "Turn on a code by e-mail" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Send the code" }).click();
  const field = dialog.getByLabel("6-digit code");
  await expect(field).toBeVisible();
  // One scan of the dialog, with its code field: the same dialog before Send the code holds less.
  if (axe) await expectNoAxeViolations(page);
  // A code that cannot be one: the words say what is wrong, and what was typed stays.
  await field.fill("12");
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await expect(dialog.getByText(secondStepTexts.codeShape)).toBeVisible();
  await expect(field).toHaveValue("12");
  await field.fill(await newestCode(world, user.username));
  await dialog.getByRole("button", { name: "Turn on" }).click();
  const shown = page.getByRole("dialog", { name: "Your recovery codes" });
  const items = shown.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(items).toHaveCount(10);
  if (axe) await expectNoAxeViolations(page);
  const codes = await items.allTextContents();
  await shown.getByRole("button", { name: "I have kept my codes: done" }).click();
  await expect(section).toContainText("Code by e-mail: On");
  await expect(section).toContainText("Recovery codes left: 10 of 10");
  return codes;
}
