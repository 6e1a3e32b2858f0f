import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type GetTextTranslation, po as poFormat } from "gettext-parser";
import { describe, expect, it } from "vitest";
import { catalogueReport, type Load } from "../../scripts/catalogue-entries";
import { exportPo, importPo } from "../../scripts/words";
import { testTempDir } from "../helpers/test-temp";

/**
 * The translator's path (issue 69, docs/translating.md): a catalogue pair written into a folder of its
 * own, exported to PO, edited as a translator would, and imported back. The portal's own files are not touched.
 */
const repo = path.resolve(import.meta.dirname, "../..");

const ENGLISH = `/** The demo's words. */
export const demoTexts = {
  /** The page's title. */
  title: "Demo page",
  /** Two of them. */
  group: { one: "One", two: "Two" },
  days: ["Monday", "Tuesday"],
  /** Greets the patient by name. */
  hello: (name: string, place: string) => \`Hello \${name}, welcome to \${place}\`,
  count: (n: number) => (n === 1 ? "1 item" : \`\${n} items\`),
} as const;
`;

const TE_REO = `import type { demoTexts as english } from "./texts";
import { teReo } from "../../lib/te-reo";

/** The demo in te reo. */
export const demoTexts = teReo<typeof english>({
  // Left as it is by every import that does not change it.
  title:   ["Whārangi whakamātau", "drafted"],
  group: { one: ["Tahi", "te-aka", "reviewed"], two: ["Rua", "te-aka"] },
  days: [["Rāhina", "Rātū"], "usage", "reviewed"],
  hello: [
    (name: string, place: string) => \`Kia ora \${name}, nau mai ki \${place}\`,
    "drafted",
  ],
  count: [(n: number) => (n === 1 ? "1 mea" : \`\${n} ngā mea\`), "drafted"],
});
`;

const OTHER = `export const otherTexts = {
  /** A's doc. */
  a: "A",
  "b-c": { d: "D" },
};
`;

const FILES = ["app/areas/demo/texts.ts", "app/lib/texts/other.ts"];

/** A fresh folder holding the pair, the catalogue without te reo, and te-reo.ts. */
function fixture(): string {
  const root = testTempDir("words-po-");
  mkdirSync(path.join(root, "app/areas/demo"), { recursive: true });
  mkdirSync(path.join(root, "app/lib/texts"), { recursive: true });
  copyFileSync(path.join(repo, "app/lib/te-reo.ts"), path.join(root, "app/lib/te-reo.ts"));
  writeFileSync(path.join(root, "app/areas/demo/texts.ts"), ENGLISH);
  writeFileSync(path.join(root, "app/areas/demo/texts.mi.ts"), TE_REO);
  writeFileSync(path.join(root, "app/lib/texts/other.ts"), OTHER);
  return root;
}

/** Each load a module of its own, so a file the import rewrote is read as it now is. */
let loads = 0;
const load: Load = (absolute) => import(/* @vite-ignore */ `${pathToFileURL(absolute).href}?load=${++loads}`) as Promise<Record<string, unknown>>;

const read = (root: string, file: string) => readFileSync(path.join(root, file), "utf8");

/** The PO file with `change` applied to the entry named `context`. */
function edit(po: string, context: string, change: (entry: GetTextTranslation) => void): string {
  const table = poFormat.parse(po);
  const entry = Object.values(table.translations[context] ?? {})[0];
  if (!entry) throw new Error(`no ${context} in the PO file`);
  change(entry);
  return poFormat.compile(table).toString("utf8");
}

const unfuzzy = (entry: GetTextTranslation) => {
  entry.comments = { ...entry.comments, flag: (entry.comments?.flag ?? "").replace(/fuzzy(, )?/, "") };
};

describe("npm run words -- export", () => {
  it("writes each entry with its context, English, te reo, doc comment, source and review", async () => {
    const root = fixture();
    const po = await exportPo(root, FILES, load);
    const table = poFormat.parse(po);
    expect(table.headers.Language).toBe("mi");
    const entry = (context: string) => Object.values(table.translations[context])[0];
    expect(entry("app/areas/demo/texts.ts#title")).toMatchObject({
      msgid: "Demo page",
      msgstr: ["Whārangi whakamātau"],
      comments: { extracted: "The page's title.", translator: "source: drafted", flag: "fuzzy" },
    });
    expect(entry("app/areas/demo/texts.ts#group.one")).toMatchObject({ msgid: "One", msgstr: ["Tahi"], comments: { extracted: "Two of them.", translator: "source: te-aka" } });
    expect(entry("app/areas/demo/texts.ts#group.one").comments?.flag).toBeUndefined();
    expect(entry("app/areas/demo/texts.ts#days")).toMatchObject({ msgid: "Monday\nTuesday", msgstr: ["Rāhina\nRātū"] });
    expect(entry("app/areas/demo/texts.ts#hello")).toMatchObject({ msgid: "Hello {name}, welcome to {place}", msgstr: ["Kia ora {name}, nau mai ki {place}"] });
    expect(entry("app/areas/demo/texts.ts#count").comments).toMatchObject({ flag: "fuzzy, code", extracted: "edit in app/areas/demo/texts.mi.ts: this entry is code" });
    expect(entry("app/lib/texts/other.ts#b-c.d")).toMatchObject({ msgid: "D", msgstr: [""], comments: { flag: "fuzzy" } });
    expect(Object.keys(table.translations).filter((context) => context !== "")).toHaveLength(8);
    expect(po).toContain('#, fuzzy\nmsgctxt "app/areas/demo/texts.ts#title"');
  });
});

