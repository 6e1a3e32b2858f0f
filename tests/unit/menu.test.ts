import { describe, expect, it } from "vitest";
import { MenuItemSchema, MenuItemSlots } from "../../contract/patient";
import { hasArea, MENU_AREAS, menuLinks } from "../../app/lib/menu";

const item = (typeCode: string, name = "x") => MenuItemSchema.parse({ resourceType: "Basic", id: typeCode, extension: MenuItemSlots.write({ name, typeCode }) });
const allBuilt = new Set(MENU_AREAS.map((a) => a.path));

describe("menu mapping (1§2 Shell)", () => {
  it("maps every type code of the spec to its route", () => {
    const codes: Record<string, string> = { "26": "/diagnosis", "16": "/medications", "11": "/emails", "14": "/appointments", "15": "/reports", "17": "/allergies", "18": "/vitals", "19": "/immunisation", "24": "/resources", "28": "/timeline", "29": "/reminders", "56": "/letters", "50": "/accounts" };
    const links = menuLinks(Object.keys(codes).map((c) => item(c)), 0, allBuilt);
    expect(Object.fromEntries(links.map((l) => [l.code, l.path]))).toEqual(codes);
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
    const links = menuLinks([item("11"), item("14")], 0, new Set(["/appointments"]));
    expect(links.map((l) => l.path)).toEqual(["/appointments"]);
    expect(hasArea(links, "/appointments")).toBe(true);
    expect(hasArea(links, "/emails")).toBe(false);
  });
});
