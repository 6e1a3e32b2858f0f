import type { Bundle } from "@medplum/fhirtypes";
import { DateTime } from "luxon";
import { endpoints } from "@contract/endpoints";
import { CONDITION_LISTS, IMMUNISATION_LISTS } from "@contract/health";
import { MEDICATION_LISTS } from "@contract/medications";
import { healthPageSizes } from "@contract/health";
import { medicationsPageSizes } from "@contract/medications";
import { documentsPageSizes } from "@contract/documents";
import type { PracticeApi } from "~/.server/practice/api.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { countDocument, type DocumentRate } from "~/.server/document-rate.server";
import { requireSession } from "~/.server/proxy-access.server";
import { PRACTICE_ZONE } from "~/lib/dates";
import { HTML_LANG, LANGUAGE } from "~/lib/language";
import { furtherPages, listingExtent, sentOf } from "~/lib/listing";
import { shellTexts } from "~/shell/texts";
import { summaryBundle, summaryDocument, type PracticeRecord, type SectionKey } from "./fhir";
import { summaryTexts } from "./texts";
import { summaryViewOf, type SummaryPageData } from "./view";

/**
 * The patient summary of the person being viewed, built from the practice calls the screens make with every list
 * read whole; any failed call fails the whole summary, never handed out missing a section (decisions/272).
 */

/** At most this many pages of each list: 1,000 problems, immunisations or results, 500 medicines, 300 allergies or vitals. */
export const SUMMARY_MAX_PAGES = 10;

interface Page<R> {
  total: number | undefined;
  resources: R[];
}

interface Read<R> {
  resources: R[];
  /** Undefined when the practice does not say and there may be more than the pages read. */
  total: number | undefined;
}

async function allPages<R>(size: number, read: (page: number) => Promise<Page<R>>): Promise<Read<R>> {
  const first = await read(1);
  const rest = sentOf(first) < size ? [] : await furtherPages(first, SUMMARY_MAX_PAGES, size, read);
  const pages = [first, ...rest];
  const resources = pages.flatMap((p) => p.resources);
  // The practice's total is a hint (decisions/396): counted high, it must not call a whole section partial.
  const { count } = listingExtent({ total: first.total, read: resources.length, pagesRead: pages.length, pageSize: size, lastPage: sentOf(pages.at(-1)!), maxPages: SUMMARY_MAX_PAGES });
  return { resources, total: count };
}

export async function buildSummary(api: PracticeApi, viewed: string, generatedAt: Date = new Date()): Promise<Bundle> {
  return summaryBundle(await readSummaryRecord(api, viewed), generatedAt);
}

/** The record of the person viewed, read whole (up to the bound) from the practice; any failed call rejects it. */
export async function readSummaryRecord(api: PracticeApi, viewed: string): Promise<PracticeRecord> {
  const PatientID = viewed;
  const [patients, practices, conditions, medications, allergies, immunisations, results, vitals] = await Promise.all([
    api.call(endpoints.patient, { query: { PatientID } }),
    api.call(endpoints.organization, { query: { PatientID } }),
    allPages(healthPageSizes.conditions, (PageNumber) =>
      api.call(endpoints.conditions, { query: { PatientID, PageSize: healthPageSizes.conditions, PageNumber, TypeID: CONDITION_LISTS.all } }),
    ),
    allPages(medicationsPageSizes.medications, (PageNumber) =>
      api.call(endpoints.medications, { query: { PatientID, PageSize: medicationsPageSizes.medications, PageNumber, TypeID: MEDICATION_LISTS.all } }),
    ),
    allPages(healthPageSizes.allergies, (PageNumber) => api.call(endpoints.allergies, { query: { PatientID, PageSize: healthPageSizes.allergies, PageNumber } })),
    allPages(healthPageSizes.immunisations, (PageNumber) =>
      api.call(endpoints.immunisations, { query: { PatientID, PageSize: healthPageSizes.immunisations, PageNumber, TypeID: IMMUNISATION_LISTS.administered } }),
    ),
    allPages(documentsPageSizes.labResults, (PageNumber) => api.call(endpoints.labResults, { query: { PatientID, PageSize: documentsPageSizes.labResults, PageNumber } })),
    allPages(healthPageSizes.vitals, (PageNumber) => api.call(endpoints.vitals, { query: { PatientID, PageSize: healthPageSizes.vitals, PageNumber, ChartType: "0" } })),
  ]);
  const patient = patients.resources[0];
  const practice = practices.resources[0];
  if (!patient || patient.id !== viewed) throw new PracticeApiError("contract", endpoints.patient.path, "the practice sent no record of the person viewed");
  if (!practice) throw new PracticeApiError("contract", endpoints.organization.path, "the practice sent no practice");

  const lists = { problems: conditions, medications, allergies, immunisations, results, vitals } satisfies Record<SectionKey, Read<unknown>>;
  const partial: PracticeRecord["partial"] = {};
  for (const [key, list] of Object.entries(lists) as [SectionKey, Read<unknown>][]) {
    // With no count, a full last page may be followed by more: "the first N", never a number made up.
    if (list.total === undefined) partial[key] = { read: list.resources.length };
    else if (list.resources.length < list.total) partial[key] = { read: list.resources.length, total: list.total };
  }

  return {
    patient,
    practice,
    conditions: conditions.resources,
    medications: medications.resources,
    allergies: allergies.resources,
    immunisations: immunisations.resources,
    results: results.resources,
    vitals: vitals.resources,
    partial,
  };
}

