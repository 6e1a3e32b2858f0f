import { describe, expect, it } from "vitest";
import { MenuItemSchema, MenuItemSlots, type Counters } from "@contract/patient";
import { AREAS, SUMMARY_CODE, type Area } from "~/lib/areas";
import { dashboardTexts } from "~/lib/texts/dashboard";
import { dashboardCards, hasArea, menuLinks } from "~/lib/menu";

const item = (typeCode: string, name = "x") => MenuItemSchema.parse({ resourceType: "Basic", id: typeCode, extension: MenuItemSlots.write({ name, typeCode }) });
/** The registry as it will be once every area has its screen. */
const allBuilt: Area[] = AREAS.map((a) => ({ ...a, module: a.module ?? `areas${a.path}/page.route.tsx` }));

describe("menu mapping (1§2 Shell)", () => {
  it("maps every type code of the spec to its route", () => {
    const codes: Record<string, string> = { "26": "/diagnosis", "16": "/medications", "11": "/emails", "14": "/appointments", "15": "/reports", "17": "/allergies", "18": "/vitals", "19": "/immunisation", "24": "/resources", "28": "/timeline", "29": "/reminders", "56": "/letters", "50": "/accounts" };
    const links = menuLinks(Object.keys(codes).map((c) => item(c)), 0, allBuilt);
    // With every health area offered, the portal's own summary follows them (decisions/275).
    expect(Object.fromEntries(links.map((l) => [l.code, l.path]))).toEqual({ ...codes, [SUMMARY_CODE]: "/summary" });
  });

  it("keeps the menu's texts", () => {
    const links = menuLinks(AREAS.flatMap((a) => (a.code ? [item(a.code)] : [])), 0, allBuilt);
    expect(links.map((l) => l.label)).toEqual(["Medications", "Test Results", "Messages", "Appointments", "Diagnosis", "Allergies", "Immunisation", "Vitals", "Timeline", "Reminders", "Resources", "Letters", "Accounts", "My health summary"]);
  });

  it("keeps the server's order and drops unknown codes and duplicates", () => {
    const links = menuLinks([item("50"), item("99"), item("14"), item("50")], 0, allBuilt);
    expect(links.map((l) => l.code)).toEqual(["50", "14"]);
  });

  it("puts the unread count on the messaging item only", () => {
    const links = menuLinks([item("11"), item("14")], 3, allBuilt);
    expect(links.find((l) => l.code === "11")?.badge).toBe(3);
    expect(links.find((l) => l.code === "14")?.badge).toBeUndefined();
    expect(menuLinks([item("11")], 0, allBuilt)[0].badge).toBeUndefined();
  });

  it("does not link an area whose screen is not built", () => {
    const links = menuLinks([item("11"), item("14")], 0, AREAS.map((a) => (a.code === "14" ? { ...a, module: "areas/appointments/page.route.tsx" as const } : a.code === "11" ? { ...a, module: undefined } : a)));
    expect(links.map((l) => l.path)).toEqual(["/appointments"]);
    expect(hasArea(links, "/appointments")).toBe(true);
    expect(hasArea(links, "/emails")).toBe(false);
  });

  it("links the areas built: Medications, Test Results, Messages, Appointments, Diagnosis, Allergies, Immunisation, Vitals, Timeline, Reminders, Resources, Letters, Accounts and My health summary", () => {
    expect(menuLinks(AREAS.flatMap((a) => (a.code ? [item(a.code)] : [])), 4).map((l) => l.path)).toEqual(["/medications", "/reports", "/emails", "/appointments", "/diagnosis", "/allergies", "/immunisation", "/vitals", "/timeline", "/reminders", "/resources", "/letters", "/accounts", "/summary"]);
  });
});

const counters: Counters = {
  InboxCounter: 3,
  MedicationsCounter: 2,
  TestResultsCounter: 0,
  AppointmentsCounter: 1,
  completedcount: 0,
  futurecount: 0,
  missedcount: 0,
  facetofacecount: 0,
  videoconsultappointmentcount: 0,
  phonetriagecount: 0,
  totalpatientappointments: 0,
};

describe("dashboard cards (1§2 Dashboard)", () => {
  it("keeps the cards' order, texts and counts", () => {
    const cards = dashboardCards(counters, []);
    expect(cards.map((c) => [c.title, c.count, "text" in c ? c.text : c.empty])).toEqual([
      ["Long Term Medications", 2, "No long term medication"],
      ["New Results", 0, "No new results"],
      ["Unread Messages", 3, "No unread messages"],
      ["Future Appointments", 1, "No future appointments"],
      // The portal's own area: no count, a sentence (decisions/275).
      ["My health summary", null, dashboardTexts.summaryCard],
    ]);
    expect(cards.every((c) => c.href === null)).toBe(true);
  });

  it("links a card to its area, with the area's own view, once the menu links the area", () => {
    const menu = menuLinks([item("14"), item("16")], 0, allBuilt);
    const cards = dashboardCards(counters, menu, allBuilt);
    expect(Object.fromEntries(cards.map((c) => [c.title, c.href]))).toEqual({
      "Long Term Medications": "/medications",
      "New Results": null,
      "Unread Messages": null,
      "Future Appointments": "/appointments?id=2",
      "My health summary": null,
    });
  });

  it("links the health summary's card once the menu offers the summary", () => {
    const menu = menuLinks(["26", "16", "17", "19", "15", "18"].map((code) => item(code)), 0, allBuilt);
    expect(dashboardCards(counters, menu, allBuilt).find((c) => c.title === "My health summary")?.href).toBe("/summary");
  });
});

describe("the portal's own area: My health summary (decisions/275)", () => {
  const health = ["26", "16", "17", "19", "15", "18"];

  it("is linked after the practice's items when the practice's menu offers every area the summary shows", () => {
    const links = menuLinks([item("14"), ...health.map((code) => item(code)), item("11")], 0, allBuilt);
    expect(links.map((l) => l.path)).toEqual(["/appointments", "/diagnosis", "/medications", "/allergies", "/immunisation", "/reports", "/vitals", "/emails", "/summary"]);
    expect(links.at(-1)).toEqual({ code: SUMMARY_CODE, label: "My health summary", path: "/summary" });
  });

  it("is not linked when the practice withholds any one of them from this person", () => {
    for (const withheld of health) {
      const links = menuLinks(health.filter((code) => code !== withheld).map((code) => item(code)), 0, allBuilt);
      expect(hasArea(links, "/summary"), `without ${withheld}`).toBe(false);
    }
  });

  it("is never linked by a practice menu item carrying its code", () => {
    expect(menuLinks([item(SUMMARY_CODE)], 0, allBuilt)).toEqual([]);
  });
});
