import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type GetTextTranslation, type GetTextTranslations, po as poFormat } from "gettext-parser";
import type ts from "typescript";
import { type Catalogue, type CatalogueEntry, catalogueReport, isSource, type Load, parse, placeholders, readCatalogues, type ReportRow, teReoNodes } from "./catalogue-entries";
import type { Source } from "../app/lib/te-reo";

/**
 * The translator's path (issue 69, docs/translating.md): the catalogues out to a gettext PO file and back.
 *
 *   npm run words -- export [file]   every entry, te reo beside its English (reports/words.mi.po unless named)
 *   npm run words -- import <file>   the te reo of a PO file written back into the `.mi.ts` catalogues
 *   npm run words -- report          the entries of each catalogue by state
 *
 * In the PO file an entry is `msgctxt` `<catalogue>#<key path>`, `msgid` its English, `msgstr` its te
 * reo; `# source: te-aka` names its source; `#, fuzzy` marks words not yet reviewed by a te reo speaker.
 * A template's parameters are `{name}`; an entry that is code (`#, code`) is edited in its file.
 */

const CODE_NOTE = (file: string) => `edit in ${file}: this entry is code`;
const LIST_NOTE = (lines: number) => `a list: one item a line, ${lines} lines`;

/** The PO file of every entry of `catalogues`. */
export function poOf(catalogues: Catalogue[]): string {
  const translations: GetTextTranslations["translations"] = { "": { "": { msgid: "", msgstr: [""] } } };
  for (const catalogue of catalogues) {
    for (const entry of catalogue.entries) {
      const msgctxt = `${entry.catalogue}#${entry.key}`;
      const extracted = [entry.doc, entry.kind === "code" ? CODE_NOTE(catalogue.teReoFile) : undefined, entry.kind === "list" ? LIST_NOTE(entry.english.split("\n").length) : undefined].filter(Boolean).join("\n");
      const flags = [entry.reviewed ? undefined : "fuzzy", entry.kind === "code" ? "code" : undefined].filter(Boolean).join(", ");
      const translation: GetTextTranslation = {
        msgctxt,
        msgid: entry.english,
        msgstr: [entry.teReo ?? ""],
        comments: { translator: entry.source ? `source: ${entry.source}` : "", extracted, reference: `${entry.catalogue}:${entry.line}`, flag: flags },
      };
      translations[msgctxt] = { [entry.english]: translation };
    }
  }
  const table: GetTextTranslations = {
    charset: "utf-8",
    headers: {
      "Project-Id-Version": "nz-patient-portal",
      Language: "mi",
      "MIME-Version": "1.0",
      "Content-Type": "text/plain; charset=UTF-8",
      "Content-Transfer-Encoding": "8bit",
      "X-Generator": "scripts/words.ts",
    },
    translations,
  };
  return `${poFormat.compile(table).toString("utf8")}\n`;
}

export async function exportPo(root: string, files?: string[], load?: Load): Promise<string> {
  return poOf(await readCatalogues(root, files, load));
}

/** What an import did, or would have done: it writes nothing when anything is refused. */
export interface ImportResult {
  /** Files written (or that would have been), from the root. */
  written: string[];
  /** Entries refused, each with why: any refusal writes nothing. */
  refused: string[];
  /** Catalogues with no te reo yet that the file does not translate whole: nothing written for them. */
  incomplete: string[];
  /** Entries whose words, source or review changed. */
  changed: string[];
  /** What else a translator should know: entries of code left as they are, a source not known, English changed since the export. */
  notes: string[];
}

interface Planned {
  entry: CatalogueEntry;
  words: string;
  source: Source;
  reviewed: boolean;
}