describe("npm run words -- import", () => {
  it("changes nothing when the file comes back as it went out", async () => {
    const root = fixture();
    const result = await importPo(root, await exportPo(root, FILES, load), { files: FILES, load });
    expect(result).toEqual({ written: [], refused: [], incomplete: [], changed: [], notes: [] });
    expect(read(root, "app/areas/demo/texts.mi.ts")).toBe(TE_REO);
  });

  it("writes a changed entry's words and nothing else of the file", async () => {
    const root = fixture();
    const po = edit(await exportPo(root, FILES, load), "app/areas/demo/texts.ts#group.two", (entry) => (entry.msgstr = ["Tokorua"]));
    const result = await importPo(root, po, { files: FILES, load });
    expect(result.changed).toEqual(["app/areas/demo/texts.ts#group.two"]);
    expect(read(root, "app/areas/demo/texts.mi.ts")).toBe(TE_REO.replace('two: ["Rua", "te-aka"]', 'two: ["Tokorua", "te-aka"]'));
  });

  it("marks an entry reviewed when its fuzzy flag is taken away, and takes a source the translator names", async () => {
    const root = fixture();
    let po = edit(await exportPo(root, FILES, load), "app/areas/demo/texts.ts#title", unfuzzy);
    po = edit(po, "app/areas/demo/texts.ts#group.two", (entry) => {
      unfuzzy(entry);
      entry.comments = { ...entry.comments, translator: "source: te-reo-hapai" };
    });
    await importPo(root, po, { files: FILES, load });
    expect(read(root, "app/areas/demo/texts.mi.ts")).toBe(
      TE_REO.replace('["Whārangi whakamātau", "drafted"]', '["Whārangi whakamātau", "drafted", "reviewed"]').replace('two: ["Rua", "te-aka"]', 'two: ["Rua", "te-reo-hapai", "reviewed"]'),
    );
  });

  it("takes the review away when a reviewed entry comes back fuzzy", async () => {
    const root = fixture();
    const po = edit(await exportPo(root, FILES, load), "app/areas/demo/texts.ts#group.one", (entry) => (entry.comments = { ...entry.comments, flag: "fuzzy" }));
    await importPo(root, po, { files: FILES, load });
    expect(read(root, "app/areas/demo/texts.mi.ts")).toBe(TE_REO.replace('one: ["Tahi", "te-aka", "reviewed"]', 'one: ["Tahi", "te-aka"]'));
  });

  it("writes a template's words back as the English function's parameters around a template, and reads them back", async () => {
    const root = fixture();
    let po = edit(await exportPo(root, FILES, load), "app/areas/demo/texts.ts#hello", (entry) => (entry.msgstr = ["Nau mai ki {place}, {name}: `$10` ${ } \\"]));
    po = edit(po, "app/areas/demo/texts.ts#days", (entry) => (entry.msgstr = ["Mane\nTūrei"]));
    const result = await importPo(root, po, { files: FILES, load });
    expect(result.refused).toEqual([]);
    expect(read(root, "app/areas/demo/texts.mi.ts")).toBe(
      TE_REO.replace("(name: string, place: string) => `Kia ora ${name}, nau mai ki ${place}`", "(name: string, place: string) => `Nau mai ki ${place}, ${name}: \\`$10\\` \\${ } \\\\`").replace(
        '[["Rāhina", "Rātū"], "usage", "reviewed"]',
        '[["Mane", "Tūrei"], "usage", "reviewed"]',
      ),
    );
    const mi = (await load(path.join(root, "app/areas/demo/texts.mi.ts"))) as { demoTexts: { hello: (name: string, place: string) => string } };
    expect(mi.demoTexts.hello("Mere", "Ōtautahi")).toBe("Nau mai ki Ōtautahi, Mere: `$10` ${ } \\");
    const again = poFormat.parse(await exportPo(root, FILES, load));
    expect(Object.values(again.translations["app/areas/demo/texts.ts#hello"])[0].msgstr).toEqual(["Nau mai ki {place}, {name}: `$10` ${ } \\"]);
  });

  it("refuses words whose placeholders are not the English's, and then writes nothing at all", async () => {
    const root = fixture();
    let po = edit(await exportPo(root, FILES, load), "app/areas/demo/texts.ts#hello", (entry) => (entry.msgstr = ["Kia ora {ingoa}, nau mai ki {place}"]));
    po = edit(po, "app/areas/demo/texts.ts#title", (entry) => (entry.msgstr = ["Hou"]));
    const result = await importPo(root, po, { files: FILES, load });
    expect(result.refused).toEqual(["app/areas/demo/texts.ts#hello: its placeholders (ingoa, place) are not the English's (name, place)"]);
    expect(read(root, "app/areas/demo/texts.mi.ts")).toBe(TE_REO);
  });

  it("refuses a context that names no entry", async () => {
    const root = fixture();
    const table = poFormat.parse(await exportPo(root, FILES, load));
    table.translations["app/areas/demo/texts.ts#gone"] = { Gone: { msgctxt: "app/areas/demo/texts.ts#gone", msgid: "Gone", msgstr: ["Kua ngaro"] } };
    const result = await importPo(root, poFormat.compile(table).toString("utf8"), { files: FILES, load });
    expect(result.refused).toEqual(["app/areas/demo/texts.ts#gone: names no entry of a catalogue"]);
    expect(read(root, "app/areas/demo/texts.mi.ts")).toBe(TE_REO);
  });

  it("leaves an entry that is code as it is, saying so", async () => {
    const root = fixture();
    const po = edit(await exportPo(root, FILES, load), "app/areas/demo/texts.ts#count", (entry) => (entry.msgstr = ["(n: number) => `${n}`"]));
    const result = await importPo(root, po, { files: FILES, load });
    expect(result.notes).toEqual(["app/areas/demo/texts.ts#count: code, left as it is: edit in app/areas/demo/texts.mi.ts: this entry is code"]);
    expect(read(root, "app/areas/demo/texts.mi.ts")).toBe(TE_REO);
  });

  it("writes a catalogue's first te reo only when the file translates all of it", async () => {
    const root = fixture();
    const part = edit(await exportPo(root, FILES, load), "app/lib/texts/other.ts#a", (entry) => (entry.msgstr = ["Ā"]));
    const partly = await importPo(root, part, { files: FILES, load });
    expect(partly.incomplete).toEqual(["app/lib/texts/other.ts: 1 of 2 entries translated; a te reo catalogue is written whole, so nothing is written for it"]);
    expect(partly.written).toEqual([]);

    const whole = edit(part, "app/lib/texts/other.ts#b-c.d", (entry) => {
      entry.msgstr = ["Tā"];
      entry.comments = { ...entry.comments, translator: "source: usage" };
      unfuzzy(entry);
    });
    const result = await importPo(root, whole, { files: FILES, load });
    expect(result.written).toEqual(["app/lib/texts/other.mi.ts"]);
    expect(read(root, "app/lib/texts/other.mi.ts")).toBe(`import type { otherTexts as english } from "./other";
import { teReo } from "~/lib/te-reo";

/** other.ts's words in te reo Māori (decisions/403), imported from a translator's PO file (docs/translating.md). */
export const otherTexts = teReo<typeof english>({
  a: ["Ā", "drafted"],
  "b-c": {
    d: ["Tā", "usage", "reviewed"],
  },
});
`);
  });
});

