import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README's two commands run through package.json. A script naming a file that was renamed away
 * breaks `npm start` while every test still passes (the e2e suite starts the built server itself),
 * so each script's file arguments are checked here (those under build/ are made by `npm run build`).
 */
const root = path.resolve(import.meta.dirname, "../..");
const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts;

describe("package.json scripts", () => {
  it.each(Object.entries(scripts))("%s names only files that exist", (_name, command) => {
    const files = command.split(/\s+/).filter((word) => /\.(ts|js|mjs)$/.test(word) && !word.startsWith("build/"));
    for (const file of files) expect(existsSync(path.join(root, file)), `${file} in "${command}"`).toBe(true);
  });

  it("start runs the server that build bundles from scripts/serve.ts; dev runs the sources", () => {
    expect(scripts.build).toContain("npm run build:server");
    expect(scripts["build:server"]).toMatch(/^esbuild scripts\/serve\.ts .*--outdir=build\/node( |$)/);
    expect(scripts.start).toBe("npm run build && node build/node/serve.js");
    expect(scripts.dev).toBe("tsx scripts/serve.ts --dev");
  });
});

describe("contract:check's arguments", () => {
  it("reads --name value and --name=value alike, so a real practice is never silently swapped for the mock", async () => {
    const { parseContractCheckArgs } = await import("../../scripts/contract-check");
    const expected = { baseUrl: "https://practice.example.nz", username: "me@example.nz", password: "Secret-12" };
    expect(parseContractCheckArgs(["--base-url", "https://practice.example.nz", "--username", "me@example.nz", "--password", "Secret-12"])).toEqual(expected);
    expect(parseContractCheckArgs(["--base-url=https://practice.example.nz", "--username=me@example.nz", "--password=Secret-12"])).toEqual(expected);
    expect(parseContractCheckArgs([])).toEqual({ baseUrl: undefined, username: "solo@demo.nz", password: "Kiaora2024" });
  });

  it("refuses an unknown option or an address that is not http(s)", async () => {
    const { parseContractCheckArgs } = await import("../../scripts/contract-check");
    expect(() => parseContractCheckArgs(["--baseurl", "https://practice.example.nz"])).toThrow(/baseurl/);
    expect(() => parseContractCheckArgs(["--base-url", "practice.example.nz"])).toThrow(/http\(s\) address/);
  });

  it("takes --practice spec for the mock it starts, and refuses it beside --base-url or with another value", async () => {
    const { parseContractCheckArgs } = await import("../../scripts/contract-check");
    expect(parseContractCheckArgs(["--practice", "spec"])).toMatchObject({ baseUrl: undefined, practice: "spec" });
    expect(() => parseContractCheckArgs(["--practice", "real"])).toThrow(/mock or spec/);
    expect(() => parseContractCheckArgs(["--practice", "spec", "--base-url", "https://practice.example.nz"])).toThrow(/leave it out with --base-url/);
  });
});