const escapeTemplate = (text: string) => text.replace(/\\/g, "\\\\").replace(/`/g, "\\`").replace(/\$\{/g, "\\${");

/** The TypeScript of an entry's words: a string, an array of strings, or the English function's parameters around a template. */
export function wordsSource(entry: CatalogueEntry, words: string): string {
  if (entry.kind === "list") return `[${words.split("\n").map((line) => JSON.stringify(line)).join(", ")}]`;
  if (entry.kind !== "template") return JSON.stringify(words);
  const body = words
    .split(/(\{[A-Za-z_$][\w$]*\})/)
    .map((part) => {
      const name = /^\{([A-Za-z_$][\w$]*)\}$/.exec(part)?.[1];
      return name && entry.params.includes(name) ? `\${${name}}` : escapeTemplate(part);
    })
    .join("");
  return `(${entry.signature ?? ""}) => \`${body}\``;
}

const entrySource = (plan: Planned) => `[${wordsSource(plan.entry, plan.words)}, ${JSON.stringify(plan.source)}${plan.reviewed ? ', "reviewed"' : ""}]`;

/** The `.mi.ts` text with the planned entries' words, sources and reviews replaced, every other byte as it was. */
function rewrite(catalogue: Catalogue, text: string, plans: Planned[]): string {
  const sf = parse(catalogue.teReoFile, text);
  const { entries } = teReoNodes(sf, catalogue.single);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const plan of plans) {
    const node = entries.get(plan.entry.key);
    if (!node?.source) throw new Error(`${catalogue.teReoFile}: no entry ${plan.entry.key} to write`);
    const at = (n: ts.Node) => n.getStart(sf);
    if (plan.words !== plan.entry.teReo) edits.push({ start: at(node.words), end: node.words.end, text: wordsSource(plan.entry, plan.words) });
    if (plan.source !== node.source.text) edits.push({ start: at(node.source), end: node.source.end, text: JSON.stringify(plan.source) });
    if (plan.reviewed && !node.review) edits.push({ start: node.source.end, end: node.source.end, text: ', "reviewed"' });
    if (!plan.reviewed && node.review) edits.push({ start: node.source.end, end: node.review.end, text: "" });
  }
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

const identifier = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key));
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A new `.mi.ts` for a catalogue the PO file translates whole. */
function newCatalogue(catalogue: Catalogue, plans: Planned[]): string {
  const module = `./${path.basename(catalogue.file, ".ts")}`;
  const englishName = (name: string) => (catalogue.single ? "english" : `english${capitalised(name)}`);
  interface Tree {
    [key: string]: Tree | Planned;
  }
  const trees = new Map<string, Tree>();
  for (const plan of plans) {
    const parts = plan.entry.key.split(".");
    const name = catalogue.single ? catalogue.exports[0] : parts.shift()!;
    let tree = trees.get(name) ?? {};
    trees.set(name, tree);
    for (const part of parts.slice(0, -1)) tree = (tree[part] ??= {}) as Tree;
    tree[parts[parts.length - 1]] = plan;
  }
  const draw = (tree: Tree, indent: string): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      "entry" in value && "words" in value ? [`${indent}${identifier(key)}: ${entrySource(value as Planned)},`] : [`${indent}${identifier(key)}: {`, ...draw(value as Tree, `${indent}  `), `${indent}},`],
    );
  const names = catalogue.exports;
  const lines = [
    `import type { ${names.map((name) => `${name} as ${englishName(name)}`).join(", ")} } from "${module}";`,
    `import { teReo } from "~/lib/te-reo";`,
    "",
    `/** ${path.basename(catalogue.file)}'s words in te reo Māori (decisions/403), imported from a translator's PO file (docs/translating.md). */`,
  ];
  for (const name of names) lines.push(`export const ${name} = teReo<typeof ${englishName(name)}>({`, ...draw(trees.get(name) ?? {}, "  "), "});");
  return `${lines.join("\n")}\n`;
}