/* ---------- The screen and its two downloads (issue 32, decisions/275) ---------- */

/** What /summary loads: the summary of the person viewed, as what it holds; a failed call is told in the shell with Retry. */
export async function loadSummaryPage(request: Request, generatedAt: Date = new Date()): Promise<SummaryPageData> {
  const { api, user } = await requireSession(request);
  const record = await readSummaryRecord(api, user.userId).catch(practiceErrorResponse);
  return summaryViewOf(summaryDocument(record, generatedAt));
}

/** The file's name: the day it was made, in the practice's time. */
export function summaryFileName(generatedAt: Date, extension: "json" | "pdf"): string {
  return `health-summary-${DateTime.fromJSDate(generatedAt, { zone: PRACTICE_ZONE }).toISODate()}.${extension}`;
}

const FHIR_JSON = "application/fhir+json";

/** GET /summary/fhir: the bundle of the person viewed (never anyone else's: the session says whom), as a file. */
export function summaryFhirResponse(request: Request, rate?: DocumentRate, generatedAt: Date = new Date()): Promise<Response> {
  return summaryFile(request, rate, async (record) => {
    const bundle = summaryBundle(record, generatedAt);
    return new Response(JSON.stringify(bundle, null, 2), { headers: fileHeaders(`${FHIR_JSON}; charset=utf-8`, summaryFileName(generatedAt, "json")) });
  });
}

/** GET /summary/pdf: the same summary as an A4 PDF, each section a table. */
export function summaryPdfResponse(request: Request, rate?: DocumentRate, generatedAt: Date = new Date()): Promise<Response> {
  return summaryFile(request, rate, async (record) => {
    // Loaded on the first PDF, not at start-up: pdf-lib and fontkit are half a second of a process's start.
    const { summaryPdf } = await import("./pdf.server");
    const bytes = await summaryPdf(summaryDocument(record, generatedAt), generatedAt);
    return new Response(Buffer.from(bytes), { headers: fileHeaders("application/pdf", summaryFileName(generatedAt, "pdf")) });
  });
}

function fileHeaders(contentType: string, fileName: string): HeadersInit {
  return { "Content-Type": contentType, "Cache-Control": "no-store", "Content-Disposition": `attachment; filename="${fileName}"`, "X-Content-Type-Options": "nosniff" };
}

/**
 * A download is counted as a document (decisions/226) and made for the session's person viewed. A
 * link followed in the browser shows a failure as a page of its own: a short page saying what went
 * wrong, with the way back, never a stack or a half file.
 */
async function summaryFile(request: Request, rate: DocumentRate | undefined, make: (record: PracticeRecord) => Promise<Response>): Promise<Response> {
  const signedIn = await requireSession(request);
  // Past the documents' limit: the same 429 and message every document route answers.
  await countDocument(signedIn, rate);
  let record: PracticeRecord;
  try {
    record = await readSummaryRecord(signedIn.api, signedIn.user.userId);
  } catch (error) {
    if (!(error instanceof PracticeApiError)) throw error;
    if (error.kind === "forbidden") return failurePage(403, summaryTexts.downloadForbidden);
    return failurePage(error.kind === "contract" ? 502 : 503, summaryTexts.downloadFailed);
  }
  return make(record);
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function failurePage(status: number, message: string): Response {
  const t = summaryTexts;
  const html = `<!doctype html><html lang="${HTML_LANG[LANGUAGE]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.downloadFailedTitle)} – ${escapeHtml(shellTexts.portalName)}</title></head><body><main><h1>${escapeHtml(t.downloadFailedTitle)}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/summary">${escapeHtml(t.backToSummary)}</a></p></main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
