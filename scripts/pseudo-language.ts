import ts from "typescript";

/**
 * The pseudo-language (issue 69, decisions/403): the English catalogues with every letter of their words
 * turned into an accented one ("Book" → "Ɓóóķ"), built as the te reo build is (`npm run build:pseudo`).
 * A page of it shows at a glance which words do not come from a catalogue: they keep plain letters, and
 * e2e/pseudo-language.spec.ts finds every one.
 */

const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTED = [..."áƀçďéƒĝĥíĵķĺḿñóṕɋŕšţúṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹḾÑÓṔɊŔŠŢÚṼŴẊÝŽ"];
const PSEUDO = new Map([...PLAIN].map((letter, i) => [letter, ACCENTED[i]!]));

/** Words as the pseudo-language writes them: each ASCII letter accented, everything else kept. */
export function pseudoWords(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => PSEUDO.get(letter)!);
}

/** Whether a text holds a letter the pseudo-language would have changed: words that did not come from a catalogue. */
export const PLAIN_WORD = /[A-Za-z]{2,}/;

/**
 * A literal's source text with its letters accented and its escapes (`\n`, `\u0101`, `\${`) kept: the
 * raw text between the quotes or backticks.
 */
function pseudoSource(raw: string): string {
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i]!;
    if (char === "\\") {
      const escape = /^\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/.exec(raw.slice(i))![0];
      out += escape;
      i += escape.length - 1;
    } else out += PSEUDO.get(char) ?? char;
  }
  return out;
}

/** A string in code rather than words: a module's name, a key, a type, or a value compared with. */
function isCode(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isImportTypeNode(parent) || ts.isExternalModuleReference(parent)) return true;
  if (ts.isLiteralTypeNode(parent)) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent)) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return true;
  if (ts.isCaseClause(parent)) return true;
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    return op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken || op === ts.SyntaxKind.InKeyword;
  }
  return false;
}

/** A catalogue module's source with the words of every string and template accented, its code as it was. */
export function pseudoCatalogue(source: string, fileName: string): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isCode(node)) edits.push({ start: node.getStart(file) + 1, end: node.getEnd() - 1, text: pseudoSource(node.getText(file).slice(1, -1)) });
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head, ...node.templateSpans.map((span) => span.literal)];
      for (const part of parts) {
        // A part's text sits between its opening (` or }) and its closing (${ or `).
        const text = part.getText(file);
        const open = 1;
        const close = ts.isTemplateTail(part) ? 1 : 2;
        edits.push({ start: part.getStart(file) + open, end: part.getEnd() - close, text: pseudoSource(text.slice(open, text.length - close)) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
