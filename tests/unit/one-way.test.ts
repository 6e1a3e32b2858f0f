import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * One way for each job (issue 70, decisions/402): the second ways that were found, each looked for in
 * the portal's code, so none comes back unseen. Each finder is shown a planted example first.
 */
const repo = fileURLToPath(new URL("../..", import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

type Files = ReadonlyMap<string, string>;
const portalFiles: Files = new Map(sourceFiles(path.join(repo, "app")).map((file) => [path.relative(repo, file).split(path.sep).join("/"), readFileSync(file, "utf8")]));

/** Where a flow's machine lives other than its area (`app/areas/<area>/<flow>.machine.ts`, decisions/398). */
const strayMachines = (files: Files) => [...files.keys()].filter((file) => file.endsWith(".machine.ts") && !/^app\/areas\/[^/]+\/(?:[^/]+\/)?[^/]+\.machine\.ts$/.test(file));

/** A fetcher whose reply is declared by hand rather than read from its route's loader or action (`useFetcher<typeof loader>`). */
const handTypedFetchers = (files: Files) => [...files].filter(([, text]) => /useFetcher<(?!typeof\s)/.test(text)).map(([file]) => file);

/** Field errors by another name than `fields` (a reply) or `errors` (a form's state): the old `fieldErrors` property, or a reply schema's `errors`. */
const otherFieldErrorNames = (files: Files) => [...files].filter(([, text]) => /\bfieldErrors\s*[?]?:/.test(text) || /\berrors:\s*z\./.test(text)).map(([file]) => file);

/** A machine started by hand in a page, not through `useMachineWhenReached` (a page that queued events itself, or took a `send` from a child). */
const handLoadedMachines = (files: Files) => [...files].filter(([file, text]) => file.endsWith(".route.tsx") && /\bonReady\b|useMachine\(/.test(text)).map(([file]) => file);

describe("one way for each job", () => {
  it("finds each second way where one is planted", () => {
    const planted: Files = new Map([
      ["app/machines/payment/payment.machine.ts", ""],
      ["app/areas/accounts/payment.machine.ts", ""],
      ["app/areas/results/components/dialog.tsx", "const a = useFetcher<ResultDetail>();\nconst b = useFetcher<typeof loader>();"],
      ["app/areas/who-can-see/page.route.tsx", "const c = useFetcher<typeof action>();"],
      ["app/areas/messaging/compose.ts", 'z.object({ outcome: z.literal("refused"), errors: z.record(z.string(), z.string()) })'],
      ["app/areas/sign-in/view.ts", "interface View { fieldErrors: FieldErrors }"],
      ["app/lib/forms.ts", "export function fieldErrors(error) {}\nconst errors: FieldErrors = {};"],
      ["app/areas/sign-in/login.route.tsx", "const onReady = useCallback((send) => {}, []);"],
      ["app/areas/video/page.route.tsx", "const { snapshot } = useMachineWhenReached({});"],
    ]);
    expect(strayMachines(planted)).toEqual(["app/machines/payment/payment.machine.ts"]);
    expect(handTypedFetchers(planted)).toEqual(["app/areas/results/components/dialog.tsx"]);
    expect(otherFieldErrorNames(planted)).toEqual(["app/areas/messaging/compose.ts", "app/areas/sign-in/view.ts"]);
    expect(handLoadedMachines(planted)).toEqual(["app/areas/sign-in/login.route.tsx"]);
  });

  it("the portal has none of them: no machines/ folder, machines in their areas, fetchers typed by their routes, one name for field errors, machines loaded one way", () => {
    expect(existsSync(path.join(repo, "app/machines"))).toBe(false);
    expect([...portalFiles.keys()].filter((file) => file.endsWith(".machine.ts")).length).toBeGreaterThan(5);
    expect(strayMachines(portalFiles)).toEqual([]);
    expect([...portalFiles.values()].some((text) => text.includes("useFetcher<typeof"))).toBe(true);
    expect(handTypedFetchers(portalFiles)).toEqual([]);
    expect(otherFieldErrorNames(portalFiles)).toEqual([]);
    expect(handLoadedMachines(portalFiles)).toEqual([]);
  });
});
