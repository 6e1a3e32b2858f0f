import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PaymentNoticeReplySchema } from "@contract/accounts";
import { toBundle } from "@contract/fhir";
import { MenuItemSlots, OrganizationReplySchema, PatientMenuReplySchema, PatientReplySchema, RefreshCounterReplySchema } from "@contract/patient";
import { rowOf } from "~/.server/invoice-rows.server";
import { InvoiceTable } from "~/areas/accounts/components/invoice-table";
import { CountCard } from "~/areas/dashboard/components/count-card";
import { readProfile } from "~/areas/profile/view";
import { AREAS } from "~/lib/areas";
import { dashboardCards, menuLinks } from "~/lib/menu";
import { toCents } from "~/lib/money";
import { summarisePatient, summarisePractice } from "~/lib/patient-summary";
import { recordTexts } from "~/lib/texts/record";
import { shellPatientOf, shellPracticeOf } from "~/shell/shell-patient";

/**
 * The readers of the shell, dashboard, profile and invoices against records within the room the spec
 * leaves (issue 68, decisions/396): a field left out, null or empty is said as "Not recorded" (never as
 * 0, "", a guess or a crash), a code the portal does not know is shown as sent, and a date reads the same
 * in any of its forms.
 */

const NR = recordTexts.notRecorded;

const patientOf = (resource: Record<string, unknown>) => PatientReplySchema.parse(toBundle([{ resourceType: "Patient", id: "p1", ...resource }])).resources[0];
const practiceOf = (resource: Record<string, unknown>) => OrganizationReplySchema.parse(toBundle([{ resourceType: "Organization", id: "o1", ...resource }])).resources[0];

describe("the patient and the practice in the header", () => {
  it("parses a Patient with every field null or its extensions cut before the NHI, and says Not recorded for each detail; the name falls back to the sign-in's", () => {
    const bare = patientOf({ name: null, gender: null, birthDate: null, telecom: null, address: null, contact: null, extension: null });
    expect(summarisePatient(bare)).toEqual({ name: "", nhi: null, mobile: null, email: null });
    expect(shellPatientOf(summarisePatient(bare), true, "Sam Solo")).toEqual({ name: "Sam Solo", details: [["NHI", NR], ["Mobile", NR], ["Email", NR]] });
    expect(shellPatientOf(summarisePatient(bare), true).name).toBe(NR);
    const cut = patientOf({ name: [{ given: ["Mere"], family: "Parata" }], extension: [{ valueString: "Māori" }, { valueString: "O+" }, {}] });
    expect(summarisePatient(cut)).toMatchObject({ name: "Mere Parata", nhi: null });
  });

  it("skips a telecom entry with no value and one of a system it does not know, and reads an e-mail of any use when none is home", () => {
    const p = patientOf({ telecom: [{ system: "phone", use: "mobile", value: null }, { system: "pager", use: "mobile", value: "555" }, { use: "mobile", value: " 021 555 0142 " }, { system: "email", use: "work", value: "a@b.nz" }], extension: [] });
    expect(summarisePatient(p)).toMatchObject({ mobile: "021 555 0142", email: "a@b.nz" });
  });

  it("says each practice field the record lacks as not recorded, an opening time in words as sent, and the header's hours with the missing end said", () => {
    const bare = summarisePractice(practiceOf({ name: "", telecom: null, address: [{ text: null, line: null }], extension: [] }));
    expect(bare).toEqual({ name: null, hours: null, openingStart: null, phone: null, gp: null, address: null });
    expect(shellPracticeOf(bare)).toEqual({ name: NR, open: `Opening hours: ${NR}` });
    const half = summarisePractice(practiceOf({ name: "<b>Kōwhai</b> Health", address: [{ line: ["1 Main St"], city: "Ōtaki" }], extension: [{ valueString: "8:00 AM" }] }));
    expect(half).toMatchObject({ name: "<b>Kōwhai</b> Health", hours: `8:00 AM – ${NR}`, address: "1 Main St, Ōtaki" });
    expect(shellPracticeOf(half).open).toBe(`Open 8:00 AM – ${NR}`);
  });
});

describe("the menu and the dashboard's cards", () => {
  const menuOf = (items: Array<Record<string, unknown>>) => PatientMenuReplySchema.parse(toBundle(items)).resources;

  it("links an item by its type code, padded or not, and leaves out one with no code or a code the portal does not know", () => {
    const items = menuOf([
      { resourceType: "Basic", id: "a", extension: MenuItemSlots.write({ name: "Meds", typeCode: " 16 " }) },
      { id: "b", extension: [{ valueString: "No code" }] },
      { resourceType: null, extension: [{ valueString: null }, {}, { valueString: "99" }] },
      { resourceType: "Basic", id: "c", extension: null },
      { resourceType: "MenuItem", id: "d", extension: [{}, {}, { valueString: "50" }] },
    ]);
    expect(menuLinks(items, 0).map((l) => l.code)).toEqual(["16", "50"]);
  });

  it("reads a count sent null, empty or not at all as not recorded (null), which its card carries as such rather than as 0", () => {
    const counters = RefreshCounterReplySchema.parse([{ InboxCounter: null, MedicationsCounter: "", TestResultsCounter: "3", AppointmentsCounter: 0 }]);
    expect(counters).toMatchObject({ InboxCounter: null, MedicationsCounter: null, TestResultsCounter: 3, AppointmentsCounter: 0, futurecount: null });
    const menu = menuLinks([], 0);
    const cards = dashboardCards(counters, menu, AREAS);
    const byCounter = (title: string) => cards.find((c) => c.title === title);
    expect(byCounter("Unread Messages")).toMatchObject({ count: null, empty: "No unread messages" });
    expect(byCounter("Long Term Medications")).toMatchObject({ count: null });
    expect(byCounter("New Results")).toMatchObject({ count: 3 });
    expect(byCounter("Future Appointments")).toMatchObject({ count: 0, empty: "No future appointments" });
    const said = (title: string) => renderToStaticMarkup(createElement(MemoryRouter, null, createElement(CountCard, { card: byCounter(title)!, notRecorded: NR }))).match(/<p[^>]*>(.*?)<\/p>/)![1];
    expect(said("Unread Messages")).toBe(NR);
    expect(said("Future Appointments")).toBe("No future appointments");
  });
});

