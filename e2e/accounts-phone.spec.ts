import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openSignedIn, test, type WorldUser } from "./fixtures";

/** Issue 21, items 2 and 6: the invoices and the INVOICE dialog on a phone (390 px). */
const PHONE = { width: 390, height: 844 };

const openAccounts = (page: Page, user: WorldUser) => openSignedIn(page, user, "/accounts", "Accounts");

const COLUMNS = ["Notes", "Type", "Reference No.", "Amount", "Balance", "Pay Now", "Date"];

test("at 390 px each invoice is a card with every column's value, in the table's order, and its View; the INVOICE dialog draws the PDF to its width, zooms, prints and downloads, with Close at the top; a payment's receipt is in view, names what was paid, and Print receipt prints it alone", async ({ page, world }) => {
  // Three walks of one world (the cards, the dialog, a payment): as every-area.spec.ts's merged rows, more than one test's time.
  test.setTimeout(60_000);
  // What the page looks like on paper at each moment print() is called.
  await page.addInitScript(() => {
    const w = window as unknown as { printedViews: { header: string; receipt: string }[] };
    w.printedViews = [];
    window.print = () => {
      const receipt = document.querySelector(".printing-receipt");
      w.printedViews.push({
        header: getComputedStyle(document.querySelector("header")!).visibility,
        receipt: receipt ? getComputedStyle(receipt).visibility : "absent",
      });
    };
  });
  const printed = () => page.evaluate(() => (window as unknown as { printedViews: { header: string; receipt: string }[] }).printedViews);
  // The table at 1280 px: what each card must show, in the same order.
  await openAccounts(page, world.user("solo"));
  const table = page.getByRole("table", { name: "Pending invoices" });
  const tableRows = await table.getByRole("row").evaluateAll((rows) => rows.slice(1).map((r) => [...r.querySelectorAll("td")].slice(1, 8).map((td) => td.textContent!.trim())));
  expect(tableRows).toHaveLength(4);

  await test.step("each pending invoice is a card", async () => {
    await page.setViewportSize(PHONE);
    await expect(table).toBeHidden();
    const cards = page.getByRole("list", { name: "Pending invoices" }).getByRole("listitem");
    await expect(cards).toHaveCount(4);
    for (const [i, values] of tableRows.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("term")).toHaveText(COLUMNS);
      await expect(card.getByRole("definition")).toHaveText(values);
      await expect(card.getByRole("paragraph").filter({ hasText: "In this payment:" })).toHaveText(/^In this payment:\s*Included$/);
      const view = card.getByRole("button", { name: `View invoice ${values[2]} (PDF)` });
      await expect(view).toHaveText("View invoice");
      // Amount, Balance, Pay Now, Date and View all within the phone's width.
      for (const part of [view, card.getByRole("definition").nth(3), card.getByRole("definition").nth(6)]) {
        const box = (await part.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
    }
    // This state (solo's invoices at 390 px) is scanned by every-area.spec.ts's row for /accounts.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  await test.step("All invoices, too; a pending invoice's View opens the INVOICE dialog, drawn to its width", async () => {
    await page.getByRole("tab", { name: "All Invoices" }).click();
    const all = page.getByRole("list", { name: "All invoices" }).getByRole("listitem");
    await expect(all).toHaveCount(10);
    await expect(all.first().getByText("In this payment:")).toHaveCount(0);
    await page.getByRole("tab", { name: "Pending Invoices" }).click();
    await page.getByRole("list", { name: "Pending invoices" }).getByRole("button", { name: /^View invoice/ }).first().click();
    const dialog = page.getByRole("dialog", { name: "INVOICE" });
    const pageImage = dialog.getByRole("img", { name: /page 1 of 1/ });
    await expect(pageImage.locator("canvas")).toBeVisible();
    const dialogBox = (await dialog.boundingBox())!;
    const drawn = (await pageImage.boundingBox())!;
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(PHONE.width);
    expect(drawn.x).toBeGreaterThanOrEqual(dialogBox.x);
    expect(drawn.x + drawn.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    // Fills most of the dialog rather than a fixed small size.
    expect(drawn.width).toBeGreaterThan(dialogBox.width * 0.7);
    // Close is in view without scrolling, above the invoice.
    await expect(dialog.getByRole("button", { name: "Close" })).toBeInViewport();
    await expectNoAxeViolations(page);

    await dialog.getByRole("button", { name: "Zoom in" }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "150%" })).toBeVisible();
    const zoomed = dialog.getByRole("region", { name: /zoomed/ });
    await expect.poll(async () => (await pageImage.boundingBox())!.width).toBeGreaterThan(drawn.width * 1.4);
    expect(await zoomed.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Zoom out" }).click();
    await expect(dialog.getByRole("button", { name: "Zoom out" })).toBeDisabled();
    await expect.poll(async () => Math.round((await pageImage.boundingBox())!.width)).toBe(Math.round(drawn.width));

    await dialog.getByRole("button", { name: "Print" }).click();
    await expect.poll(async () => (await printed()).length).toBe(1);
    const download = dialog.getByRole("link", { name: "Download PDF" });
    const href = await download.getAttribute("href");
    const pdf = await page.request.get(href!);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("a payment's receipt is in view, names what was paid, and Print receipt prints it alone", async () => {
    await page.getByRole("radio", { name: "Pay another amount" }).check();
    await page.getByLabel("Amount (NZD)").fill("10.00");
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/40");
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    const receipt = page.getByRole("status").filter({ hasText: "Payment succeeded." });
    await expect(receipt).toBeInViewport();
    // 10.00 and the first card type's fee (Visa - 2.5%).
    await expect(receipt.getByRole("definition").nth(0)).toHaveText("$10.25");
    await expect(receipt.getByRole("definition").nth(1)).toHaveText(/^\$0\.25/);
    await expect(receipt.getByRole("listitem")).toHaveCount(1);
    await expect(receipt.getByRole("listitem")).toHaveText(/^Invoice .+: \$10\.00$/);
    // The form is back with what is still owed, ready for another payment.
    await expect(page.getByRole("radio", { name: /^Pay the total balance \(\$\d/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeEnabled();
    await expectNoAxeViolations(page);

    // On paper the button itself is left out, so it is pressed as the browser would, by its click event.
    await page.emulateMedia({ media: "print" });
    await page.getByRole("button", { name: "Print receipt", includeHidden: true }).dispatchEvent("click");
    expect((await printed()).slice(1)).toEqual([{ header: "hidden", receipt: "visible" }]);
    // Printing the page otherwise is untouched: the receipt only prints alone when asked.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector("header")!).visibility)).toBe("visible");
  });
});

// With nothing owed at 390 px: accounts.spec.ts's "with no pending invoices" test, at both widths.
