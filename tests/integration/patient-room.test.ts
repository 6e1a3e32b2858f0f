import fc from "fast-check";
import { DomUtils, parseDocument } from "htmlparser2";
import { DateTime } from "luxon";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { accountsPageSizes } from "@contract/accounts";
import { endpoints, type Endpoint } from "@contract/endpoints";
import { PROFILE_PHOTO_DOCUMENT_KEY } from "@contract/patient";
import { ROOM } from "@contract/room";
import { sessions } from "~/.server/session.server";
import { authenticate } from "~/.server/practice/auth.server";
import { linkedAccountsOf } from "~/.server/linked-accounts.server";
import { loader as shellLoader } from "~/shell/layout.route";
import { loader as dashboardLoader } from "~/areas/dashboard/page.route";
import { CountCard } from "~/areas/dashboard/components/count-card";
import { loadProfilePage, profilePhotoResponse } from "~/areas/profile/page.server";
import { personalRows } from "~/areas/profile/components/sections";
import { invoicePdfResponse, loadAccountsPage } from "~/areas/accounts/page.server";
import { InvoiceTable } from "~/areas/accounts/components/invoice-table";
import { loadPreviewPage } from "~/areas/preview/page.server";
import { AREAS, builtAreas } from "~/lib/areas";
import { dashboardCards } from "~/lib/menu";
import { recordTexts } from "~/lib/texts/record";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";
import { answeredWith, roomReply } from "../helpers/room-replies";

/**
 * The shell, dashboard, profile, invoices and sign-in against every shape the room leaves their calls
 * (issue 68, decisions/396): each loader and step reads a reply made from ours with each record in any
 * combination of its row's shapes (tests/helpers/room-replies.ts), and never throws; every shown field is
 * the practice's value or "Not recorded", a code the portal does not know is shown as sent (or, for the
 * menu, left out), and no record is dropped. The expectations are worked out here from the wire.
 */

const mock = useMockServer();
const NR = recordTexts.notRecorded;
const ZONE = "Pacific/Auckland";
const RUNS = 20;
const NAME = "Sam Solo";

type Wire = Record<string, unknown> & { id?: string; extension?: Array<Record<string, unknown>> | null };

/* ---------- what the wire says, read here without the portal's readers ---------- */

function resourcesOf(reply: unknown): Wire[] {
  const entry = Array.isArray(reply) ? (reply[0] as { entry?: unknown } | undefined)?.entry : undefined;
  return Array.isArray(entry) ? entry.map((e: { resource: Wire }) => e.resource) : [];
}
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const slotOf = (record: Wire, index: number, kind = "valueString") => (Array.isArray(record.extension) ? record.extension[index]?.[kind] : undefined);
const listOf = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value : []);

/** A name as the portal is to show it: its text, else its parts, else nothing. */
function nameOf(name: unknown): string | null {
  if (name === null || typeof name !== "object") return null;
  const n = name as { text?: unknown; prefix?: unknown; given?: unknown; family?: unknown };
  return text(n.text) ?? text([...listOf(n.prefix), ...listOf(n.given), n.family].filter((part) => typeof part === "string" && part).join(" "));
}

/** The first telecom entry of a system (phone where none is said) with a value, of a use when asked. */
function telecomOf(record: Wire, system: string, use?: string): string | null {
  const of = listOf(record.telecom).filter((t) => ((t.system as string | undefined | null) ?? "phone") === system && text(t.value));
  return text((use ? of.find((t) => t.use === use) : of[0])?.value);
}

const dayOf = (value: unknown) => (text(value) ? DateTime.fromISO(text(value)!, { zone: ZONE }).toFormat("dd-MM-yyyy") : null);
const money = (value: unknown) => (typeof value === "number" ? `${value < 0 ? "-" : ""}$${Math.abs(value).toLocaleString("en-NZ", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : null);

/* ---------- the world, the signed-in patient, and replies answered once ---------- */

let world: TestWorld;
let family: { token: string; id: string };

beforeAll(async () => {
  // The shell's version label is Vite's define: the loader runs here without Vite.
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = "test";
  world = await mock.createWorld({ scenario: "default", seed: 7 });
  const signed = await world.signIn("family");
  family = { token: signed.token, id: signed.id };
});

/**
 * Solo signed in to the portal; `get` makes each request in a session of its own, so that every page
 * reads the practice rather than the replies an earlier run's session kept (decisions/375).
 */
async function solo() {
  const { practice, user } = await signedInToPortal(sessions, world, "solo", { name: NAME });
  const get = async (path: string) => {
    const session = await sessions.sessionStorage.getSession();
    session.set("user", user);
    const cookie = (await sessions.sessionStorage.commitSession(session)).split(";")[0];
    return new Request(`http://portal.test${path}`, { headers: { Cookie: cookie } });
  };
  return { practice, user, get };
}

