import type { APIRequestContext, Page } from "@playwright/test";
import { compactDecrypt } from "jose";
import type { Bundle } from "@medplum/fhirtypes";
import { decodeShlink } from "~/areas/summary/shlink";
import { shareTexts as t, summaryTexts } from "~/areas/summary/texts";
import { expect, expectNoAxeViolations, forEachPractice, openSignedIn, test } from "./fixtures";

/**
 * Share by link on "My health summary" (SMART Health Links, decisions/305-309): the form checked in
 * the browser keeping what was typed, the new link as a QR code with the same link written beside it,
 * Copy, the list with its uses, Revoke; a receiving app on another site reading the link through the
 * built portal with the passcode, and refused once it is revoked. At 1280 and 390 px, with axe.
 */

const OTHER_SITE = "https://receiver.example.org";
const PASSCODE = "kiwi-fruit-42";

const share = (page: Page) => page.getByRole("region", { name: t.heading });
const field = (page: Page, label: string) => share(page).getByLabel(label, { exact: true });

/** A receiving app on another site: the manifest with the passcode, then its file, decrypted with the link's key. */
async function receive(request: APIRequestContext, link: string, passcode: string): Promise<{ status: number; bundle?: Bundle }> {
  const payload = decodeShlink(link);
  const manifest = await request.post(payload.url, { headers: { Origin: OTHER_SITE, "Content-Type": "application/json" }, data: { recipient: "Dr Smith", passcode } });
  expect(manifest.headers()["access-control-allow-origin"]).toBe("*");
  if (manifest.status() !== 200) return { status: manifest.status() };
  const { files } = (await manifest.json()) as { files: { location: string }[] };
  const file = await request.get(files[0].location, { headers: { Origin: OTHER_SITE } });
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/jose");
  const { plaintext } = await compactDecrypt(await file.text(), Buffer.from(payload.key, "base64url"));
  return { status: 200, bundle: JSON.parse(new TextDecoder().decode(plaintext)) as Bundle };
}

