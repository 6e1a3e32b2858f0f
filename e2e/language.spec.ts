import { signInTexts as teReoSignIn } from "~/areas/sign-in/texts.mi";
import { languageTexts } from "~/lib/texts/language";
import { shellTexts } from "~/shell/texts";
import { expect, expectNoAxeViolations, signInDirectly, test, waitForHydration } from "./fixtures";

/**
 * The language is the patient's choice (issue 69, decisions/403): offered on the sign-in page and in the
 * header, by keyboard, named in both languages; the next page comes from that language's build, and the
 * choice holds after a reload and when signed in.
 */
const teReo = languageTexts.names.mi;
const english = languageTexts.names.en;
const offered = (name: string) => new RegExp(`^${name} · Reo / Language$`);

test("the patient chooses te reo Māori on the sign-in page by keyboard; it holds after a reload and once signed in, and English comes back with one choice", async ({ page, world }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-NZ");
  const underReview = page.getByText(languageTexts.underReview.en);
  await expect(underReview).toHaveCount(0);
  const choose = page.getByRole("button", { name: offered(teReo) });
  await expect(choose.locator("[lang]").first()).toHaveAttribute("lang", "mi");
  await choose.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "mi");
  await expect(page).toHaveURL(/\/login$/);
  const back = page.getByRole("button", { name: offered(english) });
  await expect(back.locator("[lang]").first()).toHaveAttribute("lang", "en-NZ");
  // The words' state is said honestly, in both languages, each marked with its own.
  await expect(underReview).toHaveAttribute("lang", "en-NZ");
  await expect(page.getByText(languageTexts.underReview.mi)).toHaveAttribute("lang", "mi");
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "mi");
  await expect(page).toHaveTitle(teReoSignIn.pageTitle);

  // Signed in through the te reo form, by its te reo names.
  const user = world.user("solo");
  await expect(page.getByRole("heading", { level: 1, name: teReoSignIn.heading })).toBeVisible();
  await page.getByLabel(teReoSignIn.email).fill(user.username);
  await page.getByLabel(teReoSignIn.password, { exact: true }).fill(user.password);
  await page.getByRole("button", { name: teReoSignIn.login, exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "mi");
  await page.goto("/medications?tab=all");
  await expect(page.locator("html")).toHaveAttribute("lang", "mi");
  await expect(page.getByRole("contentinfo").getByText(languageTexts.underReview.en)).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: offered(english) }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-NZ");
  await expect(page).toHaveURL(/\/medications\?tab=all$/);
  await expect(page.getByRole("banner").getByRole("button", { name: offered(teReo) })).toBeVisible();
});

test("a tab left open in English while te reo is chosen in another draws its next page in te reo, as a page of the te reo build; the te reo header fits a phone as the English does", async ({ page, world, baseURL }) => {
  await signInDirectly(page, world.user("solo"));
  // The te reo header on a phone is no taller than the English (shell.spec): at most a fifth of the screen.
  await page.context().addCookies([{ name: "portal-language", value: "mi", url: baseURL! }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "mi");
  expect((await page.getByRole("banner").boundingBox())!.height).toBeLessThanOrEqual(844 / 5);
  await page.context().clearCookies({ name: "portal-language" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/medications");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-NZ");
  const other = await page.context().newPage();
  await other.goto("/");
  await other.getByRole("banner").getByRole("button", { name: offered(teReo) }).click();
  await expect(other.locator("html")).toHaveAttribute("lang", "mi");
  // The English tab's link home, followed by keyboard: a document from the te reo build, not a page drawn by the English one.
  await page.getByRole("banner").getByRole("link", { name: shellTexts.portalName }).press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "mi");
});
