import type { Bundle } from "@medplum/fhirtypes";
import { endpoints } from "../../../contract/endpoints";
import { CONDITION_LISTS, IMMUNISATION_LISTS } from "../../../contract/health";
import { MEDICATION_LISTS } from "../../../contract/medications";
import { PAGE_SIZES } from "../../../contract/page-sizes";
import type { PracticeApi } from "../../.server/practice/api.server";
import { PracticeApiError } from "../../.server/practice/client.server";
import { summaryBundle, type PracticeRecord, type SectionKey } from "./fhir";

/**
 * The patient summary of the person being viewed (a proxy's: the family member's, user.userId), built
 * from the practice calls the screens make (decisions/272). Every list is read whole up to
 * SUMMARY_MAX_PAGES pages; all first pages go out together, then each list's further pages together.
 * Any failed call fails the whole summary: a summary missing a section is never handed out as whole.
 */

/** At most this many pages of each list: 1,000 problems, immunisations or results, 500 medicines, 300 allergies or vitals. */
export const SUMMARY_MAX_PAGES = 10;

interface Page<R> {
  total: number;
  resources: R[];
}

interface Read<R> {
  resources: R[];
  total: number;
}

async function allPages<R>(size: number, read: (page: number) => Promise<Page<R>>): Promise<Read<R>> {
  const first = await read(1);
  const pages = Math.min(Math.max(1, Math.ceil(first.total / size)), SUMMARY_MAX_PAGES);
  const rest = first.resources.length < size ? [] : await Promise.all(Array.from({ length: pages - 1 }, (_, i) => read(i + 2)));
  const resources = [first, ...rest].flatMap((p) => p.resources);
  return { resources, total: Math.max(first.total, resources.length) };
}

export async function buildSummary(api: PracticeApi, viewed: string, generatedAt: Date = new Date()): Promise<Bundle> {
  const PatientID = viewed;
  const [patients, practices, conditions, medications, allergies, immunisations, results, vitals] = await Promise.all([
    api.call(endpoints.patient, { query: { PatientID } }),
    api.call(endpoints.organization, { query: { PatientID } }),
    allPages(PAGE_SIZES.conditions, (PageNumber) =>
      api.call(endpoints.conditions, { query: { PatientID, PageSize: PAGE_SIZES.conditions, PageNumber, TypeID: CONDITION_LISTS.all } }),
    ),
    allPages(PAGE_SIZES.medications, (PageNumber) =>
      api.call(endpoints.medications, { query: { PatientID, PageSize: PAGE_SIZES.medications, PageNumber, TypeID: MEDICATION_LISTS.all } }),
    ),
    allPages(PAGE_SIZES.allergies, (PageNumber) => api.call(endpoints.allergies, { query: { PatientID, PageSize: PAGE_SIZES.allergies, PageNumber } })),
    allPages(PAGE_SIZES.records, (PageNumber) =>
      api.call(endpoints.immunisations, { query: { PatientID, PageSize: PAGE_SIZES.records, PageNumber, TypeID: IMMUNISATION_LISTS.administered } }),
    ),
    allPages(PAGE_SIZES.records, (PageNumber) => api.call(endpoints.labResults, { query: { PatientID, PageSize: PAGE_SIZES.records, PageNumber } })),
    allPages(PAGE_SIZES.vitals, (PageNumber) => api.call(endpoints.vitals, { query: { PatientID, PageSize: PAGE_SIZES.vitals, PageNumber, ChartType: "0" } })),
  ]);
  const patient = patients.resources[0];
  const practice = practices.resources[0];
  if (!patient || patient.id !== viewed) throw new PracticeApiError("contract", endpoints.patient.path, "the practice sent no record of the person viewed");
  if (!practice) throw new PracticeApiError("contract", endpoints.organization.path, "the practice sent no practice");

  const lists = { problems: conditions, medications, allergies, immunisations, results, vitals } satisfies Record<SectionKey, Read<unknown>>;
  const partial: PracticeRecord["partial"] = {};
  for (const [key, list] of Object.entries(lists) as [SectionKey, Read<unknown>][]) {
    if (list.resources.length < list.total) partial[key] = { read: list.resources.length, total: list.total };
  }

  return summaryBundle(
    {
      patient,
      practice,
      conditions: conditions.resources,
      medications: medications.resources,
      allergies: allergies.resources,
      immunisations: immunisations.resources,
      results: results.resources,
      vitals: vitals.resources,
      partial,
    },
    generatedAt,
  );
}
