import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { CATALOGUE, SOURCES } from "~/lib/te-reo";

/**
 * The te reo catalogues beside the English ones (issue 69, decisions/403): the type check holds each
 * to its English keys; this holds what it cannot see: their words, their sources and their macrons.
 */
const repo = fileURLToPath(new URL("../..", import.meta.url));
const app = path.join(repo, "app");

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : files(full);
    return [path.relative(repo, full).split(path.sep).join("/")];
  });
}

const all = files(app);
const english = all.filter((file) => CATALOGUE.test(file));
const teReo = all.filter((file) => file.endsWith(".mi.ts"));

type Module = Record<string, unknown>;
const load = (file: string) => import(/* @vite-ignore */ path.join(repo, file)) as Promise<Module>;

/** Every string a catalogue holds, and each function's words for its parameters' names (`{name}`). */
function wordsOf(value: unknown, at: string): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (typeof value === "function") return [[at, String(value)]];
  if (Array.isArray(value)) return value.flatMap((item, i) => wordsOf(item, `${at}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => wordsOf(item, `${at}.${key}`));
  return [];
}

/** Each entry of a te reo catalogue's `teReo({...})` is `[words, source]` or `[words, source, "reviewed"]`, its source one of SOURCES. */
function entryProblems(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const entry = (value: ts.Expression, key: string) => {
    if (!ts.isArrayLiteralExpression(value) || value.elements.length < 2 || value.elements.length > 3) problems.push(`${file}: ${key} is not [words, source]`);
    else {
      const [, named, review] = value.elements;
      if (!ts.isStringLiteral(named!) || !(SOURCES as readonly string[]).includes(named.text)) problems.push(`${file}: ${key} has an unknown source ${named!.getText(sf)}`);
      if (review && !(ts.isStringLiteral(review) && review.text === "reviewed")) problems.push(`${file}: ${key} is marked ${review.getText(sf)}, not "reviewed"`);
    }
  };
  const entries = (node: ts.ObjectLiteralExpression, at: string) => {
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const key = `${at}${property.name.getText(sf)}`;
      const value = property.initializer;
      if (ts.isObjectLiteralExpression(value)) entries(value, `${key}.`);
      else entry(value, key);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.getText(sf) === "teReo" && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) entries(node.arguments[0], "");
    // An export that is one entry of its own (teReoEntry), named by the export that holds it.
    if (ts.isCallExpression(node) && node.expression.getText(sf) === "teReoEntry" && node.arguments[0]) {
      const declaration = node.parent;
      entry(node.arguments[0], ts.isVariableDeclaration(declaration) ? declaration.name.getText(sf) : "teReoEntry");
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return problems;
}

describe("the te reo catalogues", () => {
  it("are found by the name the te reo build looks for, each beside its English", () => {
    expect(english.length).toBeGreaterThan(30);
    expect(teReo.length).toBeGreaterThan(0);
    expect(teReo.filter((file) => !english.includes(file.replace(/\.mi\.ts$/, ".ts")))).toEqual([]);
    expect(["app/areas/a/texts.ts", "app/areas/a/signup-texts.ts", "app/lib/texts/errors.ts", "app/areas/a/texts.mi.ts", "app/areas/a/contexts.ts", "app/lib/texts/x/y.ts"].filter((file) => CATALOGUE.test(file))).toEqual([
      "app/areas/a/texts.ts",
      "app/areas/a/signup-texts.ts",
      "app/lib/texts/errors.ts",
    ]);
  });

  it("read each entry's source and review, a function's over several lines too", () => {
    const planted = 'export const t = teReo<typeof en>({ a: ["x", "drafted"], b: { c: [(n: string) =>\n `${n}`,\n "dictionary"] }, d: ["y", "usage", "checked"], e: "z", f: ["w", "te-aka", "reviewed"] });';
    expect(entryProblems("x.mi.ts", planted)).toEqual(['x.mi.ts: b.c has an unknown source "dictionary"', 'x.mi.ts: d is marked "checked", not "reviewed"', "x.mi.ts: e is not [words, source]"]);
    const own = 'export const g = teReoEntry<typeof en>([(n: string) => `${n}`, "drafted"]);\nexport const h = teReoEntry<typeof en>([(n: string) => n, "glossary"]);';
    expect(entryProblems("y.mi.ts", own)).toEqual(['y.mi.ts: h has an unknown source "glossary"']);
  });

  it("give every English export its te reo, each entry words of its own, with a known source, and functions of the same parameters", async () => {
    const problems: string[] = [];
    for (const file of teReo) {
      const [mi, en] = await Promise.all([load(file), load(file.replace(/\.mi\.ts$/, ".ts"))]);
      expect(Object.keys(mi).sort(), file).toEqual(Object.keys(en).sort());
      const source = readFileSync(path.join(repo, file), "utf8");
      problems.push(...entryProblems(file, source));
      for (const name of Object.keys(en)) {
        const miWords = new Map(wordsOf(mi[name], name));
        for (const [at] of wordsOf(en[name], name)) {
          const theirs = miWords.get(at);
          if (theirs === undefined || theirs.trim() === "") problems.push(`${file}: ${at} has no words`);
        }
      }
      for (const [at, words] of wordsOf(mi, "")) if (/\bMaori\b|\bwhanau\b|\bWhanau\b/.test(words)) problems.push(`${file}: ${at} writes Māori or whānau without its macron`);
    }
    expect(problems).toEqual([]);
  });
});
