/**
 * `npm run contract:check -- --base-url URL --username U --password P`
 *
 * Signs in to a practice API (through its identity server, as the portal does) and runs every
 * read-only call of the contract for the signed-in patient, reporting each reply that does not parse.
 * The tool to run on the day access to a real practice API arrives. Without --base-url it starts the
 * mock in-process and signs in as solo@demo.nz; `--practice spec` makes that mock a practice as 1§7 and
 * 2§7 describe it (decisions/372).
 */
import { parseArgs } from "node:util";
import type { z } from "zod";
import { readAuthReply } from "@contract/auth";
import { endpoints, type Endpoint } from "@contract/endpoints";
import { APPOINTMENT_LISTS, NextAvailableDaysSchema } from "@contract/appointments";
import { isMessagingRole } from "@contract/roles";
import { CONDITION_LISTS, IMMUNISATION_LISTS } from "@contract/health";
import { MEDICATION_LISTS } from "@contract/medications";
import { MESSAGE_BOXES, READ_FILTERS } from "@contract/messaging";
import { accountsPageSizes } from "@contract/accounts";
import { appointmentsPageSizes } from "@contract/appointments";
import { contentTypeOf, documentsPageSizes, isReadFlag } from "@contract/documents";
import { healthPageSizes } from "@contract/health";
import { medicationsPageSizes } from "@contract/medications";
import { messagingPageSizes } from "@contract/messaging-page-sizes";
import { LOOKUP_TYPES } from "@contract/profile";
import { PROFILE_PHOTO_DOCUMENT_KEY } from "@contract/patient";

export interface CheckResult {
  call: string;
  ok: boolean;
  detail: string;
}

async function request(base: string, e: Endpoint, options: { token?: string; query?: Record<string, string | number>; body?: unknown }) {
  const url = new URL(e.path, base.endsWith("/") ? base : `${base}/`);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { Accept: "application/json" };
  // The token where the call declares it, as the portal's client sends it: the header, and the query
  // too where 1§7 and 2§7 put it there (decisions/369).
  if (options.token) headers.Token = options.token;
  if (options.token && e.tokenIn === "query") url.searchParams.set("Token", options.token);
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url, { method: e.method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  return { status: res.status, text };
}

/** Sees every reply's raw text as it arrives (the determinism test compares them byte for byte). */
export type ReplyObserver = (call: string, status: number, text: string) => void;
/** Each run's observer, keyed by its results list, so runs in parallel keep theirs apart. */
const observers = new WeakMap<CheckResult[], ReplyObserver>();

/** The reply's JSON, or its text for a call whose reply may come bare (contract/endpoint.ts replyMayBeText). */
function jsonOrText(e: Endpoint, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (e.replyMayBeText) return text;
    throw error;
  }
}

