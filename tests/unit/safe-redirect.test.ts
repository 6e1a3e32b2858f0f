import { describe, expect, it } from "vitest";
import { pageOf, safeRedirectTo } from "~/.server/safe-redirect.server";

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
    ["a path not from the root", "accounts"],
    ["an address no browser can read", "/%2f["],
    // Refused whole, never repaired into another page.
    ["a backslash inside the path", "/accounts\\statements"],
    ["a tab inside the path", "/accounts\tx"],
    ["a control character", "/accounts\u0001"],
    ["the last control character", "/accounts\u001f"],
    ["a delete character", "/accounts\u007f"],
  ])("refuses %s", (_what, value) => {
    expect(safeRedirectTo(value)).toBe("/");
  });

  // Issue 36 (8b): dot segments, plain or percent-encoded, and encoded slashes or backslashes are
  // resolved before the checks, so what is checked is what a browser would follow.
  it.each([
    ["a dot segment before a second slash", "/.//evil.example"],
    ["a parent segment before a second slash", "/..//evil.example"],
    ["a segment and its parent before a second slash", "/a/..//evil.example"],
    ["several segments resolved away", "/a/b/../.././/evil.example"],
    ["an encoded dot", "/%2e//evil.example"],
    ["encoded parent dots", "/%2E%2E//evil.example"],
    ["encoded dots after a segment", "/a/%2e%2e//evil.example"],
    ["an encoded slash", "/%2f/evil.example"],
    ["two encoded slashes", "/%2F%2Fevil.example"],
    ["an encoded backslash", "/%5cevil.example"],
    ["an encoded backslash after a segment", "/a/..%5c/evil.example"],
  ])("refuses %s", (_what, value) => {
    expect(safeRedirectTo(value)).toBe("/");
  });

  it("keeps a page reached through dot segments as the page itself, and its answer is final", () => {
    expect(safeRedirectTo("/a/../profile")).toBe("/profile");
    expect(safeRedirectTo("/./accounts?tab=all")).toBe("/accounts?tab=all");
    // An encoded slash ending the path is read as the slash it stands for; a space is no control character.
    expect(safeRedirectTo("/letters%2F")).toBe("/letters/");
    expect(safeRedirectTo("/health summary")).toBe("/health%20summary");
    // The query may carry encoded slashes: only the path is read as a path.
    expect(safeRedirectTo("/reports?subject=a%2Fb")).toBe("/reports?subject=a%2Fb");
    for (const value of ["/a/../profile", "/.//evil.example", "/%2e%2e/%2fx", "/x/..%2f..%2f/evil.example", "/reports/_.data"]) {
      const once = safeRedirectTo(value);
      expect(safeRedirectTo(once)).toBe(once);
      expect(once.startsWith("//")).toBe(false);
    }
  });

  it("names the page, not the data request that met an expired session", () => {
    expect(safeRedirectTo("/profile.data")).toBe("/profile");
    expect(safeRedirectTo("/_.data")).toBe("/");
    expect(safeRedirectTo("/reports/_.data")).toBe("/reports/");
    expect(safeRedirectTo("/_root.data?_routes=routes%2Fdashboard")).toBe("/");
    expect(safeRedirectTo("/accounts.data?tab=all&_routes=routes%2Faccounts")).toBe("/accounts?tab=all");
    // An index route's data request: the page, without React Router's markers.
    expect(safeRedirectTo("/accounts.data?index&_routes=routes%2Faccounts")).toBe("/accounts");
    // Only the ending names a data request.
    expect(safeRedirectTo("/letters/L1.data/pdf.data")).toBe("/letters/L1.data/pdf");
  });
});

describe("pageOf", () => {
  it("leaves a page's own address exactly as it came", () => {
    expect(pageOf(new URL("http://portal.test/reports?subject=blood+count&from=01-01-2026"))).toBe("/reports?subject=blood+count&from=01-01-2026");
    // Its own parameters are its own, whatever their names.
    expect(pageOf(new URL("http://portal.test/help?topic=blood%20count&index=2&_routes=a#top"))).toBe("/help?topic=blood%20count&index=2&_routes=a#top");
  });
});
