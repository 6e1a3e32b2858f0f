import { endpoints } from "@contract/endpoints";
import type { HelpRequest } from "@contract/account";
import { readAuthReply, type AuthOutcome } from "@contract/auth";
import { config } from "../config.server";
import { callPractice } from "./client.server";

/** Identity lookup, sign-in, sign-out and token validation (1§7). */

export type IdentityOutcome = { kind: "found"; apiBase: string } | { kind: "rejected"; message: string };

/** Asks the identity server which practice API serves this user (run before sign-in). */
export async function lookupIdentity(who: { userName: string; password: string } | { q: string }, identityUrl = config.PRACTICE_IDENTITY_URL): Promise<IdentityOutcome> {
  const reply = await callPractice(endpoints.identityAuthentication, {
    base: identityUrl,
    body: "q" in who ? { UserName: "", Password: "", q: who.q } : { UserName: who.userName, Password: who.password },
  });
  if ("ACCAPIURL" in reply) return { kind: "found", apiBase: reply.ACCAPIURL.endsWith("/") ? reply.ACCAPIURL : `${reply.ACCAPIURL}/` };
  return { kind: "rejected", message: reply.ResponseMessage ?? reply.StatusMessage ?? "" };
}

export async function authenticate(apiBase: string, credentials: { userName: string; password: string; q?: string }): Promise<AuthOutcome> {
  const reply = await callPractice(endpoints.patientAuthentication, {
    base: apiBase,
    body: { UserName: credentials.userName, Password: credentials.password, q: credentials.q ?? "" },
  });
  return readAuthReply(reply);
}

export async function logout(apiBase: string, token: string): Promise<void> {
  await callPractice(endpoints.logout, { base: apiBase, token });
}

export async function validateToken(apiBase: string, token: string): Promise<boolean> {
  return callPractice(endpoints.validateToken, { base: apiBase, token });
}

/** Forgot password (1§7), sent to the practice API's signed-out address. */
export async function requestPasswordReset(email: string, signedOutApi = config.PRACTICE_API_URL) {
  return callPractice(endpoints.forgotPassword, { base: signedOutApi, query: { Username: email } });
}

/** The Login Help request (1§3), sent to the practice API's signed-out address. */
export async function sendHelpMessage(request: HelpRequest, signedOutApi = config.PRACTICE_API_URL) {
  return callPractice(endpoints.sendHelpMessage, { base: signedOutApi, body: request });
}
