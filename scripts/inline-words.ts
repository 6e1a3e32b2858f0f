import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Words written straight into the portal's JSX rather than taken from a catalogue (issue 69,
 * decisions/403): text between tags, string attributes a person reads or hears, and string
 * literals or templates placed as children. `npx tsx scripts/inline-words.ts` lists them by file.
 */
export interface InlineWord {
  file: string;
  line: number;
  text: string;
}

/** Attributes whose value a patient reads or a screen reader speaks. */
const READ_ATTRIBUTES = new Set(["aria-label", "aria-description", "aria-roledescription", "aria-valuetext", "aria-placeholder", "title", "alt", "placeholder", "label", "summary"]);

/** A text with a letter in it: marks such as "▾", "·" or "–" are not words. */
const hasWord = (text: string) => /\p{L}/u.test(text);

export function inlineWords(file: string, source: string): InlineWord[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: InlineWord[] = [];
  const add = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/g, " ").trim();
    if (hasWord(trimmed)) found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: trimmed });
  };
  /** A string's own text; a template as written, its placeholders showing. */
  const textOf = (literal: ts.StringLiteral | ts.TemplateExpression | ts.NoSubstitutionTemplateLiteral) => (ts.isStringLiteral(literal) ? literal.text : literal.getText(sf));
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, node.text);
    else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(sf);
      if (READ_ATTRIBUTES.has(name)) {
        const value = node.initializer;
        if (ts.isStringLiteral(value)) add(value, value.text);
        else if (ts.isJsxExpression(value) && value.expression) literalsIn(value.expression).forEach((literal) => add(literal, textOf(literal)));
      }
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      literalsIn(node.expression).forEach((literal) => add(literal, textOf(literal)));
    }
    ts.forEachChild(node, visit);
  };
  /** The string literals an expression may evaluate to: itself, either side of a condition, a `??` or `||` fallback. */
  const literalsIn = (expression: ts.Expression): (ts.StringLiteral | ts.TemplateExpression | ts.NoSubstitutionTemplateLiteral)[] => {
    if (ts.isParenthesizedExpression(expression)) return literalsIn(expression.expression);
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression) || ts.isTemplateExpression(expression)) return [expression];
    if (ts.isConditionalExpression(expression)) return [...literalsIn(expression.whenTrue), ...literalsIn(expression.whenFalse)];
    if (ts.isBinaryExpression(expression) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(expression.operatorToken.kind)) return literalsIn(expression.right);
    return [];
  };
  visit(sf);
  return found;
}

function tsxFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : tsxFiles(full);
    return entry.name.endsWith(".tsx") ? [full] : [];
  });
}

/** Every inline word of the portal's pages and components (app/), by path from the repository. */
export function portalInlineWords(repo: string): InlineWord[] {
  return tsxFiles(path.join(repo, "app")).flatMap((file) => inlineWords(path.relative(repo, file).split(path.sep).join("/"), readFileSync(file, "utf8")));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const words = portalInlineWords(process.cwd());
  const byFile = new Map<string, InlineWord[]>();
  for (const word of words) byFile.set(word.file, [...(byFile.get(word.file) ?? []), word]);
  for (const [file, list] of [...byFile].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`${file} (${list.length})`);
    for (const word of list) console.log(`  ${word.line}: ${word.text}`);
  }
  console.log(`${words.length} inline words in ${byFile.size} files`);
}