/** Ours as sent, straight from the world's practice: a GET with its query, or a POST with its body. */
async function ours(endpoint: Endpoint, token: string, input: { query?: Record<string, string>; body?: unknown }): Promise<unknown> {
  const url = new URL(endpoint.path, world.apiUrl);
  for (const [key, value] of Object.entries(input.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { Token: token, ...(input.body === undefined ? {} : { "Content-Type": "application/json" }) };
  const res = await fetch(url, { method: endpoint.method, headers, body: input.body === undefined ? undefined : JSON.stringify(input.body) });
  if (!res.ok) throw new Error(`${endpoint.method} ${endpoint.path}: HTTP ${res.status}`);
  return res.json();
}

/** `reply` answers `endpoint`'s next `times` calls; the faults are cleared after, whatever the run did. */
async function answering<T>(endpoint: Endpoint, reply: unknown, run: () => Promise<T>, times = 1): Promise<T> {
  await world.fault({ ...answeredWith(endpoint, reply), times });
  try {
    return await run();
  } finally {
    await world.clearFaults();
  }
}

const shellOf = async (request: Request) => (await shellLoader({ request, params: {}, context: new RouterContextProvider() } as never)) as Awaited<ReturnType<typeof shellLoader>>;
const dashboardOf = async (request: Request) => (await dashboardLoader({ request, params: {}, context: new RouterContextProvider() } as never)) as Awaited<ReturnType<typeof dashboardLoader>>;

/* ---------- the shell and the dashboard ---------- */

describe("the shell reads every shape of its calls", () => {
  it("menu: an item is linked by its type code as sent (padded or not), in the practice's order, once; an item with no code or one the portal does not know is left out", async () => {
    const { practice, get } = await solo();
    const sent = await ours(endpoints.patientMenu, practice.token, { body: { UserLoggedID: practice.id, ProxyID: "" } });
    const codes = new Map(builtAreas(AREAS).filter((a) => a.code && !a.offeredWith).map((a) => [a.code!, a.path]));
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.patientMenu, sent), async ({ reply }) => {
        const shell = await answering(endpoints.patientMenu, reply, async () => shellOf(await get("/")));
        const listed = resourcesOf(reply).map((item) => text(slotOf(item, 2)));
        const expected = [...new Set(listed.filter((code): code is string => code !== null && codes.has(code)))];
        expect(shell.menu.filter((link) => codes.has(link.code)).map((link) => link.code)).toEqual(expected);
        expect(shell.menu.map((link) => link.code)).not.toContain("99");
      }),
      { numRuns: RUNS },
    );
  });

  it("patient: the header names the patient as sent (else the sign-in's name) and says each of NHI, mobile and e-mail or Not recorded", async () => {
    const { practice, get } = await solo();
    const sent = await ours(endpoints.patient, practice.token, { query: { PatientID: practice.id } });
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.patient, sent), async ({ reply }) => {
        const shell = await answering(endpoints.patient, reply, async () => shellOf(await get("/")));
        const [record] = resourcesOf(reply);
        expect(shell.patient.name).toBe(nameOf(listOf(record.name)[0]) ?? NAME);
        const email = telecomOf(record, "email", "home") ?? telecomOf(record, "email");
        expect(Object.fromEntries(shell.patient.details)).toEqual({ NHI: text(slotOf(record, 3)) ?? NR, Mobile: telecomOf(record, "phone", "mobile") ?? NR, Email: email ?? NR });
      }),
      { numRuns: RUNS },
    );
  });

  it("practice: the header and My Practice Details say each field as sent or Not recorded", async () => {
    const { practice, get } = await solo();
    const sent = await ours(endpoints.organization, practice.token, { query: { PatientID: practice.id } });
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.organization, sent), async ({ reply }) => {
        const [record] = resourcesOf(reply);
        const start = text(slotOf(record, 0));
        const end = text(slotOf(record, 1));
        const address = listOf(record.address)[0];
        const addressText = text(address?.text) ?? text([...listOf(address?.line), address?.city, address?.postalCode].filter((p) => typeof p === "string" && p.trim()).join(", "));

        const shell = await answering(endpoints.organization, reply, async () => shellOf(await get("/")));
        expect(shell.practice?.name).toBe(text(record.name) ?? NR);
        if (!start && !end) expect(shell.practice?.open).toBe(`Opening hours: ${NR}`);
        else {
          expect(shell.practice?.open).toMatch(/^Open .+ – .+$/);
          expect(shell.practice?.open.split(" – ").map((side) => side.includes(NR))).toEqual([start === null, end === null]);
        }

        const dashboard = await answering(endpoints.organization, reply, async () => dashboardOf(await get("/")));
        expect(dashboard.practice).toMatchObject({ name: text(record.name) ?? NR, gp: text(slotOf(record, 2)) ?? NR, address: addressText ?? NR, phone: telecomOf(record, "phone") });
        if (start === null) expect(dashboard.practice?.start).toBe(NR);
        else expect(dashboard.practice?.start).not.toBe(NR);
      }),
      { numRuns: RUNS },
    );
  });

  it("counters: each card shows its count or Not recorded (never its empty text for a count not sent), the badge only for a count above 0, the charts' figures likewise", async () => {
    const { practice, get } = await solo();
    const sent = await ours(endpoints.refreshCounter, practice.token, { query: { PatientID: practice.id } });
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.refreshCounter, sent), async ({ reply }) => {
        const counts = (reply as Array<Record<string, unknown>>)[0];
        const count = (name: string): number | null => {
          const value = counts[name];
          return typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : null;
        };
        const shell = await answering(endpoints.refreshCounter, reply, async () => shellOf(await get("/")));
        const inbox = count("InboxCounter");
        expect(shell.menu.find((link) => link.code === "11")?.badge).toBe(inbox !== null && inbox > 0 ? inbox : undefined);

        const dashboard = await answering(endpoints.refreshCounter, reply, async () => dashboardOf(await get("/")));
        const cards = dashboardCards(dashboard.counters, shell.menu, AREAS.filter((area) => dashboard.cardAreas.includes(area.path)));
        for (const area of AREAS) {
          if (!area.card || !("counter" in area.card)) continue;
          const card = cards.find((c) => c.title === area.card!.title)!;
          const want = count(area.card.counter);
          expect(card).toMatchObject({ count: want, empty: area.card.empty });
          // As the patient reads it: the count, its empty text at 0, or Not recorded where the practice sent none.
          const drawn = renderToStaticMarkup(createElement(MemoryRouter, null, createElement("ul", null, createElement(CountCard, { card, notRecorded: dashboard.notRecorded }))));
          const said = DomUtils.textContent(DomUtils.getElementsByTagName("p", parseDocument(drawn), true)[0]).replace(/\s+/g, " ").trim();
          expect(said).toBe(want === null ? NR : want > 0 ? `${want} ${area.card.unit}` : area.card.empty);
        }
        const figures = [...dashboard.overview.data, ...dashboard.booked.data];
        const names = ["completedcount", "futurecount", "missedcount", "facetofacecount", "videoconsultappointmentcount", "phonetriagecount", "totalpatientappointments"];
        expect(figures.map((d) => d.shown ?? d.value)).toEqual(names.map((name) => count(name) ?? NR));
        // The welcome for a patient with no appointments is said only when the practice sent 0s, not when it sent nothing.
        if (dashboard.newPatient) expect(names.every((name) => count(name) === 0)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

/* ---------- the profile ---------- */

describe("the profile reads every shape of its calls", () => {
  it("Patient: every field as sent or Not recorded, a gender the portal does not know as sent, every emergency contact kept by its id", async () => {
    const { practice, get } = await solo();
    const sent = await ours(endpoints.patient, practice.token, { query: { PatientID: practice.id } });
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.patient, sent), async ({ reply }) => {
        const { profile } = await answering(endpoints.patient, reply, async () => loadProfilePage(await get("/profile"), { terms: [] }));
        const [record] = resourcesOf(reply);
        const name = listOf(record.name)[0];
        expect(profile.fullName).toBe(nameOf(name) ?? NR);
        const gender = text(record.gender);
        const rows = Object.fromEntries(personalRows(profile).map(([label, value]) => [label, value || NR]));
        expect(rows).toMatchObject({
          "Family Name": text(name?.family) ?? NR,
          Gender: gender === "female" ? "Female" : gender === "male" ? "Male" : (gender ?? NR),
          "Date of Birth": dayOf(record.birthDate) ?? NR,
          Ethnicity: text(slotOf(record, 0)) ?? NR,
          "NHI Number": text(slotOf(record, 3)) ?? NR,
        });
        const contacts = listOf(record.contact);
        expect(profile.emergencyContacts.map((c) => c.id)).toEqual(contacts.map((c) => c.id));
        profile.emergencyContacts.forEach((c, i) => {
          const n = contacts[i].name as { prefix?: unknown; given?: unknown; family?: unknown } | null | undefined;
          const parts = [listOf(n?.prefix)[0], ...listOf(n?.given), n?.family].filter((part) => typeof part === "string" && part.trim());
          expect(c.name).toBe(parts.join(" ") || NR);
          const relationship = text((listOf(listOf(contacts[i].relationship)[0]?.coding)[0] as { display?: unknown } | undefined)?.display);
          expect(c.relationship || NR).toBe(relationship ?? NR);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it("Practice, photo and terms: the practice's details as sent or Not recorded; a photo bare, as a data: address or none; terms text, empty or null", async () => {
    const { practice, get } = await solo();
    const organization = await ours(endpoints.organization, practice.token, { query: { PatientID: practice.id } });
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.organization, organization), async ({ reply }) => {
        const page = await answering(endpoints.organization, reply, async () => loadProfilePage(await get("/profile"), { terms: [] }));
        const [record] = resourcesOf(reply);
        expect(page.practice).toMatchObject({ name: text(record.name), gp: text(slotOf(record, 2)) });
      }),
      { numRuns: RUNS },
    );
    for (const shape of ROOM.loadImage.replies) {
      const photo = await ours(endpoints.loadImage, practice.token, { query: { PatientID: practice.id, DocumentKey: PROFILE_PHOTO_DOCUMENT_KEY } });
      const reply = shape.apply(photo, { body: undefined });
      const page = await answering(endpoints.loadImage, reply, async () => loadProfilePage(await get("/profile"), { terms: [] }));
      expect(page.photo === null).toBe(!text(reply));
      const file = await answering(endpoints.loadImage, reply, async () => profilePhotoResponse(await get("/profile/photo")));
      expect(file.status).toBe(text(reply) ? 200 : 404);
    }
    for (const shape of ROOM.terms.replies) {
      const terms = await ours(endpoints.terms, practice.token, { query: { PatientID: practice.id, loadtype: "1" } });
      const reply = shape.apply(terms, { body: undefined });
      const page = await answering(endpoints.terms, reply, async () => loadProfilePage(await get("/profile"), { terms: ["1"] }));
      expect(page.terms[0] ?? null).toBe(reply === null ? null : reply);
    }
  });
});

/* ---------- invoices ---------- */

/** The invoice table as the patient sees it: each row's cells under their column headings. */
function invoiceTable(rows: Awaited<ReturnType<typeof loadAccountsPage>>["pending"]) {
  const markup = renderToStaticMarkup(createElement(InvoiceTable, { caption: "Invoices", rows, empty: "No Records Found", onOpen: () => undefined }));
  const document = parseDocument(markup);
  const textOf = (node: Parameters<typeof DomUtils.textContent>[0]) => DomUtils.textContent(node).replace(/\s+/g, " ").trim();
  const table = DomUtils.getElementsByTagName("table", document, true)[0];
  const heads = DomUtils.getElementsByTagName("th", table, true).map(textOf);
  return DomUtils.getElementsByTagName("tr", DomUtils.getElementsByTagName("tbody", table, true)[0], true)
    .map((tr) => DomUtils.getElementsByTagName("td", tr, true).map(textOf))
    .filter((cells) => cells.length === heads.length)
    .map((cells) => Object.fromEntries(heads.map((head, i) => [head, cells[i]])));
}

describe("invoices read every shape of PaymentNotice", () => {
  it("Pending and All Invoices list every invoice sent, by its id, each field as sent or Not recorded, the date DD-MM-YYYY, a type the portal does not know as sent; a wrong total offers no more pages", async () => {
    const { practice, get } = await solo();
    const sent = await ours(endpoints.paymentNotice, practice.token, { query: { PatientID: practice.id, TransactionTypeID: "0", PageSize: String(accountsPageSizes.invoices), PageNumber: "1" } });
    expect(resourcesOf(sent).length).toBeGreaterThan(1);
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.paymentNotice, sent), async ({ reply }) => {
        // Pending and All ask the same call at once: both are answered with the reply.
        const page = await answering(endpoints.paymentNotice, reply, async () => loadAccountsPage(await get("/accounts")), 2);
        const records = resourcesOf(reply);
        for (const rows of [page.pending, page.all.rows]) {
          expect(rows.map((r) => r.id)).toEqual(records.map((r) => r.id));
          const table = invoiceTable(rows);
          expect(table).toEqual(
            records.map((r) => ({
              Notes: text(slotOf(r, 1)) ?? NR,
              Type: text(slotOf(r, 2)) ?? NR,
              "Reference No.": text(slotOf(r, 3)) ?? NR,
              Amount: money(slotOf(r, 4, "valueDecimal")) ?? NR,
              Balance: money(slotOf(r, 5, "valueDecimal")) ?? NR,
              "Pay Now": money(slotOf(r, 6, "valueDecimal")) ?? NR,
              Date: dayOf(slotOf(r, 0, "valueDateTime")) ?? NR,
              Action: "View",
            })),
          );
        }
        if (records.length < accountsPageSizes.invoices) expect(page.all).toMatchObject({ more: false, total: records.length });
      }),
      { numRuns: RUNS },
    );
  });

  it("an invoice's full page and its PDF: titled by its reference or as an invoice, whatever else it lacks; the PDF with fields beside it", async () => {
    const { practice, get } = await solo();
    const sent = await ours(endpoints.paymentNotice, practice.token, { query: { PatientID: practice.id, TransactionTypeID: "1", PageSize: String(accountsPageSizes.pendingInvoices), PageNumber: "1" } });
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.paymentNotice, sent), async ({ reply }) => {
        const [record] = resourcesOf(reply);
        const view = await answering(endpoints.paymentNotice, reply, async () => loadPreviewPage(await get(`/preview?type=invoice&id=${encodeURIComponent(record.id!)}`)));
        expect(view).toMatchObject({ title: text(slotOf(record, 3)) ? `Invoice ${text(slotOf(record, 3))}` : "Invoice" });
      }),
      { numRuns: RUNS },
    );
    const [first] = resourcesOf(sent);
    const pdf = await ours(endpoints.invoicePdf, practice.token, { query: { PatientID: practice.id, InvoiceTransactionID: first.id! } });
    for (const shape of ROOM.invoicePdf.replies) {
      const file = await answering(endpoints.invoicePdf, shape.apply(pdf, { body: undefined }), async () => invoicePdfResponse(await get(`/accounts/invoice/${first.id}`), first.id!));
      expect([file.status, file.headers.get("Content-Type")]).toEqual([200, "application/pdf"]);
    }
  });
});

