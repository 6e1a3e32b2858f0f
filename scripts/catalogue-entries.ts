import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { CATALOGUE, SOURCES, type Source } from "../app/lib/te-reo";

/**
 * The portal's catalogues entry by entry (issue 69, decisions/403), as the translator's path reads them
 * (`scripts/words.ts`: export, import, report). The English and te reo modules are imported for their
 * words; their sources are read as TypeScript for what the modules do not keep: an entry's doc comment,
 * its te reo source and review, and whether a function is a plain template of string parameters.
 *
 * An entry is named by its catalogue's path and its key path, `app/areas/sign-in/texts.ts#summaryMissing.both`;
 * the key path starts with the export's name when the module exports more than one catalogue, or the
 * export is not an object of entries.
 */

/** What an entry holds: words, a list of words (one a line in the PO file), a template of `{name}` placeholders, or code a translator edits in the file. */
export type EntryKind = "text" | "list" | "template" | "code";

export interface CatalogueEntry {
  /** The English catalogue, from the repository's root: `app/areas/sign-in/texts.ts`. */
  catalogue: string;
  /** The key path within it: `summaryMissing.both`. */
  key: string;
  kind: EntryKind;
  /** The English words (a list joined by new lines; a template with `{name}` placeholders; code as written). */
  english: string;
  /** The te reo words in the same form, undefined while the catalogue has no te reo. */
  teReo?: string;
  /** A template's parameters, by their English names. */
  params: string[];
  /** A template's English parameter list as written, `name: string, when: string`: an imported template's function takes it. */
  signature?: string;
  /** The te reo's source and review, where there is te reo. */
  source?: Source;
  reviewed: boolean;
  /** The English catalogue's doc comments on the entry and on the groups that hold it. */
  doc?: string;
  /** The English entry's line, from 1. */
  line: number;
}

export interface Catalogue {
  file: string;
  /** Its te reo, beside it: `app/areas/sign-in/texts.mi.ts`. */
  teReoFile: string;
  hasTeReo: boolean;
  /** Whether key paths leave out the export's name (singleObject). */
  single: boolean;
  /** The runtime exports, in the order the module gives them. */
  exports: string[];
  entries: CatalogueEntry[];
}

export const isSource = (name: string): name is Source => (SOURCES as readonly string[]).includes(name);

/** The English catalogues under `app/`, as the te reo build finds them (CATALOGUE), sorted. */
export function catalogueFiles(root: string): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === "+types" || entry.name === "node_modules" ? [] : walk(relative);
      return CATALOGUE.test(relative) ? [relative] : [];
    });
  return existsSync(path.join(root, "app")) ? walk("app").sort() : [];
}

export const teReoFileOf = (file: string) => file.replace(/\.ts$/, ".mi.ts");

type Module = Record<string, unknown>;
export type Load = (absolute: string) => Promise<Module>;
const importModule: Load = (absolute) => import(pathToFileURL(absolute).href) as Promise<Module>;

export const parse = (file: string, text: string) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

/** An expression without its `as const`, `satisfies`, type assertions and parentheses. */
function unwrap(node: ts.Expression): ts.Expression {
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node) || ts.isTypeAssertionExpression(node)) return unwrap(node.expression);
  return node;
}

/** A property's name as its key: an identifier, a string or a number. */
function keyOf(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  return undefined;
}

/** Each exported value's node in a module: a `const`'s initializer or a function's declaration. */
function exportedNodes(sf: ts.SourceFile): Map<string, ts.Node> {
  const nodes = new Map<string, ts.Node>();
  const local = new Map<string, ts.Node>();
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of sf.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
        local.set(declaration.name.text, declaration.initializer);
        if (exported(statement)) nodes.set(declaration.name.text, declaration.initializer);
      }
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      local.set(statement.name.text, statement);
      if (exported(statement)) nodes.set(statement.name.text, statement);
    } else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        const node = local.get((element.propertyName ?? element.name).text);
        if (node) nodes.set(element.name.text, node);
      }
    }
  }
  return nodes;
}

/** The nodes of an object literal's entries by key path, each with the property that holds it. */
function entriesOf(node: ts.Expression, at: string, into: Map<string, { value: ts.Expression; property: ts.Node }>) {
  const object = unwrap(node);
  if (!ts.isObjectLiteralExpression(object)) return;
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property) && !ts.isMethodDeclaration(property)) continue;
    const key = keyOf(property.name);
    if (key === undefined) continue;
    const where = at ? `${at}.${key}` : key;
    if (ts.isMethodDeclaration(property)) {
      into.set(where, { value: property as unknown as ts.Expression, property });
      continue;
    }
    into.set(where, { value: property.initializer, property });
    entriesOf(property.initializer, where, into);
  }
}

/** The doc comments (`/** … *\/`) just before a node, as plain lines. */
function docOf(sf: ts.SourceFile, node: ts.Node): string | undefined {
  const text = sf.getFullText();
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  const docs = ranges
    .map((range) => text.slice(range.pos, range.end))
    .filter((comment) => comment.startsWith("/**"))
    .map((comment) =>
      comment
        .replace(/^\/\*\*/, "")
        .replace(/\*\/$/, "")
        .split("\n")
        .map((line) => line.replace(/^\s*\*( ?)/, "").trimEnd())
        .join("\n")
        .trim(),
    );
  return docs.length > 0 ? docs.join("\n") : undefined;
}

