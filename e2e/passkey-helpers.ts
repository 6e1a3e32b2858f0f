import type { CDPSession, Page } from "@playwright/test";
import { secondStepTexts } from "~/lib/texts/second-step";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { expect, expectNoAxeViolations, openSignedIn, type World, type WorldUser } from "./fixtures";
import { newestCode } from "./second-step-helpers";

/** Passkeys in Chromium's virtual authenticator, and adding one from the profile as a holder would (e2e/passkeys.spec.ts, e2e/health-card.spec.ts). */

/**
 * A platform authenticator with user verification, as a phone or a laptop's fingerprint reader. With
 * `prf` (the default) it derives secrets (WebAuthn's PRF extension, CTAP 2.1's hmac-secret), as today's
 * phones and laptops do, which a health card kept on the device needs (issue 71).
 */
export async function virtualAuthenticator(page: Page, { prf = true } = {}): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", ctap2Version: "ctap2_1", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true, hasPrf: prf },
  });
  return { cdp, authenticatorId };
}

/**
 * Adds a passkey from the profile, as the holder would, checking the dialog on its way (`open: false`: the
 * profile is already open). Fresh proof comes first (issue 51): a code e-mailed for it, read from the
 * mock's mail catcher, or (`proof: "password"`, a holder with no second step yet) the current password.
 * A first passkey of a holder without recovery codes shows ten, once (decisions/321; `codes: false` for
 * a holder who keeps the e-mailed code's); they are answered. `cancelFirst`: the browser's first prompt is
 * cancelled, and Try again asks once more without new proof, with the grant the dialog keeps (decisions/393).
 * `axe: true` scans each state of the dialogs on the way; `axe: "proof"` only the proof step, where another test
 * scans the others at the same width.
 */
export async function addPasskey(page: Page, world: World, user: WorldUser, name: string, { axe = false as boolean | "proof", open = true, codes = true, proof = "email" as "email" | "password", cancelFirst = false } = {}) {
  if (open) await openSignedIn(page, user, "/profile", "User Profile");
  const section = page.getByRole("region", { name: "Sign-in security" });
  await expect(section).toContainText(passkeyTexts.none);
  await section.getByRole("button", { name: passkeyTexts.addPasskey }).click();
  const dialog = page.getByRole("dialog", { name: passkeyTexts.addTitle });
  await expect(dialog).toBeVisible();
  if (axe === true) await expectNoAxeViolations(page);
  // No name: the words say what is missing, and nothing is sent or asked of the browser.
  await dialog.getByRole("button", { name: "Send the code" }).click();
  await expect(dialog.getByText(passkeyTexts.nameMissing)).toBeVisible();
  if (axe === true) await expectNoAxeViolations(page);
  await dialog.getByLabel(passkeyTexts.nameLabel).fill(name);
  if (proof === "password") {
    await dialog.getByRole("button", { name: "Use my password instead" }).click();
    await dialog.getByLabel("Current password").fill(user.password);
  } else {
    await dialog.getByRole("button", { name: "Send the code" }).click();
    await expect(dialog.getByText(/We have sent a 6-digit code to .*Enter it to confirm/)).toBeVisible();
    await dialog.getByLabel("6-digit code").fill(await newestCode(world, user.username, secondStepTexts.confirmSubject));
  }
  if (axe) {
    await expectNoAxeViolations(page);
    const width = page.viewportSize()?.width ?? 1280;
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the dialog's page width").toBeLessThanOrEqual(width);
  }
  if (cancelFirst) {
    // The holder cancels the browser's first prompt (the authenticator is never asked).
    await page.evaluate(() => {
      const create = navigator.credentials.create.bind(navigator.credentials);
      navigator.credentials.create = async () => {
        navigator.credentials.create = create;
        throw new DOMException("The operation either timed out or was not allowed.", "NotAllowedError");
      };
    });
  }
  await dialog.getByRole("button", { name: "Add passkey" }).click();
  if (cancelFirst) {
    const prompt = page.getByRole("dialog", { name: passkeyTexts.promptTitle(name) });
    await expect(prompt.getByText(passkeyTexts.addCancelled)).toBeVisible();
    await prompt.getByRole("button", { name: passkeyTexts.tryAgain }).click();
  }
  let shown: string[] = [];
  if (codes) {
    const kept = page.getByRole("dialog", { name: passkeyTexts.codesTitle });
    await expect(kept).toContainText(passkeyTexts.codesDescription(name));
    await expect(kept).toContainText("They will not be shown again.");
    const items = kept.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(items).toHaveCount(10);
    await expect(kept.getByRole("button", { name: "Copy codes" })).toBeVisible();
    await expect(kept.getByRole("button", { name: "Print codes" })).toBeVisible();
    if (axe === true) await expectNoAxeViolations(page);
    shown = await items.allTextContents();
    await kept.getByRole("button", { name: "I have kept my codes: done" }).click();
    await expect(kept).toBeHidden();
  }
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByText(passkeyTexts.added(name), { exact: true })).toBeVisible();
  await expect(section.getByRole("listitem", { name })).toContainText(passkeyTexts.neverUsed);
  return { section, codes: shown };
}

