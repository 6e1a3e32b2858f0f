import { endpoints } from "@contract/endpoints";
import { documentsPageSizes } from "@contract/documents";
import type { PracticeApi } from "./api.server";

/**
 * The letter calls of 2§7. Letters are the viewed patient's (userid). These two calls take the
 * session's Token as a query parameter: the contract says so, and the practice client adds it.
 */

export interface LetterCaller {
  api: PracticeApi;
  patientId: string;
}

export function getLetters({ api, patientId }: LetterCaller, page: number) {
  return api.call(endpoints.letters, { query: { PatientID: patientId, PageSize: documentsPageSizes.letters, PageNumber: page } });
}

/** `range`: "YYYY-MM-DD 00:00:00" to "YYYY-MM-DD 23:59:59" (2§5); the practice answers every letter in it. */
export function getLettersInRange({ api, patientId }: LetterCaller, range: { StartDate: string; EndDate: string }) {
  return api.call(endpoints.letters, { query: { PatientID: patientId, ...range } });
}

export function getLetter({ api, patientId }: LetterCaller, letterId: string) {
  return api.call(endpoints.letterById, { query: { PatientID: patientId, ResultID: letterId } });
}
