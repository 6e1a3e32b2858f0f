import type { Page, Route } from "@playwright/test";
import { expect, openSignedIn, signInDirectly, test, waitForHydration, type World } from "./fixtures";
import { chooseAnotherAmountByKeyboard, payButton, typeTestCardAndPayByKeyboard } from "./payment-form";

/**
 * /accounts draws its payment form with the page and fetches the form's code (the payment machine,
 * xstate, zod, the step client: payment-engine) when the patient reaches for the form (issue 12,
 * decisions/180 and 348). These tests hold
 * that code back to show the form works by keyboard meanwhile, keeps everything typed, pays once it
 * arrives, and does not change or move when it does.
 */
const ENGINE = /\/assets\/payment-engine-[\w-]+\.js$/;

/** Holds the form's code until `release` is called; `requested` settles when the browser asks for it. */
function holdEngine(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  void page.route(ENGINE, async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, requested: asked };
}

async function openAccounts(page: Page, world: World) {
  await openSignedIn(page, world.user("solo"), "/accounts", "Accounts");
  await waitForHydration(page);
}

const figure = (page: Page, term: string) => page.getByRole("form", { name: "Make a payment" }).getByText(term, { exact: true }).locator("xpath=following-sibling::*[1]");

test.describe("accounts: the payment form before its code arrives", () => {
  test("typed and paid by keyboard before the code arrives: nothing typed is lost, and it pays once when it does", async ({ page, world }) => {
    const engine = holdEngine(page);
    await openAccounts(page, world);

    await chooseAnotherAmountByKeyboard(page, "5");
    await engine.requested;
    // The figures follow what is typed at once, as the machine would draw them.
    await expect(figure(page, "Amount")).toHaveText("$5.00");
    await expect(figure(page, "Total to charge")).toHaveText("$5.13");
    await expect(page.getByRole("table", { name: "Pending invoices" }).getByRole("cell", { name: "Included", exact: true })).toHaveCount(1);
    await typeTestCardAndPayByKeyboard(page);

    // Nothing is sent without the machine; Pay is handed to it when it runs.
    expect(await world.charges()).toEqual([]);
    await expect(page.getByLabel("Amount (NZD)")).toHaveValue("5");
    await expect(page.getByLabel("Card number")).toHaveValue("4242424242424242");
    engine.release();
    await expect(page.getByRole("status").filter({ hasText: "Payment succeeded." })).toBeVisible();
    expect((await world.charges()).map((c) => c.amountCents)).toEqual([513]);
  });

  test("the form's code is fetched when the patient reaches for the form; the form is the same markup, in the same place, before and after that code arrives", async ({ page, world }) => {
    // That a first visit of /accounts fetches none of it, and exactly the scripts the build counts, is
    // first-load.spec.ts's visit of every page (REACHED_FOR).
    const engine = holdEngine(page);
    await page.addInitScript(() => {
      // Each shift with what moved, so a failure says where it happened.
      const shifts: string[] = [];
      const w = window as unknown as { layoutShifts: string[]; shiftsSince: number };
      w.layoutShifts = shifts;
      w.shiftsSince = 0;
      type Moved = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Moved[] })[]) {
          if (entry.hadRecentInput || entry.startTime < w.shiftsSince) continue;
          const moved = (entry.sources ?? []).map((s) => `${s.node instanceof Element ? s.node.outerHTML.slice(0, 120) : String(s.node?.nodeName)} ${s.previousRect.y}->${s.currentRect.y}`);
          shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join(" | ")}`);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await signInDirectly(page, world.user("solo"));
    const fetched: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/assets\/.+\.m?js$/.test(pathname)) fetched.push(pathname);
    });
    await page.goto("/accounts");
    await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Make a payment" });
    // Reaching for the form (here the pointer over it; by keyboard in the test above) fetches its code;
    // nothing in the form changes for that.
    await form.hover();
    await engine.requested;
    await expect.poll(() => fetched.some((f) => ENGINE.test(f))).toBe(true);
    const before = { html: await form.evaluate((el) => el.outerHTML), box: await form.boundingBox() };

    // Only what moves once the code arrives is this test's: a shift of the invoice rows while the page
    // itself was still being drawn (0.0018, seen once on a machine at load 14) is not the form's.
    await page.evaluate(() => {
      const w = window as unknown as { layoutShifts: string[]; shiftsSince: number };
      w.shiftsSince = performance.now();
      w.layoutShifts.splice(0);
    });
    const arrived = page.waitForResponse(ENGINE);
    engine.release();
    await arrived;
    // The machine is running once a Pay with an empty card is answered with the card's messages; the
    // markup is compared before that, once its code and the code it imports have arrived.
    await page.waitForLoadState("networkidle");
    expect(await form.evaluate((el) => el.outerHTML)).toBe(before.html);
    expect(await form.boundingBox()).toEqual(before.box);
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts)).toEqual([]);

    await payButton(page).click();
    await expect(page.getByText("Card number is required")).toBeVisible();
    expect(await world.charges()).toEqual([]);
  });
});
