import { describe, expect, it } from "vitest";
import { pageOf, safeRedirectTo } from "../../app/.server/session.server";

describe("safeRedirectTo", () => {
  it("keeps a page of the portal with its query and fragment", () => {
    expect(safeRedirectTo("/accounts?tab=all&page=2#invoices")).toBe("/accounts?tab=all&page=2#invoices");
    expect(safeRedirectTo("/")).toBe("/");
  });

  it.each([
    ["another site", "//evil.example/x"],
    ["a backslash", "/\\evil.example"],
    ["a tab after the slash", "/\t/evil.example"],
    ["a newline after the slash", "/\n/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["an absolute address", "https://evil.example/"],
    ["a scheme", "javascript:alert(1)"],
    ["nothing", ""],
    ["not a string", 42],
  ])("refuses %s", (_what, value) => {
    expect(safeRedirectTo(value)).toBe("/");
  });

  it("names the page, not the data request that met an expired session", () => {
    expect(safeRedirectTo("/profile.data")).toBe("/profile");
    expect(safeRedirectTo("/_.data")).toBe("/");
    expect(safeRedirectTo("/reports/_.data")).toBe("/reports/");
    expect(safeRedirectTo("/_root.data?_routes=routes%2Fdashboard")).toBe("/");
    expect(safeRedirectTo("/accounts.data?tab=all&_routes=routes%2Faccounts")).toBe("/accounts?tab=all");
  });
});

describe("pageOf", () => {
  it("leaves a page's own address exactly as it came", () => {
    expect(pageOf(new URL("http://portal.test/reports?subject=blood+count&from=01-01-2026"))).toBe("/reports?subject=blood+count&from=01-01-2026");
  });
});