/* ---------- sign-in ---------- */

describe("sign-in reads every shape of its calls", () => {
  it("Authentication: signed in with the token and reset flag as sent, named as sent (markup as text), whatever else the resource carries", async () => {
    const { username, password } = world.user("solo");
    const url = new URL("Patient/Authentication", world.apiUrl);
    const sent = await (await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ UserName: username, Password: password, q: "" }) })).json();
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.patientAuthentication, sent), async ({ reply }) => {
        const outcome = await answering(endpoints.patientAuthentication, reply, () => authenticate(world.apiUrl, { userName: username, password }));
        const [resource] = reply as Wire[];
        expect(outcome).toEqual({ kind: "signedIn", patientId: resource.id, name: (listOf(resource.name)[0] as { text: string }).text, token: slotOf(resource, 0), passwordReset: slotOf(resource, 1, "valueBoolean") });
      }),
      { numRuns: RUNS },
    );
  });

  it("ProxyUsers: every linked account offered by its id, named and related as sent or Not recorded", async () => {
    const sent = await ours(endpoints.proxyUsers, family.token, { query: { PatientID: family.id } });
    const api = (await world.signIn("family")).api;
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.proxyUsers, sent), async ({ reply }) => {
        const accounts = await answering(endpoints.proxyUsers, reply, () => linkedAccountsOf(api, family.id));
        const records = resourcesOf(reply);
        expect(accounts).toEqual(records.map((r) => ({ id: r.id, name: nameOf(listOf(r.name)[0]) ?? NR, relationship: text(slotOf(r, 0)) ?? NR })));
      }),
      { numRuns: RUNS },
    );
  });
});