test.describe("share by link", () => {
  test("make a link (past 90 days refused, nothing typed lost), its QR code and link, Copy, the list, a receiving app, Revoke; axe-clean", async ({ page, world, context, request }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openSignedIn(page, world.user("solo"), "/summary", summaryTexts.title);
    await expect(share(page).getByText(t.listNone)).toBeVisible();

    await field(page, t.passcode).fill(PASSCODE);
    await field(page, t.expiryDays).fill("91");
    await field(page, t.label).fill("For Dr Smith");
    await share(page).getByRole("button", { name: t.create }).click();
    await expect(share(page).getByText(t.expiryTooLong)).toBeVisible();
    await expect(field(page, t.expiryDays)).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, t.passcode)).toHaveValue(PASSCODE);
    await expect(field(page, t.label)).toHaveValue("For Dr Smith");

    await field(page, t.expiryDays).fill("30");
    await share(page).getByRole("button", { name: t.create }).click();
    const made = share(page).getByRole("region", { name: `${t.madeHeading}: For Dr Smith` });
    await expect(made.getByRole("heading", { name: `${t.madeHeading}: For Dr Smith` })).toBeFocused();
    const qr = made.getByRole("img", { name: t.qrAlt });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const link = (await made.getByText(/^shlink:\//).textContent())!.trim();
    const payload = decodeShlink(link);
    expect(payload).toMatchObject({ flag: "P", label: "For Dr Smith", v: 1 });
    // The link names the portal's configured origin (PORTAL_ORIGIN, http://localhost:{PORT} beside the
    // embedded mock), not the address this browser came by (decisions/326).
    const came = new URL(page.url());
    expect(came.hostname).toBe("127.0.0.1");
    expect(new URL(payload.url).origin).toBe(`http://localhost:${came.port}`);
    expect(payload.exp! * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(payload.exp! * 1000 - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);

    await made.getByRole("button", { name: t.copy }).click();
    await expect(made.getByRole("status")).toHaveText(t.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectNoAxeViolations(page);

    const item = share(page).getByRole("listitem", { name: "For Dr Smith" });
    await expect(item.getByRole("definition").nth(3)).toHaveText(t.status.active);
    await expect(item.getByRole("definition").nth(2)).toHaveText("0");

    // Another site's app reads it through the portal with the passcode; the list counts the use.
    const received = await receive(request, link, PASSCODE);
    expect(received.status).toBe(200);
    expect(received.bundle).toMatchObject({ resourceType: "Bundle", type: "document" });
    expect((await receive(request, link, "not-the-passcode")).status).toBe(401);
    await page.reload();
    await expect(share(page).getByRole("listitem", { name: "For Dr Smith" }).getByRole("definition").nth(2)).toHaveText("1");

    await share(page).getByRole("button", { name: "Revoke For Dr Smith" }).click();
    await expect(share(page).getByText(t.revoked)).toBeVisible();
    const revoked = share(page).getByRole("listitem", { name: "For Dr Smith" });
    await expect(revoked.getByRole("definition").nth(3)).toHaveText(t.status.revoked);
    await expect(revoked.getByRole("button")).toHaveCount(0);
    expect((await receive(request, link, PASSCODE)).status).toBe(404);
    await expectNoAxeViolations(page);
  });

  test("at 390 px, by keyboard: make a link; the QR code and the link stay in view; axe-clean", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, world.user("solo"), "/summary", summaryTexts.title);
    await field(page, t.passcode).focus();
    await page.keyboard.type(PASSCODE);
    await page.keyboard.press("Tab"); // the passcode's Show
    await page.keyboard.press("Tab");
    await expect(field(page, t.expiryDays)).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(field(page, t.label)).toBeFocused();
    await page.keyboard.type("Phone");
    await page.keyboard.press("Tab");
    await expect(share(page).getByRole("button", { name: t.create })).toBeFocused();
    await page.keyboard.press("Enter");
    const made = share(page).getByRole("region", { name: `${t.madeHeading}: Phone` });
    await expect(made.getByRole("heading")).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const part of [made.getByRole("img", { name: t.qrAlt }), made.getByText(/^shlink:\//), made.getByRole("button", { name: t.copy })]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await expect(share(page).getByRole("listitem", { name: "Phone" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

// The practice asked only for the link's own summary, at our mock and at the spec's own practice.
forEachPractice("share by link", () => {
  test("making and revoking a link ask the practice for nothing more: the new link and a revoke stay on the page while the practice is down", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/summary", summaryTexts.title);
    const allergiesRead = async () => (await world.requests({ path: "Patient/AllergyIntolerance" })).length;
    const before = await allergiesRead();
    await field(page, t.passcode).fill(PASSCODE);
    await field(page, t.label).fill("For the physio");
    await share(page).getByRole("button", { name: t.create }).click();
    const made = share(page).getByRole("region", { name: `${t.madeHeading}: For the physio` });
    await expect(made.getByText(/^shlink:\//)).toBeVisible();
    await expect(share(page).getByRole("listitem", { name: "For the physio" })).toBeVisible();
    // The link's own summary is read once; the page is not read again.
    expect(await allergiesRead()).toBe(before + 1);

    // The practice goes down: revoking needs only the portal, and the page stays as it is.
    await world.fault({ path: "Patient/AllergyIntolerance", status: 503 });
    await share(page).getByRole("button", { name: "Revoke For the physio" }).click();
    await expect(share(page).getByText(t.revoked)).toBeVisible();
    await expect(share(page).getByRole("listitem", { name: "For the physio" }).getByRole("definition").nth(3)).toHaveText(t.status.revoked);
    await expect(made.getByText(/^shlink:\//)).toBeVisible();
    await expect(page.getByRole("heading", { name: summaryTexts.title, level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
    expect(await allergiesRead()).toBe(before + 1);
  });
});