/** Reads a PO file's te reo against the catalogues and writes it back (`write: false` only says what it would write). */
export async function importPo(root: string, po: string, options: { files?: string[]; load?: Load; write?: boolean } = {}): Promise<ImportResult> {
  const catalogues = await readCatalogues(root, options.files, options.load);
  const byContext = new Map<string, { entry: CatalogueEntry; catalogue: Catalogue }>();
  for (const catalogue of catalogues) for (const entry of catalogue.entries) byContext.set(`${entry.catalogue}#${entry.key}`, { entry, catalogue });
  const result: ImportResult = { written: [], refused: [], incomplete: [], changed: [], notes: [] };
  const plans = new Map<Catalogue, Planned[]>();

  const table = poFormat.parse(po);
  for (const [context, byId] of Object.entries(table.translations)) {
    for (const translation of Object.values(byId)) {
      if (context === "" && translation.msgid === "") continue;
      const found = byContext.get(context);
      if (!found) {
        result.refused.push(`${context || translation.msgid}: names no entry of a catalogue`);
        continue;
      }
      const { entry, catalogue } = found;
      const flags = (translation.comments?.flag ?? "").split(",").map((flag) => flag.trim());
      const words = translation.msgstr[0] ?? "";
      if (entry.kind === "code" || flags.includes("code")) {
        if (words !== (entry.teReo ?? "")) result.notes.push(`${context}: code, left as it is: ${CODE_NOTE(catalogue.teReoFile)}`);
        continue;
      }
      if (words.trim() === "") continue;
      if (placeholders(words).join(",") !== placeholders(entry.english).join(",")) {
        result.refused.push(`${context}: its placeholders (${placeholders(words).join(", ") || "none"}) are not the English's (${placeholders(entry.english).join(", ") || "none"})`);
        continue;
      }
      if (entry.kind === "list" && words.split("\n").length !== entry.english.split("\n").length) {
        result.refused.push(`${context}: ${words.split("\n").length} lines where the English list has ${entry.english.split("\n").length}`);
        continue;
      }
      const named = /^source:\s*(\S+)/m.exec(translation.comments?.translator ?? "")?.[1];
      if (named !== undefined && !isSource(named)) result.notes.push(`${context}: source "${named}" is not one of usage, te-aka, te-reo-hapai, microsoft, drafted; kept`);
      const source: Source = named !== undefined && isSource(named) ? named : (entry.source ?? "drafted");
      let reviewed = !flags.includes("fuzzy");
      if (translation.msgid !== entry.english) {
        result.notes.push(`${context}: the English has changed since this file was made; imported as not reviewed`);
        reviewed = false;
      }
      if (catalogue.hasTeReo && words === entry.teReo && source === entry.source && reviewed === entry.reviewed) continue;
      plans.set(catalogue, [...(plans.get(catalogue) ?? []), { entry, words, source, reviewed }]);
    }
  }

  const writes: [string, string][] = [];
  for (const [catalogue, planned] of plans) {
    if (catalogue.hasTeReo) {
      const file = path.join(root, catalogue.teReoFile);
      writes.push([file, rewrite(catalogue, readFileSync(file, "utf8"), planned)]);
    } else {
      const translated = new Set(planned.map((plan) => plan.entry.key));
      const untranslated = catalogue.entries.filter((entry) => !translated.has(entry.key));
      const notObjects = catalogue.single ? [] : catalogue.exports.filter((name) => !catalogue.entries.some((entry) => entry.key.startsWith(`${name}.`)));
      if (untranslated.length > 0 || notObjects.length > 0) {
        const codes = untranslated.filter((entry) => entry.kind === "code").length;
        result.incomplete.push(
          `${catalogue.file}: ${planned.length} of ${catalogue.entries.length} entries translated${codes > 0 ? ` (${codes} are code, written by hand in ${catalogue.teReoFile})` : ""}; a te reo catalogue is written whole, so nothing is written for it`,
        );
        continue;
      }
      writes.push([path.join(root, catalogue.teReoFile), newCatalogue(catalogue, planned)]);
    }
    result.changed.push(...planned.map((plan) => `${plan.entry.catalogue}#${plan.entry.key}`));
  }
  result.written = writes.map(([file]) => path.relative(root, file).split(path.sep).join("/"));
  if (result.refused.length > 0 || options.write === false) return result;
  for (const [file, text] of writes) writeFileSync(file, text);
  return result;
}

/** The report as a table: a row per catalogue, the total last. */
export function reportTable(rows: ReportRow[]): string {
  const header = ["catalogue", "entries", "reviewed", "sourced", "drafted", "missing", "te reo"];
  const cells = rows.map((row) => [row.catalogue, row.entries, row.reviewed, row.sourced, row.drafted, row.missing, `${row.percent}%`].map(String));
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => cell[i].length)));
  const line = (cell: string[]) => cell.map((text, i) => (i === 0 ? text.padEnd(widths[i]) : text.padStart(widths[i]))).join("  ");
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [line(header), rule, ...cells.slice(0, -1).map(line), rule, line(cells[cells.length - 1])].join("\n");
}

const KEY = "reviewed: checked by a te reo speaker; sourced: from a named source (usage, te-aka, te-reo-hapai, microsoft), not reviewed; drafted: drafted here, for review; missing: no te reo yet (English in the te reo build).";

async function main(args: string[]) {
  const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
  const [command, file] = args;
  if (command === "export") {
    const target = path.resolve(file ?? path.join(root, "reports/words.mi.po"));
    mkdirSync(path.dirname(target), { recursive: true });
    const po = await exportPo(root);
    writeFileSync(target, po);
    console.log(`${(po.match(/^msgctxt /gm) ?? []).length} entries written to ${path.relative(process.cwd(), target) || target}`);
  } else if (command === "import" && file) {
    const result = await importPo(root, readFileSync(path.resolve(file), "utf8"));
    for (const refused of result.refused) console.error(`refused: ${refused}`);
    for (const incomplete of result.incomplete) console.error(`incomplete: ${incomplete}`);
    for (const note of result.notes) console.log(`note: ${note}`);
    if (result.refused.length > 0) {
      console.error(`Nothing written: ${result.refused.length} entries refused.`);
      process.exitCode = 1;
      return;
    }
    console.log(result.written.length === 0 ? "Nothing to write: the te reo is as the file has it." : `${result.changed.length} entries changed in ${result.written.join(", ")}`);
  } else if (command === "report") {
    console.log(reportTable(await catalogueReport(root)));
    console.log(`\n${KEY}`);
  } else {
    console.error("Usage: npm run words -- export [file] | import <file> | report");
    process.exitCode = 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
