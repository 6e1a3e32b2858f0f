import { z } from "zod";
import { HumanNameSchema, StatusReplySchema } from "./fhir";
import { defineSlots, slot } from "./slots";
import { FALSE_WORDS, readStatusCode, TRUE_WORDS } from "./truthy";
import { callsOf } from "./endpoint";

/** Identity server and sign-in calls (1§7). */

/**
 * POST {identity}/api/Authentication: which practice API serves this user. A switch-token sign-in
 * (/loginSwitch/{q}) has no user name, so the identity server is asked with q instead.
 */
export const IdentityAuthRequestSchema = z
  .object({ UserName: z.string().max(254), Password: z.string().max(1000), q: z.string().max(512).optional() })
  .superRefine((body, ctx) => {
    if (body.q) {
      if (body.UserName || body.Password) ctx.addIssue({ code: "custom", path: ["q"], message: "A switch token is sent with an empty UserName and Password" });
      return;
    }
    if (!body.UserName) ctx.addIssue({ code: "custom", path: ["UserName"], message: "Required" });
    if (!body.Password) ctx.addIssue({ code: "custom", path: ["Password"], message: "Required" });
  });
export const IdentityAuthReplySchema = z.union([
  z.object({ ACCAPIURL: z.url() }),
  StatusReplySchema,
]);

/** POST Patient/Authentication: by user name and password, or by switch token q (then both are empty). */
export const PatientAuthRequestSchema = z.object({
  UserName: z.string(),
  Password: z.string(),
  q: z.string(),
});

export const AuthSlots = defineSlots({
  token: slot.string(0, "Token"),
  passwordReset: slot.boolean(1, "IsPasswordReset"),
});

export const AuthPatientSchema = z.object({
  resourceType: z.literal("Patient"),
  id: z.string().min(1),
  name: z.array(HumanNameSchema).min(1),
  extension: AuthSlots.schema,
});

/**
 * The reply is an error object with StatusCode, or a list whose first item is the patient resource;
 * a first item without resourceType means "Your login details are incorrect." (1§7).
 */
export const PatientAuthReplySchema = z.union([
  StatusReplySchema,
  z.array(z.union([AuthPatientSchema, z.object({ resourceType: z.undefined().optional() })])),
]);
export type PatientAuthReply = z.output<typeof PatientAuthReplySchema>;

export type AuthOutcome =
  | { kind: "signedIn"; patientId: string; name: string; token: string; passwordReset: boolean }
  | { kind: "rejected"; statusCode: string; message: string }
  | { kind: "noResource" };

export function readAuthReply(reply: PatientAuthReply): AuthOutcome {
  if (!Array.isArray(reply)) {
    return { kind: "rejected", statusCode: reply.StatusCode, message: reply.ResponseMessage ?? reply.StatusMessage ?? "" };
  }
  const first = reply[0];
  if (!first || !("resourceType" in first) || first.resourceType !== "Patient") return { kind: "noResource" };
  return {
    kind: "signedIn",
    patientId: first.id,
    name: first.name[0].text ?? [first.name[0].given?.join(" "), first.name[0].family].filter(Boolean).join(" "),
    token: first.extension.token,
    passwordReset: first.extension.passwordReset,
  };
}

/** POST Patient/Logout?Token= : the token is its only parameter, sent where the table below says. */
export const LogoutReplySchema = StatusReplySchema;

/**
 * GET ValidateToken with the Token header: "truthy or falsy" (1§7). What practices send is accepted
 * as such (issue 21): a JSON boolean, a number (0 is false), the strings "true"/"false", "1"/"0",
 * "yes"/"no" in any case, and null or "" as false; and an object with a StatusCode, as the spec's other
 * calls answer, read as they are (`readStatusCode`: 1 valid, 0 or -1 not, issue 52). Any other string,
 * an object that says neither, or a list is not an answer the portal can read (a contract error, which
 * keeps the session: decisions/001), rather than a guess either way.
 */
const TokenStatusSchema = z
  .looseObject({ StatusCode: z.union([z.boolean(), z.number(), z.string(), z.null()]).optional() })
  .refine((v) => readStatusCode(v) !== "unknown", "A StatusCode that says neither valid nor not");
export const ValidateTokenReplySchema = z
  .union([z.boolean(), z.number(), z.null(), z.string().refine((v) => TRUE_WORDS.has(v.trim().toLowerCase()) || FALSE_WORDS.has(v.trim().toLowerCase()), "Not a truthy or falsy answer"), TokenStatusSchema])
  .transform((v) => (v !== null && typeof v === "object" ? readStatusCode(v) === "yes" : typeof v === "string" ? TRUE_WORDS.has(v.trim().toLowerCase()) : typeof v === "number" ? v !== 0 : v === true));

const call = callsOf("Sign-in");

/** The practice API's calls of this file's area, gathered by `contract/endpoints.ts`. */
export const authEndpoints = {
  /** On the identity server, not the practice API. */
  identityAuthentication: call({ method: "POST", path: "api/Authentication", needsToken: false, body: IdentityAuthRequestSchema, reply: IdentityAuthReplySchema, summary: "Find the practice API address (ACCAPIURL) for a user" }),
  patientAuthentication: call({ method: "POST", path: "Patient/Authentication", needsToken: false, body: PatientAuthRequestSchema, reply: PatientAuthReplySchema, summary: "Sign in with user name and password, or a switch token" }),
  logout: call({ method: "POST", path: "Patient/Logout", needsToken: true, tokenIn: "query", reply: LogoutReplySchema, summary: "End a session's token" }),
  validateToken: call({ method: "GET", path: "ValidateToken", needsToken: true, reply: ValidateTokenReplySchema, summary: "Check that a session token is still valid" }),
} as const;
