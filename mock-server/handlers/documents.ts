import { DateTime } from "luxon";
import { toBundle } from "@contract/fhir";
import { planDocuments, type LabResultRecord, type LetterRecord } from "../../fixtures/builders/documents";
import { PRACTICE_ZONE, practiceAddressText } from "../../fixtures/builders/practice";
import { clinicalPdf, type ClinicalDocument } from "../documents/clinical-pdf";
import { HttpError } from "../http";
import { labResultResource, letterResource, mediaResource, observationRows, resultHtml } from "../resources/documents";
import type { WorldCore } from "../world-core";
import { DocumentStore } from "../document-store";
import { pagedBundle, practiceOf, withToken } from "./helpers";
import { mockArea, type AreaRoutes, type StoreInputs } from "../area";

/** Test results, letters and the practice's resources (2§7), with real PDFs. */

/** A query date (YYYY-MM-DD, optionally with a time) as an instant in the practice's zone. */
function instant(text: string, endOfDay: boolean): number {
  const hasTime = text.length > 10;
  const parsed = DateTime.fromISO(text.replace(" ", "T"), { zone: PRACTICE_ZONE });
  return (hasTime ? parsed : endOfDay ? parsed.endOf("day") : parsed.startOf("day")).toMillis();
}

/** Each patient's lab results and letters, planned by the builder (decisions/342). */
const plans = { documentPlans: planDocuments };

/** Lab results and letters, generated per patient on first read. */
function stores({ seed, data }: StoreInputs<typeof plans>) {
  return { documents: new DocumentStore(seed, data.staff, data.referenceDate, data.documentPlans) };
}

type World = WorldCore & ReturnType<typeof stores>;

const documentRoutes = {
  labResults: withToken(({ world, query }) => {
    const search = query.searchText?.trim().toLowerCase();
    const from = query.fromdate ? instant(query.fromdate, false) : -Infinity;
    const to = query.todate ? instant(query.todate, true) : Infinity;
    const all = world.documents.results(query.PatientID);
    const matching = search || query.fromdate || query.todate ? all.filter((r) => r.atMs >= from && r.atMs <= to && (!search || r.test.toLowerCase().includes(search))) : all;
    return pagedBundle(matching, query, labResultResource);
  }),

  labResultById: withToken(async ({ world, query }) => {
    const result = world.documents.result(query.PatientID, query.ResultID);
    if (!result) throw new HttpError(404, { error: `No result ${query.ResultID} for this patient` });
    world.documents.markRead(result);
    const detail = labResultResource(result);
    if (result.content.kind === "table") detail.observation = observationRows(result.content.observations);
    else if (result.content.kind === "html") detail.presentedForm = [{ contentType: "text/html", data: Buffer.from(resultHtml(result), "utf8").toString("base64") }];
    else detail.presentedForm = [{ contentType: "application/pdf", data: await pdfBase64(world, result.patientId, documentOfResult(result)) }];
    return toBundle([detail]);
  }),

  labChart: withToken(({ world, query }) => {
    const points = [];
    // Oldest first: the chart reads left to right in time.
    for (const r of [...world.documents.results(query.PatientID)].reverse()) {
      if (r.test !== query.labcode || r.content.kind !== "table") continue;
      const date = DateTime.fromMillis(r.atMs, { zone: PRACTICE_ZONE }).toISO({ suppressMilliseconds: true })!;
      for (const o of r.content.observations) points.push({ observationtext: o.text, observationvalue: o.value, resultdate: date });
    }
    return points;
  }),

  // The letter calls read the token from the query (2§7): the contract's tokenIn.
  letters: withToken(({ world, query }) => {
    const all = world.documents.letters(query.PatientID);
    if (query.StartDate && query.EndDate) {
      const from = instant(query.StartDate, false);
      const to = instant(query.EndDate, true);
      const matching = all.filter((l) => l.atMs >= from && l.atMs <= to);
      return toBundle(matching.map((l) => letterResource(l)), matching.length);
    }
    return pagedBundle(all, { PageNumber: query.PageNumber!, PageSize: query.PageSize! }, letterResource);
  }),

  letterById: withToken(async ({ world, query }) => {
    const letter = world.documents.letter(query.PatientID, query.ResultID);
    if (!letter) throw new HttpError(404, { error: `No letter ${query.ResultID} for this patient` });
    return toBundle([letterResource(letter, await pdfBase64(world, letter.patientId, documentOfLetter(letter)))]);
  }),

  media: withToken(({ world, query }) => {
    return pagedBundle(world.documents.media(query.PatientID), query, mediaResource);
  }),

  mediaById: withToken(async ({ world, query }) => {
    const media = world.documents.media(query.PatientID).find((m) => m.id === query.ResourceID && m.kind === "pdf");
    if (!media) throw new HttpError(404, { error: `No PDF resource ${query.ResourceID}` });
    const practice = practiceOf(world);
    return pdfBase64(world, query.PatientID, { title: media.title, date: world.documents.referenceDate, author: practice.name, paragraphs: media.paragraphs });
  }),
} satisfies AreaRoutes<World>;

type DocumentBody = Pick<ClinicalDocument, "title" | "date" | "author" | "paragraphs">;

function documentOfResult(r: LabResultRecord): DocumentBody {
  return { title: `${r.test} (${r.laboratory})`, date: DateTime.fromMillis(r.atMs, { zone: PRACTICE_ZONE }).toISO()!, author: r.author.name, paragraphs: r.content.kind === "table" ? [] : r.content.paragraphs };
}

function documentOfLetter(l: LetterRecord): DocumentBody {
  return { title: l.type, date: DateTime.fromMillis(l.atMs, { zone: PRACTICE_ZONE }).toISO()!, author: l.author.name, paragraphs: l.paragraphs };
}

/** The drawn documents, kept by their whole input, and shared by requests arriving together (decisions/226). */
const drawn = new Map<string, Promise<string>>();
const DRAWN_KEPT = 200;

async function pdfBase64(world: World, patientId: string, body: DocumentBody): Promise<string> {
  const practice = practiceOf(world);
  const p = world.store.patient.findFirst({ where: { id: { equals: patientId } }, strict: true });
  const input: ClinicalDocument = {
    ...body,
    practice: { name: practice.name, address: practiceAddressText(practice), phone: practice.phone },
    patient: { name: [...p.given, p.family].join(" "), nhi: p.nhi },
  };
  const key = JSON.stringify(input);
  let pdf = drawn.get(key);
  if (!pdf) {
    pdf = clinicalPdf(input).then((bytes) => Buffer.from(bytes).toString("base64"));
    // A failed drawing is not kept: the next request tries again.
    pdf.catch(() => drawn.delete(key));
    drawn.set(key, pdf);
    if (drawn.size > DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
  }
  return pdf;
}

/** The area as the mock lists it (mock-server/areas.ts, decisions/359). */
export const documentsArea = mockArea({ plans, stores, routes: documentRoutes });
