import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { MenuItemSchema, MenuItemSlots, type Counters } from "@contract/patient";
import type { Area } from "~/lib/areas";
import { dashboardCards, menuLinks } from "~/lib/menu";
import routes, { areaResourceRoutes, areaRoutes } from "~/routes";

/**
 * The area registry is the one place a screen joins the portal (docs/decisions/045): a line with a
 * module is routed, in the menu and linked from its card; a line without one is none of these.
 */

const item = (typeCode: string) => MenuItemSchema.parse({ resourceType: "Basic", id: typeCode, extension: MenuItemSlots.write({ name: "x", typeCode }) });
const counters = { InboxCounter: 0, MedicationsCounter: 5, TestResultsCounter: 2 } as Counters;

const registry: Area[] = [
  { code: "16", label: "Medications", path: "/medications", module: "areas/medications/page.route.tsx", card: { title: "Long Term Medications", counter: "MedicationsCounter", empty: "none", unit: "long term medications", link: "View medications" }, access: "medications" },
  { code: "15", label: "Test Results", path: "/reports", card: { title: "New Results", counter: "TestResultsCounter", empty: "none", unit: "new results", link: "View results" }, access: "results" },
];

function flatten(entries: readonly RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);
}

describe("the area registry", () => {
  it("routes, links in the menu and links on the dashboard an area whose line names its module", () => {
    expect(areaRoutes(registry).map((r) => [r.path, r.file])).toEqual([["medications", "areas/medications/page.route.tsx"]]);
    const menu = menuLinks([item("16"), item("15")], 0, registry);
    expect(menu.map((l) => [l.label, l.path])).toEqual([["Medications", "/medications"]]);
    expect(dashboardCards(counters, menu, registry).map((c) => [c.title, c.count, c.href])).toEqual([
      ["Long Term Medications", 5, "/medications"],
      // The area without a screen keeps its count, with no link (decisions/004).
      ["New Results", 2, null],
    ]);
  });

  it("routes an area's other addresses from its line, only once its screen is built", () => {
    const lines: Area[] = [
      { ...registry[0], routes: { "medications/repeat": "areas/medications/repeat.route.ts", medication: "areas/medications/old-address.route.ts" } },
      { ...registry[1], routes: { "reports/chart": "areas/results/chart.route.ts" } },
    ];
    expect(areaResourceRoutes(lines).map((r) => [r.path, r.file])).toEqual([
      ["medications/repeat", "areas/medications/repeat.route.ts"],
      ["medication", "areas/medications/old-address.route.ts"],
    ]);
    // The whole registry: each address once, outside the shell.
    const all = flatten(routes);
    const shell = flatten(all.find((r) => r.file === "shell/layout.route.tsx")?.children ?? []);
    for (const entry of areaResourceRoutes()) {
      expect(all.filter((r) => r.path === entry.path).map((r) => r.file)).toEqual([entry.file]);
      expect(shell.some((r) => r.path === entry.path)).toBe(false);
    }
    expect(areaResourceRoutes().map((r) => r.path)).toEqual(expect.arrayContaining(["emails/step", "emails/attachment/:id/:n", "accounts/pay", "summary/pdf"]));
  });

  it("puts the built areas' screens inside the signed-in shell, and no other area's path", () => {
    const all = flatten(routes);
    const shell = all.find((r) => r.file === "shell/layout.route.tsx");
    const inShell = flatten(shell?.children ?? []);
    expect(inShell.find((r) => r.path === "accounts")?.file).toBe("areas/accounts/page.route.tsx");
    expect(inShell.find((r) => r.path === "reports")?.file).toBe("areas/results/page.route.tsx");
    expect(inShell.find((r) => r.path === "letters")?.file).toBe("areas/letters/page.route.tsx");
    expect(inShell.find((r) => r.path === "resources")?.file).toBe("areas/resources/page.route.tsx");
    expect(inShell.find((r) => r.path === "medications")?.file).toBe("areas/medications/page.route.tsx");
    expect(inShell.find((r) => r.path === "allergies")?.file).toBe("areas/health/allergies/page.route.tsx");
    expect(inShell.find((r) => r.path === "diagnosis")?.file).toBe("areas/health/diagnosis/page.route.tsx");
    expect(inShell.find((r) => r.path === "reminders")?.file).toBe("areas/health/reminders/page.route.tsx");
    expect(inShell.find((r) => r.path === "immunisation")?.file).toBe("areas/health/immunisation/page.route.tsx");
    expect(inShell.find((r) => r.path === "vitals")?.file).toBe("areas/health/vitals/page.route.tsx");
    expect(inShell.find((r) => r.path === "timeline")?.file).toBe("areas/health/timeline/page.route.tsx");
    expect(inShell.find((r) => r.path === "appointments")?.file).toBe("areas/appointments/page.route.tsx");
    expect(inShell.find((r) => r.path === "emails")?.file).toBe("areas/messaging/page.route.tsx");
  });
});
