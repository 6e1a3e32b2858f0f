import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../contract/endpoints";
import { createMockServer } from "../../mock-server/server";

/** Invoices and invoice PDFs through the portal's practice client, against the mock over HTTP. */
type Mock = Awaited<ReturnType<typeof createMockServer>>;
let mock: Mock;

const users: Record<string, { username: string; password: string }> = {};

async function signIn(label: string, worldUsers = users) {
  const auth = await import("../../app/.server/practice/auth.server");
  const { practiceApi } = await import("../../app/.server/practice/api.server");
  const user = worldUsers[label];
  const identity = await auth.lookupIdentity({ userName: user.username, password: user.password });
  if (identity.kind !== "found") throw new Error("identity not found");
  const outcome = await auth.authenticate(identity.apiBase, { userName: user.username, password: user.password });
  if (outcome.kind !== "signedIn") throw new Error("not signed in");
  return { id: outcome.patientId, api: practiceApi(identity.apiBase, outcome.token) };
}

async function newWorld(seed: number) {
  const res = await fetch(`${mock.url}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seed }) });
  const world = (await res.json()) as { users: { label: string; username: string; password: string }[] };
  return Object.fromEntries(world.users.map((u) => [u.label, u]));
}

beforeAll(async () => {
  mock = await createMockServer({ port: 0 });
  process.env.PRACTICE_IDENTITY_URL = mock.url;

  Object.assign(users, await newWorld(11));
});

afterAll(async () => {
  await mock?.close();
});

describe("invoices (PaymentNotice)", () => {
  it("lists solo's pending invoices, oldest first, each with a balance", async () => {
    const s = await signIn("solo");
    const pending = await s.api.call(endpoints.paymentNotice, { query: { PatientID: s.id, TransactionTypeID: "1", PageSize: 100, PageNumber: 1 } });
    expect(pending.total).toBe(4);
    const rows = pending.resources.map((r) => r.extension);
    expect(rows.every((r) => r.balance > 0 && r.balance <= r.amount)).toBe(true);
    expect(rows.some((r) => r.balance < r.amount)).toBe(true); // one is part-paid
    expect([...rows.map((r) => r.date)].sort()).toEqual(rows.map((r) => r.date));
    for (const r of rows) expect(Math.round(r.amount * 100)).toBe(r.amount * 100);
  });

  it("pages through all invoices, the total counting every page", async () => {
    const s = await signIn("solo");
    const page = (n: number) => s.api.call(endpoints.paymentNotice, { query: { PatientID: s.id, TransactionTypeID: "0", PageSize: 10, PageNumber: n } });
    const [first, second, third] = await Promise.all([page(1), page(2), page(3)]);
    expect(first.total).toBe(13);
    expect([first.resources.length, second.resources.length, third.resources.length]).toEqual([10, 3, 0]);
    const ids = [...first.resources, ...second.resources].map((r) => r.id);
    expect(new Set(ids).size).toBe(13);
  });

  it("a new patient has no invoices", async () => {
    const s = await signIn("empty");
    const all = await s.api.call(endpoints.paymentNotice, { query: { PatientID: s.id, TransactionTypeID: "0", PageSize: 10, PageNumber: 1 } });
    expect(all).toEqual({ total: 0, resources: [] });
  });

  it("refuses another account's invoices (403) and a malformed page request (400)", async () => {
    const solo = await signIn("solo");
    const family = await signIn("family");
    await expect(solo.api.call(endpoints.paymentNotice, { query: { PatientID: family.id, TransactionTypeID: "1", PageSize: 100, PageNumber: 1 } })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(solo.api.call(endpoints.paymentNotice, { query: { PatientID: solo.id, TransactionTypeID: "1", PageSize: 0, PageNumber: 1 } })).rejects.toMatchObject({ kind: "http", status: 400 });
  });
});

describe("invoice PDFs (LoadInvoicePDF)", () => {
  it("is a real one-page PDF naming the invoice, the same bytes every time", async () => {
    const s = await signIn("solo");
    const [invoice] = (await s.api.call(endpoints.paymentNotice, { query: { PatientID: s.id, TransactionTypeID: "1", PageSize: 100, PageNumber: 1 } })).resources;
    const load = () => s.api.call(endpoints.invoicePdf, { query: { PatientID: s.id, InvoiceTransactionID: invoice.id } });
    const [a, b] = await Promise.all([load(), load()]);
    expect(a.PDFFileName).toBe(b.PDFFileName);
    const bytes = Buffer.from(a.PDFFileName, "base64");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Invoice ${invoice.extension.reference}`);
  });

  it("answers 404 for an invoice that is not this patient's", async () => {
    const s = await signIn("solo");
    await expect(s.api.call(endpoints.invoicePdf, { query: { PatientID: s.id, InvoiceTransactionID: "nope" } })).rejects.toMatchObject({ kind: "http", status: 404 });
  });

  it("a contract-breaking PDF reply is caught by the portal's client", async () => {
    const other = await newWorld(12);
    const s = await signIn("solo", other);
    const worlds = (await (await fetch(`${mock.url}/__admin/worlds`)).json()) as { worlds: { id: string; users: { username: string }[] }[] };
    const id = worlds.worlds.find((w) => w.users.some((u) => u.username === other.solo.username))!.id;
    await fetch(`${mock.url}/__admin/worlds/${id}/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ path: "Patient/LoadInvoicePDF", body: "malformed", times: 1 }) });
    await expect(s.api.call(endpoints.invoicePdf, { query: { PatientID: s.id, InvoiceTransactionID: "x" } })).rejects.toMatchObject({ kind: "contract" });
  });
});
