import { endpoints } from "@contract/endpoints";
import type { PracticeApi } from "./api.server";

/**
 * The practice's terms (1§7): the profile shows and accepts them and messaging shows them before a
 * first message, so the call is shared rather than one area's. Terms are the account holder's (parentid).
 */
export function getTerms(api: PracticeApi, parentId: string, type: "1" | "2") {
  return api.call(endpoints.terms, { query: { PatientID: parentId, loadtype: type } });
}
