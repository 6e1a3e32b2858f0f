import type { Page } from "@playwright/test";
import { paymentTexts } from "~/areas/accounts/texts";
import type { Words } from "~/lib/te-reo";
import { expect } from "./fixtures";

/** The accounts payment form, as the e2e specs drive it, by the names of the page's language (English unless its te reo catalogue is given). */
type PaymentWords = Pick<Words<typeof paymentTexts>, "pay" | "payTotal" | "payOther" | "amountLabel" | "cardTypeAndFee" | "cardNumber" | "cardExpiry" | "cardCvc">;

export const payButton = (page: Page, t: PaymentWords = paymentTexts) => page.getByRole("button", { name: t.pay, exact: true });

/** Chooses "Pay another amount" with the arrow key and types the amount, from the keyboard alone. */
export async function chooseAnotherAmountByKeyboard(page: Page, amount: string, t: PaymentWords = paymentTexts) {
  await page.getByRole("radio", { name: new RegExp(`${t.payTotal("").replace(/\W*$/, "")}`) }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: t.payOther })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(t.amountLabel)).toBeFocused();
  await page.keyboard.type(amount);
}

/** From the amount field: tabs through the card's fields typing the test card, then presses Pay with Enter. */
export async function typeTestCardAndPayByKeyboard(page: Page, t: PaymentWords = paymentTexts) {
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(t.cardTypeAndFee)).toBeFocused();
  await page.keyboard.press("Tab");
  await typeCardFromItsNumberAndPay(page, undefined, t);
}

/** With the focus in the card number: types the test card, tabs through expiry and code to Pay, and presses Enter. */
export async function typeCardFromItsNumberAndPay(page: Page, cardNumber = "4242424242424242", t: PaymentWords = paymentTexts) {
  await expect(page.getByLabel(t.cardNumber)).toBeFocused();
  await page.keyboard.type(cardNumber);
  await page.keyboard.press("Tab");
  await page.keyboard.type("12/40");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await page.keyboard.press("Tab");
  await expect(payButton(page, t)).toBeFocused();
  await page.keyboard.press("Enter");
}
