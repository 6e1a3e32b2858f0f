import { z } from "zod";
import { StatusReplySchema } from "./fhir";
import { callsOf } from "./endpoint";

/** Forgot password, change password and the signed-out help request (1§3, 1§7). */

/** POST Patient/ForgotPassword?Username= : StatusCode "1" sent, "0" not found, with ResponseMessage. */
export const ForgotPasswordQuerySchema = z.object({ Username: z.string().trim().min(1).max(254) });
export const ForgotPasswordReplySchema = StatusReplySchema;

/** POST Patient/ChangePassword (body) and its PUT variant (query): StatusCode "1" changed, "3" refused with StatusMessage. */
export const ChangePasswordRequestSchema = z.object({
  PatientID: z.string().min(1).max(64),
  Password: z.string().min(1).max(1000),
});
export const ChangePasswordReplySchema = StatusReplySchema;

/** POST SendHelpMessage: the Login Help request. PatientID is empty (the sender is signed out). */
export const HelpRequestSchema = z.object({
  PatientID: z.literal(""),
  EmailAddress: z.string().max(254),
  /** The NHI number. */
  UID: z.string().max(7),
  FirstName: z.string().min(1).max(100),
  FamilyName: z.string().min(1).max(100),
  DOB: z.iso.date(),
  MessageSubject: z.string().min(1).max(200),
  MessageBody: z.string().min(1).max(2000),
});
export type HelpRequest = z.output<typeof HelpRequestSchema>;
export const SendHelpMessageReplySchema = StatusReplySchema;

const call = callsOf("Sign-in");

/** The practice API's calls of this file's area, gathered by `contract/endpoints.ts`. */
export const accountEndpoints = {
  forgotPassword: call({ method: "POST", path: "Patient/ForgotPassword", needsToken: false, query: ForgotPasswordQuerySchema, reply: ForgotPasswordReplySchema, summary: "Mail a temporary password to a user" }),
  changePassword: call({ method: "POST", path: "Patient/ChangePassword", needsToken: true, body: ChangePasswordRequestSchema, reply: ChangePasswordReplySchema, summary: "Change the account holder's password" }),
  /**
   * 1§7's "PUT helper variant" of the same call, which "takes a query": PatientID and Password as
   * query parameters, the same reply. The mock serves it as such a practice would; the portal sends
   * the POST, which keeps the password out of addresses (decisions/369, docs/spec-deviations.md).
   */
  changePasswordByQuery: call({ method: "PUT", path: "Patient/ChangePassword", needsToken: true, query: ChangePasswordRequestSchema, reply: ChangePasswordReplySchema, summary: "Change the account holder's password, its parameters in the query (1§7's PUT variant; the portal sends the POST)" }),
  sendHelpMessage: call({ method: "POST", path: "SendHelpMessage", needsToken: false, body: HelpRequestSchema, reply: SendHelpMessageReplySchema, summary: "Send a Login Help request to the practice" }),
} as const;
