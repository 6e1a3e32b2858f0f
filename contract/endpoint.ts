import type { z } from "zod";

/**
 * What a call of the practice API is, and how an area's contract file declares its calls. Each
 * contract file (`contract/<area>.ts`) holds its calls' schemas and, beside them, a table of its calls
 * made with `callsOf`: method, path, schemas, and the summary and area the OpenAPI document gives the
 * call. `contract/endpoints.ts` only gathers those tables, so a call is described once, in its area's
 * file (issue 30). Kept apart from `endpoints.ts` so that the area files can import it without
 * importing the table that imports them.
 */

/** The OpenAPI document's tags: the practice API's areas, with what each holds. */
export const ENDPOINT_AREAS = {
  "Sign-in": "Authentication, tokens, password recovery and Login Help (1§4, 1§7).",
  Patient: "The signed-in patient: menu, linked accounts, profile, practice, counters and settings (1§7).",
  Profile: "Contact details, demographics, emergency contacts, notifications, balance and terms (1§7).",
  Accounts: "Invoices, their PDFs and card payments (1§7).",
  Appointments: "Appointments, practitioners and cancellations (2§7).",
  Medications: "Medications, pharmacies and repeat requests (2§7).",
  Records: "Test results, letters, documents and resources (2§7).",
  Health: "Diagnoses, allergies, immunisations, the timeline, reminders and vitals (2§7).",
  Messaging: "Secure messages with the practice (2§7).",
} as const;

export type EndpointArea = keyof typeof ENDPOINT_AREAS;

/**
 * One call: method, path under the practice base address, query, body and reply schemas. The
 * portal's client, the mock's request validation and the contract checks all read it.
 */
export interface Endpoint<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  /** false for the calls made before a token exists. */
  needsToken: boolean;
  /**
   * Where the practice reads the session token, as 1§7 and 2§7 say: the Token header (left out, most
   * calls), or the `Token` query parameter (Logout, the notification flags' POST Patient, the letter
   * calls). The portal's client sends the header on every signed-in call and, for "query", the
   * parameter as well; the mock reads the token only where this says (decisions/369).
   */
  tokenIn?: "query";
  /**
   * Parameters of the query or body that the portal adds and 1§7 and 2§7 do not have: a practice
   * built to the spec neither requires nor reads them (decisions/372). The mock's spec-only practice
   * drops them before it reads the request.
   */
  notInSpecParameters?: { query?: readonly string[]; body?: readonly string[] };
  /**
   * A reply 1§7 and 2§7 read "but not used" (POST Patient/Message): never checked against a schema, JSON
   * or not. The client hands over the JSON value, the text when it is not JSON, or undefined for none (decisions/394).
   */
  replyUnused?: true;
  /**
   * A reply 2§7 words as text ("base64 content"): a practice may send it as a JSON string or as bare
   * text, so a body that is not JSON is checked as the text itself (issue 68, decisions/396).
   */
  replyMayBeText?: true;
  /** A POST that only reads (its parameters travel in the body); GET calls read by their method. */
  readOnly?: true;
  query?: Q;
  body?: B;
  reply: R;
}

/** A call as its contract file declares it: with what it is for, in a line (the OpenAPI summary), and its area (the tag). */
export type DocumentedEndpoint<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> = Endpoint<Q, B, R> & {
  summary: string;
  area: EndpointArea;
};

/**
 * The maker of one contract file's calls, all in `area`: `const call = callsOf("Accounts")`, then
 * `{ paymentNotice: call({ method, path, …, summary }) }`. A call without a summary fails the type check.
 */
export function callsOf<const A extends EndpointArea>(area: A) {
  return <Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(e: Endpoint<Q, B, R> & { summary: string }) => ({ ...e, area });
}
