import { describe, expect, it } from "vitest";
import { routeTable } from "../../server/observability";

// A build's manifest in miniature: the root, the shell's layout, an index, a page and a file route under it.
const manifest = {
  root: { id: "root", path: "" },
  shell: { id: "shell", parentId: "root" },
  home: { id: "home", parentId: "shell", index: true },
  emails: { id: "emails", parentId: "shell", path: "emails" },
  attachment: { id: "attachment", parentId: "shell", path: "emails/attachment/:id/:n" },
  login: { id: "login", parentId: "root", path: "login" },
} as unknown as Parameters<typeof routeTable>[0];

describe("routeTable: the pattern of a path, for metrics and logs", () => {
  it("names the deepest match's full pattern, single-fetch data requests as their page's", () => {
    const table = routeTable(manifest);
    expect(table("/")).toBe("/");
    expect(table("/_root.data")).toBe("/");
    expect(table("/emails.data")).toBe("/emails");
    expect(table("/emails/attachment/41/2")).toBe("/emails/attachment/:id/:n");
    expect(table("/login")).toBe("/login");
    expect(table("/__manifest")).toBe("/__manifest");
  });

  it("gives the same answer for a path asked again, and after more distinct paths than it keeps", () => {
    const table = routeTable(manifest);
    expect(table("/emails/attachment/1/1")).toBe("/emails/attachment/:id/:n");
    for (let id = 2; id <= 2_500; id++) expect(table(`/emails/attachment/${id}/1`)).toBe("/emails/attachment/:id/:n");
    expect(table("/emails/attachment/1/1")).toBe("/emails/attachment/:id/:n");
    expect(table("/emails")).toBe("/emails");
    expect(table("/emails")).toBe("/emails");
  });
});
