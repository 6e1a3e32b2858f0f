import { endpoints } from "@contract/endpoints";
import { documentsPageSizes } from "@contract/documents";
import type { PracticeApi } from "~/.server/practice/api.server";

/** The resource (media) calls of 2§7, for the viewed patient (userid). */

export function getResources(api: PracticeApi, patientId: string, page: number) {
  return api.call(endpoints.media, { query: { PatientID: patientId, PageSize: documentsPageSizes.media, PageNumber: page } });
}

/** The PDF resource's content, one base64 string. */
export function getResourcePdf(api: PracticeApi, patientId: string, resourceId: string) {
  return api.call(endpoints.mediaById, { query: { PatientID: patientId, ResourceID: resourceId } });
}
