import { recordTexts } from "~/lib/texts/record";
import { expect, expectNoAxeViolations, openSignedIn, test } from "./fixtures";

test.describe("dashboard", () => {
  // A practice as the spec describes it, each test at its room seed (issue 68, decisions/396): these flows read only what 1§7 and 2§7 give.
  test.use({ specPractice: true });
  // One world and one sign-in for what solo's full dashboard shows, each part a step. No axe scan here: the
  // same screen in the same state (solo's full dashboard at a spec practice, 1280 px) is scanned by
  // chart-labels.spec.ts's "chart labels at 1280 px › the dashboard's charts write their axes…", and at
  // 390 px by every-area.spec.ts's Dashboard test.
  test("shows the four cards, the practice details and both charts with their numbers, not the welcome; the cards and the charts show the same counters; Start time is the opening time, and the phone number can be called", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    await test.step("the four cards, the practice details and both charts with their numbers, not the welcome", async () => {
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Dashboard/Home");
      for (const title of ["Long Term Medications", "New Results", "Unread Messages", "Future Appointments"]) {
        await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
      }
      // solo's record is full: no card shows its empty text.
      for (const text of ["No long term medication", "No new results", "No unread messages", "No future appointments"]) {
        await expect(page.getByText(text)).toHaveCount(0);
      }
      const practice = page.getByRole("region", { name: "My Practice Details" });
      for (const row of ["Name", "Start time", "Phone number", "My GP", "Address"]) {
        await expect(practice.getByRole("rowheader", { name: row })).toBeVisible();
      }
      // Charts are readable without sight: a table with the same numbers.
      const overview = page.getByRole("table", { name: "Appointment Overview" });
      for (const row of ["Completed", "Upcoming", "Missed"]) await expect(overview.getByRole("rowheader", { name: row })).toBeAttached();
      const booked = page.getByRole("table", { name: "Booked Appointments" });
      for (const row of ["Face To Face", "Virtual Consults", "Phone Triage", "Total Appointments"]) await expect(booked.getByRole("rowheader", { name: row })).toBeAttached();
      // Each drawn once for a phone and once for a wide box; one of each is shown (decisions/284).
      await expect(page.getByRole("figure").locator("svg[viewBox]:visible")).toHaveCount(2);
      // A patient with appointments sees the charts, not the welcome.
      await expect(page.getByRole("figure")).toHaveCount(2);
      await expect(page.getByRole("region", { name: "Welcome to your patient portal" })).toHaveCount(0);
    });

    await test.step("the cards and the charts show the same counters", async () => {
      // Each count as the practice sent it, or Not recorded where it sent none (1§3, decisions/396): never 0 for nothing.
      const count = (text: string) => (text === recordTexts.notRecorded ? undefined : Number(text));
      const cells = await page.getByRole("table", { name: "Booked Appointments" }).getByRole("cell").allInnerTexts();
      expect(cells).toHaveLength(4);
      for (const text of cells) expect(text).toMatch(new RegExp(`^(\\d+|${recordTexts.notRecorded})$`));
      const booked = cells.map(count);
      // The practice's total is its own count: it adds up whenever all four are sent.
      if (booked.every((n) => n !== undefined)) expect(booked[3]).toBe(booked[0]! + booked[1]! + booked[2]!);
      const upcoming = count(await page.getByRole("table", { name: "Appointment Overview" }).getByRole("row", { name: /Upcoming/ }).getByRole("cell").innerText());
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Future Appointments" }) });
      await expect(card).toContainText(upcoming === undefined ? recordTexts.notRecorded : `${upcoming} future appointments`);
    });

    await test.step("My Practice Details: Start time is the opening time, and the phone number can be called, on the profile too", async () => {
      const practice = page.getByRole("region", { name: "My Practice Details" });
      await expect(practice.getByRole("row", { name: /Start time/ }).getByRole("cell")).toHaveText(/^\d{1,2}:\d{2} [ap]m$/);
      const phone = practice.getByRole("row", { name: /Phone number/ }).getByRole("link");
      const shown = (await phone.textContent())!;
      expect(await phone.getAttribute("href")).toBe(`tel:${shown.replace(/[^\d+]/g, "")}`);
      // The profile's practice details too, reached as a patient would, by the account menu.
      await page.getByRole("button", { name: /account menu/ }).click();
      await page.getByRole("menuitem", { name: "Profile" }).click();
      await expect(page.getByRole("heading", { name: "User Profile", level: 1 })).toBeVisible();
      await expect(page.getByRole("region", { name: "Practice Details" }).getByRole("link", { name: shown })).toHaveAttribute("href", /^tel:\+?\d+$/);
    });
  });
});

test.describe("dashboard, counts sent", () => {
  // At our practice, which sends every count: a spec practice may send none (decisions/396), and then draws no
  // bars, nor knows a patient to be new (a count not sent is not recorded, never 0).
  test.use({ worldOptions: { scenario: "default", practice: "mock" } });
  test("the charts' drawings come once: in the HTML, not again in the data it hydrates with; a client navigation back draws them from its data (issue 53)", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    const document = await (await page.request.get("/")).text();
    const scripts = [...document.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("\n");
    const body = document.replace(/<script[^>]*>[\s\S]*?<\/script>/g, "");
    // Both charts' drawings in the HTML (the bars' and the pie's, drawn with visx); none in the data.
    expect(body.match(/<svg viewBox=/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(body).toContain("visx-bar");
    expect(scripts).not.toContain("visx");
    // Hydrated, the page keeps the server's drawings.
    await expect(page.getByRole("figure").locator("svg[viewBox]:visible")).toHaveCount(2);
    // Away and back by the menu: the data request carries them, and they are drawn from it.
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Vitals" }).click();
    await expect(page.getByRole("heading", { name: "Vitals", level: 1 })).toBeVisible();
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByRole("figure").locator("svg[viewBox]:visible")).toHaveCount(2);
    await expect(page.getByRole("figure").first().locator("svg rect, svg path").first()).toBeAttached();
  });

  // One world and one sign-in for both widths: the welcome's links are followed once (at 1280 px), and at
  // 390 px the page is loaded again as a phone loads it, for its own axe scan.
  test("a new patient is welcomed and told what to do next, with no empty charts, at 1280 px and at 390 px", async ({ page, world }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(page, world.user("empty"), "/", "Dashboard");
    const welcome = page.getByRole("region", { name: "Welcome to your patient portal" });
    const welcomed = async () => {
      await expect(welcome).toBeVisible();
      await expect(page.getByText("No future appointments")).toBeVisible();
      await expect(page.getByRole("figure")).toHaveCount(0);
      await expect(page.getByRole("table", { name: "Appointment Overview" })).toHaveCount(0);
      await expectNoAxeViolations(page);
    };
    await test.step("at 1280 px, its links lead where they say", async () => {
      await welcomed();
      // Only areas the practice's menu has are offered (decisions/004): Accounts is built and in the menu.
      await welcome.getByRole("link", { name: "See your invoices and pay your account" }).click();
      await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
      await page.goBack();
      await welcome.getByRole("link", { name: "Check your personal and contact details" }).click();
      await expect(page.getByRole("heading", { name: "User Profile", level: 1 })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    });
    await test.step("at 390 px, loaded as a phone loads it", async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      await welcomed();
      for (const name of ["See your invoices and pay your account", "Check your personal and contact details"]) await expect(welcome.getByRole("link", { name })).toBeVisible();
    });
  });
});
