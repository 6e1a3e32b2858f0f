import { describe, expect, it } from "vitest";
import { backLinkOf } from "~/areas/preview/page.server";
import { previewHref } from "~/lib/preview-view";

describe("the full-page view's addresses (/preview)", () => {
  it("names the document's kind and id, and the view to return to", () => {
    expect(previewHref("letter", "L 1/2", "/letters?from=01-01-2026&to=31-01-2026")).toBe("/preview?type=letter&id=L+1%2F2&back=%2Fletters%3Ffrom%3D01-01-2026%26to%3D31-01-2026");
    expect(previewHref("invoice", "42")).toBe("/preview?type=invoice&id=42");
  });

  it("Back returns to the view the document was opened from, within its own area only", () => {
    expect(backLinkOf("letter", "/letters?from=01-01-2026&to=31-01-2026")).toEqual({ to: "/letters?from=01-01-2026&to=31-01-2026", area: "Letters" });
    expect(backLinkOf("invoice", "/accounts?page=3")).toEqual({ to: "/accounts?page=3", area: "Accounts" });
    expect(backLinkOf("result", null)).toEqual({ to: "/reports", area: "Test Results" });
    // Another area, another site, or a path a browser would read as another host: the area's own page.
    expect(backLinkOf("result", "/letters")).toEqual({ to: "/reports", area: "Test Results" });
    expect(backLinkOf("letter", "/lettersX")).toEqual({ to: "/letters", area: "Letters" });
    expect(backLinkOf("letter", "https://example.com/letters")).toEqual({ to: "/letters", area: "Letters" });
    expect(backLinkOf("letter", "//example.com/letters")).toEqual({ to: "/letters", area: "Letters" });
    expect(backLinkOf("letter", "/\t/example.com")).toEqual({ to: "/letters", area: "Letters" });
    expect(backLinkOf(null, "/letters")).toEqual({ to: "/", area: "Dashboard" });
  });
});