async function check<E extends Endpoint>(results: CheckResult[], name: string, base: string, e: E, options: Parameters<typeof request>[2]): Promise<z.output<E["reply"]> | undefined> {
  const call = `${e.method} ${e.path}${name ? ` (${name})` : ""}`;
  try {
    const { status, text } = await request(base, e, options);
    observers.get(results)?.(call, status, text);
    if (status !== 200) {
      results.push({ call, ok: false, detail: `HTTP ${status}: ${text.slice(0, 200)}` });
      return undefined;
    }
    const parsed = e.reply.safeParse(jsonOrText(e, text));
    if (!parsed.success) {
      results.push({ call, ok: false, detail: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ") });
      return undefined;
    }
    results.push({ call, ok: true, detail: "parses" });
    return parsed.data as z.output<E["reply"]>;
  } catch (error) {
    results.push({ call, ok: false, detail: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

/**
 * `today`: the day the booking reads start from, as YYYY-MM-DD (the machine's date unless given): a
 * world whose clock is pinned is read from its own today, so its replies do not change with the date.
 */
export async function runContractCheck(options: { identityUrl: string; username: string; password: string; onReply?: ReplyObserver; today?: string }): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  if (options.onReply) observers.set(results, options.onReply);
  const identity = await check(results, "", options.identityUrl, endpoints.identityAuthentication, { body: { UserName: options.username, Password: options.password } });
  if (!identity || !("ACCAPIURL" in identity)) {
    if (identity) results.push({ call: "sign-in", ok: false, detail: `identity server refused: ${identity.ResponseMessage ?? identity.StatusCode}` });
    return results;
  }
  const base = identity.ACCAPIURL;
  const auth = await check(results, "", base, endpoints.patientAuthentication, { body: { UserName: options.username, Password: options.password, q: "" } });
  const outcome = auth && readAuthReply(auth);
  if (!outcome || outcome.kind !== "signedIn") {
    if (outcome) results.push({ call: "sign-in", ok: false, detail: `not signed in: ${JSON.stringify(outcome)}` });
    return results;
  }
  const { token, patientId: id } = outcome;
  await check(results, "", base, endpoints.validateToken, { token });
  await check(results, "", base, endpoints.patientMenu, { token, body: { UserLoggedID: id, ProxyID: "" } });
  await check(results, "", base, endpoints.proxyUsers, { token, query: { PatientID: id } });
  await check(results, "", base, endpoints.patient, { token, query: { PatientID: id } });
  await check(results, "", base, endpoints.organization, { token, query: { PatientID: id } });
  await check(results, "", base, endpoints.refreshCounter, { token, query: { PatientID: id } });
  await check(results, "", base, endpoints.practiceSettings, { token, query: { PatientID: id, PortalSettingTypeID: "1" } });
  await check(results, "", base, endpoints.loadImage, { token, query: { PatientID: id, DocumentKey: PROFILE_PHOTO_DOCUMENT_KEY } });
  const pending = await check(results, "pending", base, endpoints.paymentNotice, { token, query: { PatientID: id, TransactionTypeID: "1", PageSize: accountsPageSizes.pendingInvoices, PageNumber: 1 } });
  await check(results, "all", base, endpoints.paymentNotice, { token, query: { PatientID: id, TransactionTypeID: "0", PageSize: accountsPageSizes.invoices, PageNumber: 1 } });
  const invoice = pending?.resources[0];
  if (invoice) await check(results, "", base, endpoints.invoicePdf, { token, query: { PatientID: id, InvoiceTransactionID: invoice.id } });
  await check(results, "", base, endpoints.accountBalance, { token, query: { PatientID: id } });
  for (const [name, type] of Object.entries(LOOKUP_TYPES)) await check(results, name, base, endpoints.lookup, { token, query: { TypeID: type, PatientID: id } });
  for (const loadtype of ["1", "2"] as const) await check(results, `loadtype ${loadtype}`, base, endpoints.terms, { token, query: { PatientID: id, loadtype } });
  for (const [box, type] of Object.entries(MESSAGE_BOXES)) {
    await check(results, box, base, endpoints.messages, { token, query: { PatientID: id, Type: "1", MessagingType: type, PageSize: messagingPageSizes.messages, PageNumber: 1 } });
  }
  // Opening a message marks it read, so only an already-read one is opened: the check changes nothing.
  const read = await check(results, "inbox, read", base, endpoints.messages, { token, query: { PatientID: id, Type: "1", MessagingType: MESSAGE_BOXES.inbox, PageSize: 1, PageNumber: 1, ReadFilter: READ_FILTERS.read } });
  const message = read?.resources[0];
  if (message) await check(results, "", base, endpoints.messageById, { token, query: { PatientID: id, MessageID: message.id } });
  const roles = await check(results, "", base, endpoints.roles, { token, query: { PatientID: id, TypeID: "1" } });
  const role = roles?.find(isMessagingRole);
  if (role) await check(results, "", base, endpoints.messagingRecipients, { token, query: { PatientID: id, RoleID: role.id, CallType: "0" } });
  // Results: opening an unread one marks it read, so a read one is opened (and charted) instead.
  const labResults = await check(results, "", base, endpoints.labResults, { token, query: { PatientID: id, PageSize: documentsPageSizes.labResults, PageNumber: 1 } });
  // A practice may leave a result's flag or name out (contract/room/documents.ts): one read and named is opened.
  const readResult = labResults?.resources.find((r) => isReadFlag(r.extension.read) && r.description);
  if (readResult?.description) {
    await check(results, "", base, endpoints.labResultById, { token, query: { PatientID: id, ResultID: readResult.id } });
    await check(results, "", base, endpoints.labChart, { token, query: { PatientID: id, labcode: readResult.description } });
  }
  const letters = await check(results, "paged", base, endpoints.letters, { token, query: { PatientID: id, PageSize: documentsPageSizes.letters, PageNumber: 1 } });
  await check(results, "date range", base, endpoints.letters, { token, query: { PatientID: id, StartDate: "2000-01-01 00:00:00", EndDate: "2100-12-31 23:59:59" } });
  const letter = letters?.resources[0];
  if (letter) await check(results, "", base, endpoints.letterById, { token, query: { PatientID: id, ResultID: letter.id } });
  const media = await check(results, "", base, endpoints.media, { token, query: { PatientID: id, PageSize: documentsPageSizes.media, PageNumber: 1 } });
  // A PDF resource has no address of its own: a link whose type a practice words as a PDF is not asked for as one.
  const pdf = media?.resources.find((m) => contentTypeOf(m.content?.contentType) === "application/pdf" && !m.content?.url);
  if (pdf) await check(results, "", base, endpoints.mediaById, { token, query: { PatientID: id, ResourceID: pdf.id } });
  for (const list of Object.values(APPOINTMENT_LISTS)) {
    await check(results, `AppointmentType ${list}`, base, endpoints.appointments, { token, query: { PatientID: id, PageSize: appointmentsPageSizes.appointments, PageNumber: 1, AppointmentType: list } });
  }
  const practitioners = await check(results, "", base, endpoints.availablePractitioners, { token, query: { PatientID: id, RoleID: "0" } });
  await check(results, "TypeID 2", base, endpoints.roles, { token, query: { PatientID: id, TypeID: "2" } });
  // The booking reads change nothing: the next rostered day of the first provider, then its slots.
  const provider = practitioners?.resources[0];
  if (provider) {
    const today = options.today ?? new Date().toISOString().slice(0, 10);
    const next = await check(results, "", base, endpoints.nextAvailableDay, { token, query: { PatientID: id, ProviderID: provider.id, AppointmentTypeID: "1", StartDate: today } });
    const day = (next && NextAvailableDaysSchema.safeParse(JSON.parse(next)).data?.[0]?.RosterDate.slice(0, 10)) || today;
    await check(results, "", base, endpoints.appointmentSlots, { token, query: { PatientID: id, ScheduleDate: day, PageSize: appointmentsPageSizes.slots, PractitionerID: provider.id, AppointmentTypeID: "1", LocationIDs: "1,2" } });
  }
  for (const list of Object.values(MEDICATION_LISTS)) await check(results, `TypeID ${list}`, base, endpoints.medications, { token, query: { PatientID: id, PageSize: medicationsPageSizes.medications, PageNumber: 1, TypeID: list } });
  await check(results, "", base, endpoints.pharmacies, { token, query: { PatientID: id, PageSize: medicationsPageSizes.pharmacies, PageNumber: 1 } });
  for (const list of Object.values(CONDITION_LISTS)) await check(results, `TypeID ${list}`, base, endpoints.conditions, { token, query: { PatientID: id, PageSize: healthPageSizes.conditions, PageNumber: 1, TypeID: list } });
  await check(results, "", base, endpoints.allergies, { token, query: { PatientID: id, PageSize: healthPageSizes.allergies, PageNumber: 1 } });
  for (const list of Object.values(IMMUNISATION_LISTS)) await check(results, `TypeID ${list}`, base, endpoints.immunisations, { token, query: { PatientID: id, PageSize: healthPageSizes.immunisations, PageNumber: 1, TypeID: list } });
  await check(results, "all", base, endpoints.timeline, { token, query: { PatientID: id, PageSize: healthPageSizes.timeline, PageNumber: 1 } });
  await check(results, "date range", base, endpoints.timeline, { token, query: { PatientID: id, PageSize: healthPageSizes.timeline, PageNumber: 1, FromDate: "2000-01-01", toDate: "2100-12-31" } });
  await check(results, "", base, endpoints.reminders, { token, query: { PatientID: id, PageSize: healthPageSizes.reminders, PageNumber: 1 } });
  await check(results, "", base, endpoints.vitals, { token, query: { PatientID: id, PageSize: healthPageSizes.vitals, PageNumber: 1, ChartType: "0" } });
  // Give the token back: the check leaves no session behind.
  await request(base, endpoints.logout, { token }).catch(() => undefined);
  return results;
}

export interface ContractCheckArgs {
  /** The identity server to sign in at; without it the embedded mock is started and checked. */
  baseUrl?: string;
  username: string;
  password: string;
  /** The practice the started mock plays (`--practice spec`); only without --base-url. */
  practice?: "mock" | "spec";
}

/** `--base-url URL` or `--base-url=URL`, and the same for the others; anything unknown or malformed throws with a clear message. */
export function parseContractCheckArgs(args: string[]): ContractCheckArgs {
  const { values } = parseArgs({ args, strict: true, options: { "base-url": { type: "string" }, username: { type: "string" }, password: { type: "string" }, practice: { type: "string" } } });
  const baseUrl = values["base-url"];
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new Error(`--base-url must be an http(s) address, e.g. https://practice.example.nz (got "${baseUrl}")`);
  const practice = values.practice;
  if (practice !== undefined && practice !== "mock" && practice !== "spec") throw new Error(`--practice must be mock or spec (got "${practice}")`);
  if (practice !== undefined && baseUrl !== undefined) throw new Error("--practice chooses the practice of the mock the check starts: leave it out with --base-url");
  return { baseUrl, username: values.username ?? "solo@demo.nz", password: values.password ?? "Kiaora2024", practice };
}

async function main() {
  let args: ContractCheckArgs;
  try {
    args = parseContractCheckArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error("Usage: npm run contract:check -- [--base-url URL] [--username U] [--password P] | [--practice spec]");
    process.exit(2);
  }
  let identityUrl = args.baseUrl;
  let close = async () => {};
  if (!identityUrl) {
    const { createMockServer } = await import("../mock-server/server");
    const mock = await createMockServer({ port: 0, defaultWorld: { practice: args.practice } });
    identityUrl = mock.url;
    close = () => mock.close();
  }
  const results = await runContractCheck({ identityUrl, username: args.username, password: args.password });
  for (const r of results) console.log(`${r.ok ? "OK  " : "FAIL"} ${r.call}${r.ok && r.detail === "parses" ? "" : `: ${r.detail}`}`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed} calls match the contract, ${failed} do not`);
  await close();
  process.exit(failed > 0 ? 1 : 0);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) void main();
