/**
 * `npm run mutation:survivors`: the mutants the last `npm run mutation` left alive, one line each
 * (file:line:column, the mutator, what the code became), read from reports/mutation/mutation.json.
 * The HTML report shows the same one file at a time; this is the list to work through. Arguments are
 * parts of file paths to keep (`npm run mutation:survivors -- booking`).
 */
import { existsSync, readFileSync } from "node:fs";

const REPORT = "reports/mutation/mutation.json";
if (!existsSync(REPORT)) {
  console.error(`No ${REPORT}: run \`npm run mutation\` first.`);
  process.exit(1);
}

interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number } };
}
const report = JSON.parse(readFileSync(REPORT, "utf8")) as { files: Record<string, { mutants: Mutant[] }> };
const wanted = process.argv.slice(2);
const ALIVE = new Set(["Survived", "NoCoverage"]);

let alive = 0;
for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  if (wanted.length && !wanted.some((part) => file.includes(part))) continue;
  const left = mutants.filter((m) => ALIVE.has(m.status)).sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
  const counted = mutants.filter((m) => m.status !== "Ignored" && m.status !== "CompileError");
  const caught = counted.filter((m) => m.status === "Killed" || m.status === "Timeout").length;
  console.log(`${file}: ${caught} of ${counted.length} caught (${counted.length ? ((100 * caught) / counted.length).toFixed(1) : "-"} %), ${left.length} alive`);
  for (const m of left) {
    const becomes = (m.replacement ?? "").replace(/\s+/g, " ").slice(0, 100);
    console.log(`  ${file}:${m.location.start.line}:${m.location.start.column}  ${m.status === "NoCoverage" ? "no test reaches it" : "survived"}  ${m.mutatorName}  → ${becomes}`);
  }
  alive += left.length;
}
console.log(`${alive} alive in all`);
