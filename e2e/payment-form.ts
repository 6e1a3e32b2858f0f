import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The accounts payment form, as the e2e specs drive it. */
export const payButton = (page: Page) => page.getByRole("button", { name: "Pay", exact: true });

/** Chooses "Pay another amount" with the arrow key and types the amount, from the keyboard alone. */
export async function chooseAnotherAmountByKeyboard(page: Page, amount: string) {
  await page.getByRole("radio", { name: /Pay the total balance/ }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: "Pay another amount" })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Amount (NZD)")).toBeFocused();
  await page.keyboard.type(amount);
}

/** From the amount field: tabs through the card's fields typing the test card, then presses Pay with Enter. */
export async function typeTestCardAndPayByKeyboard(page: Page) {
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Card type and fee")).toBeFocused();
  await page.keyboard.press("Tab");
  await typeCardFromItsNumberAndPay(page);
}

/** With the focus in the card number: types the test card, tabs through expiry and code to Pay, and presses Enter. */
export async function typeCardFromItsNumberAndPay(page: Page, cardNumber = "4242424242424242") {
  await expect(page.getByLabel("Card number")).toBeFocused();
  await page.keyboard.type(cardNumber);
  await page.keyboard.press("Tab");
  await page.keyboard.type("12/40");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await page.keyboard.press("Tab");
  await expect(payButton(page)).toBeFocused();
  await page.keyboard.press("Enter");
}
