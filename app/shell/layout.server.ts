import { getCounters, getMenu, getPatient, getPractice } from "~/.server/practice/patient.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import type { SignedIn } from "~/.server/session.server";

/**
 * The shell's reads from the practice (decisions/356): the menu, the patient and the practice shown in
 * the header, and the counters behind the menu's badges. A practice that fails is the error page.
 */
export function readShell({ api, user }: Pick<SignedIn, "api" | "user">) {
  return Promise.all([
    getMenu(api, user.parentId, user.proxy === "Yes" ? user.userId : ""),
    getPatient(api, user.userId),
    getPractice(api, user.userId),
    getCounters(api, user.userId),
  ]).catch(practiceErrorResponse);
}
