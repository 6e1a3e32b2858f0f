import { expect, expectNoAxeViolations, signIn, test } from "./fixtures";

test.describe("dashboard", () => {
  test("shows the four cards, the practice details and both charts with their numbers", async ({ page, world }) => {
    await signIn(page, world.user("solo"));
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
    await expect(page.getByRole("figure").locator(":scope > div > svg")).toHaveCount(2);
  });

  test("the cards and the charts show the same counters", async ({ page, world }) => {
    await signIn(page, world.user("solo"));
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    const booked = (await page.getByRole("table", { name: "Booked Appointments" }).getByRole("cell").allInnerTexts()).map(Number);
    expect(booked).toHaveLength(4);
    expect(booked[3]).toBe(booked[0] + booked[1] + booked[2]);
    const upcoming = Number(await page.getByRole("table", { name: "Appointment Overview" }).getByRole("row", { name: /Upcoming/ }).getByRole("cell").innerText());
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Future Appointments" }) });
    await expect(card).toContainText(`${upcoming} future appointments`);
  });

  test("has no accessibility violations", async ({ page, world }) => {
    await signIn(page, world.user("solo"));
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the empty patient's dashboard has no accessibility violations", async ({ page, world }) => {
    await signIn(page, world.user("empty"));
    await expect(page.getByText("No future appointments")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