/** A function of string parameters that returns one template or string, placing only its parameters: its parameters' names, else undefined. */
export function simpleTemplate(node: ts.Node | undefined, requireStringTypes: boolean): string[] | undefined {
  if (!node || !(ts.isArrowFunction(node) || ts.isFunctionExpression(node))) return undefined;
  const params: string[] = [];
  for (const parameter of node.parameters) {
    if (!ts.isIdentifier(parameter.name) || parameter.dotDotDotToken || parameter.questionToken || parameter.initializer) return undefined;
    if (requireStringTypes && parameter.type?.kind !== ts.SyntaxKind.StringKeyword) return undefined;
    params.push(parameter.name.text);
  }
  let body: ts.Node = node.body;
  if (ts.isBlock(body)) {
    if (body.statements.length !== 1 || !ts.isReturnStatement(body.statements[0]) || !body.statements[0].expression) return undefined;
    body = body.statements[0].expression;
  }
  body = unwrap(body as ts.Expression);
  if (ts.isStringLiteral(body) || ts.isNoSubstitutionTemplateLiteral(body)) return params;
  if (!ts.isTemplateExpression(body)) return undefined;
  return body.templateSpans.every((span) => ts.isIdentifier(span.expression) && params.includes(span.expression.text)) ? params : undefined;
}

/** The placeholders a template's words hold, `{name}`, each once, sorted. */
export const placeholders = (words: string) => [...new Set([...words.matchAll(/\{([A-Za-z_$][\w$]*)\}/g)].map((match) => match[1]))].sort();

/** A te reo entry's array literal: its words, source and review nodes. */
export interface TeReoNode {
  array: ts.ArrayLiteralExpression;
  words: ts.Expression;
  source?: ts.StringLiteral;
  review?: ts.StringLiteral;
}

/** An entry's array literal, `[words, source]` or `[words, source, "reviewed"]`, as its nodes; undefined for anything else. */
function entryNode(value: ts.Expression): TeReoNode | undefined {
  if (!ts.isArrayLiteralExpression(value)) return undefined;
  const [words, source, review] = value.elements;
  if (!words || !source || !ts.isStringLiteral(source) || !isSource(source.text)) return undefined;
  return { array: value, words, source, review: review && ts.isStringLiteral(review) ? review : undefined };
}

/**
 * The te reo entries of a `.mi.ts` file, by the same key paths as its English, and each export's `teReo(...)` object.
 * An export that is one entry of its own, `teReoEntry([words, source])` (a function beside the catalogues), is named by its export.
 */
export function teReoNodes(sf: ts.SourceFile, single: boolean): { entries: Map<string, TeReoNode>; objects: Map<string, ts.ObjectLiteralExpression> } {
  const entries = new Map<string, TeReoNode>();
  const objects = new Map<string, ts.ObjectLiteralExpression>();
  for (const [name, node] of exportedNodes(sf)) {
    const call = ts.isExpression(node as ts.Expression) ? unwrap(node as ts.Expression) : undefined;
    if (!call || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || !call.arguments[0]) continue;
    const argument = unwrap(call.arguments[0]);
    if (call.expression.text === "teReoEntry") {
      const entry = entryNode(argument);
      if (entry) entries.set(name, entry);
      continue;
    }
    if (call.expression.text !== "teReo" || !ts.isObjectLiteralExpression(argument)) continue;
    objects.set(name, argument);
    const found = new Map<string, { value: ts.Expression; property: ts.Node }>();
    entriesOf(argument, single ? "" : name, found);
    for (const [key, { value }] of found) {
      const entry = entryNode(value);
      if (entry) entries.set(key, entry);
    }
  }
  return { entries, objects };
}

/** A module with one export that is an object of entries names its keys alone; otherwise each key path starts with its export. */
export function singleObject(values: Module): boolean {
  const names = Object.keys(values);
  return names.length === 1 && typeof values[names[0]] === "object" && values[names[0]] !== null && !Array.isArray(values[names[0]]);
}

const isList = (value: unknown): value is readonly string[] => Array.isArray(value) && value.every((item) => typeof item === "string");