describe("the profile", () => {
  it("reads a profile whose every field is absent: each row empty (shown as Not recorded), the name Not recorded, every emergency contact kept by its id", () => {
    const p = readProfile(patientOf({ name: [], extension: [], contact: [{ id: "c1", name: null, relationship: null, telecom: null }, { id: "c2" }] }));
    expect(p).toMatchObject({ fullName: NR, firstName: "", familyName: "", genderLabel: "", birthDate: "", ethnicity: "", bloodGroup: "", nhi: "" });
    expect(p.emergencyContacts).toEqual([
      { id: "c1", name: NR, relationship: "", phones: [], email: null },
      { id: "c2", name: NR, relationship: "", phones: [], email: null },
    ]);
  });

  it("shows a birth date as DD-MM-YYYY and markup and macrons as the practice wrote them", () => {
    const p = readProfile(patientOf({ name: [{ text: "<i>Aroha</i> Ngata" }], birthDate: "1984-03-07", extension: [{ valueString: "<b>Māori</b> &amp; Pākehā" }] }));
    expect(p).toMatchObject({ fullName: "<i>Aroha</i> Ngata", birthDate: "07-03-1984", ethnicity: "<b>Māori</b> &amp; Pākehā" });
  });
});

describe("invoices", () => {
  const invoice = (extension: Array<Record<string, unknown>> | null) => PaymentNoticeReplySchema.parse(toBundle([{ resourceType: "Invoice", id: "inv-1", extension }])).resources[0];

  it("reads the date as a date, a local date-time or in UTC, all the same day in New Zealand", () => {
    for (const date of ["2026-03-01", "2026-03-01T09:30:00", "2026-03-01T09:30:00+13:00", "2026-02-28T20:30:00.000Z"]) expect(rowOf(invoice([{ valueDateTime: date }])).date).toBe("01-03-2026");
  });

  it("keeps an invoice with no extensions, its fields empty and its amounts missing (read as 0 by the payment); the table says Not recorded for each", () => {
    const row = rowOf(invoice(null));
    expect(row).toEqual({ id: "inv-1", date: "", notes: "", type: "", reference: "", amountCents: 0, balanceCents: 0, payNowCents: 0, shown: [NR, NR, NR, NR, NR, NR, NR] });
    expect(toCents(undefined)).toBeNull();
    const markup = renderToStaticMarkup(createElement(InvoiceTable, { caption: "Invoices", rows: [row], empty: "None", onOpen: () => undefined }));
    const cells = [...markup.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells.slice(0, 7)).toEqual([NR, NR, NR, NR, NR, NR, NR]);
    // Pay Now follows the payment's allocation: an invoice the payment reaches shows what it pays.
    const paid = renderToStaticMarkup(createElement(InvoiceTable, { caption: "Invoices", rows: [{ ...row, payNowCents: 500 }], empty: "None", onOpen: () => undefined }));
    expect([...paid.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]).slice(0, 7)).toEqual([NR, NR, NR, NR, NR, "$5.00", NR]);
    expect(markup).toContain(`aria-label="View invoice ${NR} (PDF)"`);
  });

  it("shows a type the portal does not know, and notes with markup, as sent and as text", () => {
    const row = rowOf(invoice([{ valueDateTime: "2026-03-01" }, { valueString: "<b>Flu</b> &amp; whānau" }, { valueString: "ACC Levy" }, { valueString: "INV-1" }, { valueDecimal: 12.5 }, { valueDecimal: 0 }, { valueDecimal: 0 }]));
    expect(row).toMatchObject({ type: "ACC Levy", notes: "<b>Flu</b> &amp; whānau", amountCents: 1250 });
    expect(row.shown).toEqual(["<b>Flu</b> &amp; whānau", "ACC Levy", "INV-1", "$12.50", "$0.00", "", "01-03-2026"]);
    const markup = renderToStaticMarkup(createElement(InvoiceTable, { caption: "Invoices", rows: [row], empty: "None", onOpen: () => undefined }));
    expect(markup).toContain("&lt;b&gt;Flu&lt;/b&gt; &amp;amp; whānau");
    expect(markup).toContain(">ACC Levy<");
    expect(markup).toContain(">$0.00<");
  });
});
