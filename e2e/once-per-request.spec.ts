import type { Page } from "@playwright/test";
import { seededPng } from "../mock-server/documents/png";
import { expect, signIn, test, type World } from "./fixtures";

/**
 * One page load asks the practice for each thing once: the shell and the page share the patient,
 * practice and counters (app/.server/practice/per-request-reads.server.ts). Read from the world's
 * journal, for a full document load and a client-side navigation to each signed-in page.
 */

type Call = Awaited<ReturnType<World["requests"]>>[number];

const keyOf = (c: Call) => `${c.method} ${c.path} ${JSON.stringify(c.query)}`;

function repeats(calls: readonly Call[]): string[] {
  const seen = new Set<string>();
  return calls.map(keyOf).filter((key) => (seen.has(key) ? true : (seen.add(key), false)));
}

/** The calls the practice received while `load` ran, checked for repeats. */
async function callsOf(world: World, load: () => Promise<void>): Promise<Call[]> {
  const before = (await world.requests()).length;
  await load();
  const calls = (await world.requests()).slice(before);
  expect(repeats(calls), `calls made more than once in one load, of ${calls.map(keyOf).join(", ")}`).toEqual([]);
  return calls;
}

const heading = (page: Page, name: string) => expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
const paths = (calls: readonly Call[]) => calls.map((c) => c.path);

test.describe("each practice call once per page load", () => {
  test.beforeEach(async ({ page, world }) => {
    // The profile photo is a request of its own (decisions/171), with its own session check and its
    // own LoadImage: answered here in the browser, so that only the page's own load is counted.
    await page.route("**/profile/photo?*", (route) => route.fulfill({ status: 200, contentType: "image/png", body: seededPng(1, 2, 2) }));
    await signIn(page, world.user("solo"));
    await heading(page, "Dashboard");
  });

  test("a full document load of the dashboard, profile, accounts, test results, letters, resources and medications repeats no call", async ({ page, world }) => {
    const dashboard = await callsOf(world, async () => {
      await page.goto("/");
      await heading(page, "Dashboard");
    });
    // The shell's and the dashboard's own needs are all there, each once.
    expect(paths(dashboard)).toEqual(expect.arrayContaining(["ValidateToken", "Patient/PatientMenu", "Patient", "Patient/Organization", "Patient/RefreshCounter"]));

    const profile = await callsOf(world, async () => {
      await page.goto("/profile");
      await heading(page, "User Profile");
    });
    expect(paths(profile)).toEqual(expect.arrayContaining(["Patient", "Patient/Organization", "Patient/AccountBalance"]));

    const accounts = await callsOf(world, async () => {
      await page.goto("/accounts");
      await heading(page, "Accounts");
    });
    expect(paths(accounts)).toEqual(expect.arrayContaining(["Patient/RefreshCounter", "Patient/PaymentNotice"]));

    const reports = await callsOf(world, async () => {
      await page.goto("/reports");
      await heading(page, "Test Results");
    });
    expect(paths(reports)).toEqual(expect.arrayContaining(["Patient/RefreshCounter", "Patient/LabResults"]));

    const letters = await callsOf(world, async () => {
      await page.goto("/letters");
      await heading(page, "Letters");
    });
    expect(paths(letters)).toEqual(expect.arrayContaining(["Patient/RefreshCounter", "Patient/LetterAndDocument"]));

    const resources = await callsOf(world, async () => {
      await page.goto("/resources");
      await heading(page, "Resources");
    });
    expect(paths(resources)).toEqual(expect.arrayContaining(["Patient/RefreshCounter", "Patient/Media"]));

    const medications = await callsOf(world, async () => {
      await page.goto("/medications");
      await heading(page, "Medications");
    });
    expect(paths(medications)).toEqual(expect.arrayContaining(["Patient", "Patient/RefreshCounter", "Patient/Medication", "Lookup/LoadPracticeSetting"]));
  });

  test("a client-side navigation to each repeats no call", async ({ page, world }) => {
    const menu = page.getByRole("navigation", { name: "Main menu" });
    const accounts = await callsOf(world, async () => {
      await menu.getByRole("link", { name: "Accounts" }).click();
      await heading(page, "Accounts");
    });
    expect(paths(accounts)).toContain("Patient/PaymentNotice");

    const reports = await callsOf(world, async () => {
      await menu.getByRole("link", { name: "Test Results" }).click();
      await heading(page, "Test Results");
    });
    expect(paths(reports)).toContain("Patient/LabResults");

    const letters = await callsOf(world, async () => {
      await menu.getByRole("link", { name: "Letters" }).click();
      await heading(page, "Letters");
    });
    expect(paths(letters)).toContain("Patient/LetterAndDocument");

    const resources = await callsOf(world, async () => {
      await menu.getByRole("link", { name: "Resources" }).click();
      await heading(page, "Resources");
    });
    expect(paths(resources)).toContain("Patient/Media");

    const medications = await callsOf(world, async () => {
      await menu.getByRole("link", { name: "Medications" }).click();
      await heading(page, "Medications");
    });
    expect(paths(medications)).toContain("Patient/Medication");

    const profile = await callsOf(world, async () => {
      await page.getByRole("button", { name: /account menu/ }).click();
      await page.getByRole("menuitem", { name: "Profile" }).click();
      await heading(page, "User Profile");
    });
    expect(paths(profile)).toContain("Patient/AccountBalance");

    const dashboard = await callsOf(world, async () => {
      await menu.getByRole("link", { name: "Dashboard" }).click();
      await heading(page, "Dashboard");
    });
    expect(paths(dashboard)).toContain("Patient/RefreshCounter");
  });
  test("a full document load of each health page, and a client-side navigation to it, repeats no call", async ({ page, world }) => {
    const pages = [
      { label: "Diagnosis", path: "/diagnosis", call: "Patient/Condition" },
      { label: "Allergies", path: "/allergies", call: "Patient/AllergyIntolerance" },
      { label: "Immunisation", path: "/immunisation", call: "Patient/Immunization" },
      { label: "Vitals", path: "/vitals", call: "Patient/Observation" },
      { label: "Timeline", path: "/timeline", call: "Patient/Timeline" },
      { label: "Reminders", path: "/reminders", call: "Patient/PatientAlerts" },
    ];
    for (const p of pages) {
      const load = await callsOf(world, async () => {
        await page.goto(p.path);
        await heading(page, p.label);
      });
      expect(paths(load)).toEqual(expect.arrayContaining(["Patient/RefreshCounter", p.call]));
    }
    const menu = page.getByRole("navigation", { name: "Main menu" });
    for (const p of pages) {
      const navigation = await callsOf(world, async () => {
        await menu.getByRole("link", { name: p.label }).click();
        await heading(page, p.label);
      });
      expect(paths(navigation)).toContain(p.call);
    }
  });

  test("a full document load of Messaging, and a client-side navigation to it, repeats no call", async ({ page, world }) => {
    const load = await callsOf(world, async () => {
      await page.goto("/emails");
      await heading(page, "Messaging");
    });
    // The page's InboxCounter is the shell's read of RefreshCounter, shared (decisions/047).
    expect(paths(load)).toEqual(expect.arrayContaining(["Patient/RefreshCounter", "Patient/Messaging", "Patient/TermsAndCondition"]));
    await page.goto("/");
    await heading(page, "Dashboard");
    const navigation = await callsOf(world, async () => {
      await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: /^Messages/ }).click();
      await heading(page, "Messaging");
    });
    expect(paths(navigation)).toContain("Patient/Messaging");
  });
});
