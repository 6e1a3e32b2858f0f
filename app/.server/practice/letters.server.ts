import { endpoints } from "../../../contract/endpoints";
import { documentsPageSizes } from "../../../contract/documents";
import type { PracticeApi } from "./api.server";

/**
 * The letter calls of 2§7. Letters are the viewed patient's (userid); these two calls take the
 * session's Token as a query parameter instead of the header.
 */

export interface LetterCaller {
  api: PracticeApi;
  token: string;
  patientId: string;
}

export function getLetters({ api, token, patientId }: LetterCaller, page: number) {
  return api.call(endpoints.letters, { query: { Token: token, PatientID: patientId, PageSize: documentsPageSizes.letters, PageNumber: page } });
}

/** `range`: "YYYY-MM-DD 00:00:00" to "YYYY-MM-DD 23:59:59" (2§5); the practice answers every letter in it. */
export function getLettersInRange({ api, token, patientId }: LetterCaller, range: { StartDate: string; EndDate: string }) {
  return api.call(endpoints.letters, { query: { Token: token, PatientID: patientId, ...range } });
}

export function getLetter({ api, token, patientId }: LetterCaller, letterId: string) {
  return api.call(endpoints.letterById, { query: { Token: token, PatientID: patientId, ResultID: letterId } });
}
