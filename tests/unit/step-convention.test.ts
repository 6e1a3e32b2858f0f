import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * One convention for an area's steps (decisions/280): its dispatcher and handlers live in
 * `app/areas/<area>/steps.server.ts`, beside the declaration `steps.ts`, and answer as the exported
 * `answer<Name>Steps` (`repeatSteps` → `answerRepeatSteps`), which the area's step route calls. So
 * `stepDispatcher(` is called nowhere else in app/ (app/.server/steps.server.ts only defines it), and
 * every call is made by, or is, an exported `answer…Steps`. Calls are found in the syntax tree, so a
 * comment or a document naming `stepDispatcher(` is not one.
 */
const repo = fileURLToPath(new URL("../..", import.meta.url));

/** A source file: its path from the repository's root (with "/"), and its text. */
interface Source {
  file: string;
  text: string;
}

/** Where an area's steps are answered: `app/areas/<area>/steps.server.ts`. */
const STEPS_MODULE = /^app\/areas\/[^/]+\/steps\.server\.ts$/;
/** What the answer is exported as. */
const ANSWER_NAME = /^answer[A-Z]\w*Steps$/;

const isExported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a top-level statement exports as `export function x` or `export const x = …`. */
function exportedNames(statement: ts.Statement): string[] {
  if (!isExported(statement)) return [];
  if (ts.isFunctionDeclaration(statement)) return statement.name ? [statement.name.text] : [];
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  return [];
}

/** Each call of `stepDispatcher(` that breaks the convention, as "file:line: what is wrong". */
function stepConventionBreaks(sources: readonly Source[]): string[] {
  const breaks: string[] = [];
  for (const { file, text } of sources) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "stepDispatcher") {
        const at = `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        if (!STEPS_MODULE.test(file)) breaks.push(`${at}: stepDispatcher( outside an area's steps.server.ts`);
        else {
          // The top-level statement the call is in: an exported answer…Steps, or a break.
          let top: ts.Node = node;
          while (top.parent !== source) top = top.parent;
          const names = exportedNames(top as ts.Statement);
          if (!names.some((name) => ANSWER_NAME.test(name))) breaks.push(`${at}: stepDispatcher('s answer is not exported as answer…Steps${names.length > 0 ? ` (exported as ${names.join(", ")})` : ""}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return breaks;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The portal's app/ as it is on disk. */
const portalSources = (): Source[] => sourceFiles(path.join(repo, "app")).map((full) => ({ file: path.relative(repo, full).split(path.sep).join("/"), text: readFileSync(full, "utf8") }));

describe("the step convention: an area's steps are answered by an exported answer…Steps in its steps.server.ts", () => {
  const dispatcher = (name: string) => `stepDispatcher(${name}Steps, ${name}Handlers, { begin: async (request) => ({ signedIn: await requireSession(request), request }) })`;

  it("finds the breaks in a made tree, and lets the convention through", () => {
    const made: Source[] = [
      // The convention, as a function taking deps and as a constant.
      { file: "app/areas/example/steps.server.ts", text: `export function answerExampleSteps(request: Request, deps = portalDeps): Promise<Response> {\n  return ${dispatcher("example")}(request);\n}\n` },
      { file: "app/areas/other/steps.server.ts", text: `export const answerOtherSteps = ${dispatcher("other")};\n` },
      // Named in a comment or a string only: no call.
      { file: "app/areas/example/page.server.ts", text: `/** Its steps are \`stepDispatcher(exampleSteps, …)\`, in ./steps.server.ts. */\nexport const said = "stepDispatcher(";\n` },
      // The definition is no call.
      { file: "app/.server/steps.server.ts", text: "export function stepDispatcher(area: unknown, handlers: unknown, options: unknown) {\n  return async (request: Request) => new Response();\n}\n" },
    ];
    expect(stepConventionBreaks(made)).toEqual([]);

    const planted: Source[] = [
      // In the page's server module, as medications' was.
      { file: "app/areas/medications/page.server.ts", text: `export const loadMedicationsPage = () => null;\n\nexport function repeatAction(request: Request) {\n  return ${dispatcher("repeat")}(request);\n}\n` },
      // In a route module, as the login flow's is.
      { file: "app/areas/example/step.route.ts", text: `const dispatch = ${dispatcher("example")};\nexport const action = ({ request }: { request: Request }) => dispatch(request);\n` },
      // Deeper than the area's own folder, or outside app/areas/.
      { file: "app/areas/health/vitals/steps.server.ts", text: `export const answerVitalsSteps = ${dispatcher("vitals")};\n` },
      { file: "app/.server/shared-steps.server.ts", text: `export const answerSharedSteps = ${dispatcher("shared")};\n` },
      // In the right file, under another name, not exported, or in a helper.
      { file: "app/areas/video/steps.server.ts", text: `export function signatureAction(request: Request) {\n  return ${dispatcher("video")}(request);\n}\n` },
      { file: "app/areas/accounts/steps.server.ts", text: `const answerPaySteps = ${dispatcher("pay")};\nexport const pay = answerPaySteps;\n` },
      { file: "app/areas/appointments/steps.server.ts", text: `function dispatch(request: Request) {\n  return ${dispatcher("booking")}(request);\n}\nexport const answerBookingSteps = (request: Request) => dispatch(request);\n` },
    ];
    expect(stepConventionBreaks([...made, ...planted])).toEqual([
      "app/areas/medications/page.server.ts:4: stepDispatcher( outside an area's steps.server.ts",
      "app/areas/example/step.route.ts:1: stepDispatcher( outside an area's steps.server.ts",
      "app/areas/health/vitals/steps.server.ts:1: stepDispatcher( outside an area's steps.server.ts",
      "app/.server/shared-steps.server.ts:1: stepDispatcher( outside an area's steps.server.ts",
      "app/areas/video/steps.server.ts:2: stepDispatcher('s answer is not exported as answer…Steps (exported as signatureAction)",
      "app/areas/accounts/steps.server.ts:1: stepDispatcher('s answer is not exported as answer…Steps",
      "app/areas/appointments/steps.server.ts:2: stepDispatcher('s answer is not exported as answer…Steps",
    ]);
  });

  it("the portal's app/ keeps it", () => {
    const sources = portalSources();
    // The walk reads the areas' step modules: a walk that found nothing would pass on nothing.
    expect(sources.map((s) => s.file)).toEqual(expect.arrayContaining(["app/.server/steps.server.ts", "app/areas/medications/steps.server.ts", "app/areas/sign-in/steps.server.ts"]));
    expect(stepConventionBreaks(sources)).toEqual([]);
  });
});