describe("npm run words -- report", () => {
  it("counts each catalogue's entries by state, and their total", async () => {
    const root = fixture();
    expect(await catalogueReport(root, FILES, load)).toEqual([
      { catalogue: "app/areas/demo/texts.ts", entries: 6, reviewed: 2, sourced: 1, drafted: 3, missing: 0, percent: 100 },
      { catalogue: "app/lib/texts/other.ts", entries: 2, reviewed: 0, sourced: 0, drafted: 0, missing: 2, percent: 0 },
      { catalogue: "total", entries: 8, reviewed: 2, sourced: 1, drafted: 3, missing: 2, percent: 75 },
    ]);
  });

  it("counts a module's own function, beside its catalogue, by the teReoEntry that gives its te reo (whānau's viewReason)", async () => {
    const root = fixture();
    const file = "app/lib/texts/own.ts";
    writeFileSync(path.join(root, file), 'export function shout(name: string): string {\n  return name.toUpperCase();\n}\n\nexport const ownTexts = { a: "A" } as const;\n');
    const teReo = (shout: string) =>
      `import type { shout as englishShout, ownTexts as english } from "./own";\nimport { teReo, teReoEntry } from "../te-reo";\n\n${shout}\n\nexport const ownTexts = teReo<typeof english>({ a: ["Ā", "drafted"] });\n`;
    // A plain export has te reo the report cannot see: it counts as missing.
    writeFileSync(path.join(root, "app/lib/texts/own.mi.ts"), teReo("export const shout: typeof englishShout = (name: string) => name.toLowerCase();\nvoid teReoEntry;"));
    expect((await catalogueReport(root, [file], load))[0]).toMatchObject({ entries: 2, drafted: 1, missing: 1 });
    writeFileSync(path.join(root, "app/lib/texts/own.mi.ts"), teReo('export const shout = teReoEntry<typeof englishShout>([(name: string) => name.toLowerCase(), "drafted", "reviewed"]);'));
    expect((await catalogueReport(root, [file], load))[0]).toMatchObject({ entries: 2, reviewed: 1, drafted: 1, missing: 0, percent: 100 });
    const po = poFormat.parse(await exportPo(root, [file], load));
    expect(Object.values(po.translations[`${file}#shout`])[0]).toMatchObject({ msgstr: ["(name: string) => name.toLowerCase()"], comments: { translator: "source: drafted", flag: "code" } });
  });
});
