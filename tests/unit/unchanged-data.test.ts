import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { onlyTheOpenMessageChanged } from "~/areas/messaging/address";
import { keepLoaderDataWhen, readsNothingNew } from "~/lib/unchanged-data";

/**
 * The shell's revalidation asks the rules the screens added (decisions/344): before messaging's page
 * module loads there is none, and every address change reads the shell's data again; once it has
 * added its rule, opening or closing a message does not, and anything else still does.
 */
const at = (path: string) => new URL(path, "https://portal.test");

describe("address changes that read nothing new", () => {
  it("reads the data again when no screen has said otherwise, and keeps it for the open message once messaging has", () => {
    expect(readsNothingNew(at("/emails"), at("/emails?message=42"))).toBe(false);

    keepLoaderDataWhen(onlyTheOpenMessageChanged);
    keepLoaderDataWhen(onlyTheOpenMessageChanged); // a module loaded twice (hot reload) adds it once
    expect(readsNothingNew(at("/emails"), at("/emails?message=42"))).toBe(true);
    expect(readsNothingNew(at("/emails?box=sent&message=7"), at("/emails?box=sent"))).toBe(true);
    expect(readsNothingNew(at("/emails"), at("/emails?box=sent"))).toBe(false);
    expect(readsNothingNew(at("/reports"), at("/reports?message=42"))).toBe(false);
    expect(readsNothingNew(at("/emails?message=42"), at("/reports"))).toBe(false);
  });

  it("is asked by the shell, which names no area's address rule", () => {
    const shell = readFileSync(new URL("../../app/shell/layout.route.tsx", import.meta.url), "utf8");
    expect(shell).toContain("readsNothingNew(args.currentUrl, args.nextUrl)");
    expect(shell).not.toMatch(/messag|emails/i);
  });

  it("is told by messaging's page module", () => {
    const page = readFileSync(new URL("../../app/areas/messaging/page.route.tsx", import.meta.url), "utf8");
    expect(page).toMatch(/^keepLoaderDataWhen\(onlyTheOpenMessageChanged\);$/m);
  });
});