/** One catalogue's entries, its te reo beside them when there is one. */
export async function readCatalogue(root: string, file: string, load: Load = importModule): Promise<Catalogue> {
  const teReoFile = teReoFileOf(file);
  const hasTeReo = existsSync(path.join(root, teReoFile));
  const english = await load(path.join(root, file));
  const mi = hasTeReo ? await load(path.join(root, teReoFile)) : undefined;
  const single = singleObject(english);
  const sf = parse(file, readFileSync(path.join(root, file), "utf8"));
  const englishNodes = new Map<string, { value: ts.Node; property: ts.Node }>();
  for (const [name, node] of exportedNodes(sf)) {
    englishNodes.set(single ? "" : name, { value: node, property: node.parent && ts.isVariableDeclaration(node.parent) ? node.parent.parent.parent : node });
    if (ts.isExpression(node as ts.Expression)) entriesOf(node as ts.Expression, single ? "" : name, englishNodes as Map<string, { value: ts.Expression; property: ts.Node }>);
  }
  const miSf = hasTeReo ? parse(teReoFile, readFileSync(path.join(root, teReoFile), "utf8")) : undefined;
  const miNodes = miSf ? teReoNodes(miSf, single).entries : new Map<string, TeReoNode>();

  const entries: CatalogueEntry[] = [];
  const visit = (value: unknown, theirs: unknown, key: string) => {
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const [name, item] of Object.entries(value)) visit(item, (theirs as Module | undefined)?.[name], key ? `${key}.${name}` : name);
      return;
    }
    const node = englishNodes.get(key);
    const miNode = miNodes.get(key);
    // The entry's own doc comment, after those of the groups that hold it.
    const parts = key.split(".");
    const docs = parts.map((_, i) => englishNodes.get(parts.slice(0, i + 1).join("."))).flatMap((held) => (held ? [docOf(sf, held.property)] : []));
    const doc = docs.filter(Boolean).join("\n") || undefined;
    const line = node ? sf.getLineAndCharacterOfPosition(node.value.getStart(sf)).line + 1 : 1;
    const base = { catalogue: file, key, doc, line, source: miNode?.source?.text as Source | undefined, reviewed: miNode?.review?.text === "reviewed" };
    if (typeof value === "string") entries.push({ ...base, kind: "text", english: value, teReo: typeof theirs === "string" ? theirs : undefined, params: [] });
    else if (isList(value)) entries.push({ ...base, kind: "list", english: value.join("\n"), teReo: isList(theirs) ? theirs.join("\n") : undefined, params: [] });
    else if (typeof value === "function") {
      const params = simpleTemplate(node?.value, true);
      const teReoSimple = !hasTeReo || (miNode !== undefined && simpleTemplate(miNode.words, false)?.length === params?.length);
      if (params && teReoSimple) {
        const marks = params.map((name) => `{${name}}`);
        const call = (fn: unknown) => String((fn as (...args: string[]) => unknown)(...marks));
        const signature = (node?.value as ts.ArrowFunction).parameters.map((parameter) => parameter.getText(sf)).join(", ");
        entries.push({ ...base, kind: "template", english: call(value), teReo: typeof theirs === "function" ? call(theirs) : undefined, params, signature });
      } else {
        entries.push({ ...base, kind: "code", english: node ? node.value.getText(sf) : String(value), teReo: miNode && miSf ? miNode.words.getText(miSf) : undefined, params: [] });
      }
    } else entries.push({ ...base, kind: "code", english: node ? node.value.getText(sf) : String(value), teReo: undefined, params: [] });
  };
  for (const name of Object.keys(english)) visit(single ? english[name] : { [name]: english[name] }, single ? mi?.[name] : mi, "");
  return { file, teReoFile, hasTeReo, single, exports: Object.keys(english), entries };
}

/** Every catalogue of the portal (or of `files`), in path order. */
export async function readCatalogues(root: string, files = catalogueFiles(root), load: Load = importModule): Promise<Catalogue[]> {
  const catalogues: Catalogue[] = [];
  for (const file of files) catalogues.push(await readCatalogue(root, file, load));
  return catalogues;
}

/** An entry's state, as the report counts it. */
export type EntryState = "reviewed" | "sourced" | "drafted" | "missing";

export function stateOf(entry: CatalogueEntry, catalogue: Catalogue): EntryState {
  if (!catalogue.hasTeReo || entry.teReo === undefined) return "missing";
  if (entry.reviewed) return "reviewed";
  return entry.source === "drafted" ? "drafted" : "sourced";
}

export interface ReportRow {
  catalogue: string;
  entries: number;
  reviewed: number;
  sourced: number;
  drafted: number;
  missing: number;
  /** Entries in te reo, of all, in whole percent. */
  percent: number;
}

/** The entries of each catalogue by state, and their total (the last row, catalogue "total"). */
export async function catalogueReport(root: string, files?: string[], load?: Load): Promise<ReportRow[]> {
  const catalogues = await readCatalogues(root, files, load);
  const row = (name: string, entries: { entry: CatalogueEntry; catalogue: Catalogue }[]): ReportRow => {
    const counts = { reviewed: 0, sourced: 0, drafted: 0, missing: 0 };
    for (const { entry, catalogue } of entries) counts[stateOf(entry, catalogue)] += 1;
    const inTeReo = entries.length - counts.missing;
    return { catalogue: name, entries: entries.length, ...counts, percent: entries.length === 0 ? 0 : Math.floor((inTeReo / entries.length) * 100) };
  };
  const all = catalogues.flatMap((catalogue) => catalogue.entries.map((entry) => ({ entry, catalogue })));
  return [...catalogues.map((catalogue) => row(catalogue.file, catalogue.entries.map((entry) => ({ entry, catalogue })))), row("total", all)];
}
