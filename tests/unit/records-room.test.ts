import { describe, expect, it } from "vitest";
import { contentTypeOf, isReadFlag, LabChartReplySchema, LabResultByIdReplySchema, LabResultSlots, LabResultsReplySchema, LetterSlots, LettersReplySchema, MediaByIdReplySchema, MediaReplySchema } from "@contract/documents";
import { toBundle } from "@contract/fhir";
import { ROOM } from "@contract/room";
import type { Shape } from "@contract/room/shapes";
import { sanitiseResultHtml } from "~/.server/sanitise-html.server";
import { letterFileName, letterTileOf, newestFirst } from "~/lib/letters-view";
import { furtherPages, listingExtent, MAX_PAGES } from "~/lib/listing";
import { chartSeriesOf, observationOf, resultCardOf, resultDetailOf } from "~/lib/reports-view";
import { recordTexts } from "~/lib/texts/record";
import { resourceItemOf } from "~/areas/resources/view";

/**
 * The records' readers against the room the spec leaves (issue 68, decisions/396): each record shaped by
 * its row's own shapes (contract/room/documents.ts), parsed by the contract and read as the screens show it.
 */

const NOT = recordTexts.notRecorded;
const request = { body: undefined };
const named = (row: { records?: { shapes: readonly Shape[] } }, name: string): Shape => {
  const found = row.records?.shapes.find((s) => s.name === name);
  if (!found) throw new Error(`no shape "${name}"`);
  return found;
};

const result = {
  resourceType: "DiagnosticReport",
  id: "r1",
  description: "HbA1c",
  author: { display: "Dr Aroha Ngata" },
  extension: LabResultSlots.write({ laboratory: "Awanui Labs", date: "2026-03-01T09:30:00+13:00", comments: "Repeat in 3 months", folder: "Lab Results", read: "True" }),
};
/** The listing's one result in the named shapes of its row, as the card shows it. */
const cardIn = (...names: string[]) => {
  const shaped = names.reduce<unknown>((value, name) => named(ROOM.labResults, name).apply(value, request), result);
  return resultCardOf(LabResultsReplySchema.parse(toBundle([shaped])).resources[0]);
};

describe("a result card in the room", () => {
  it("says Not recorded for each shown field the practice leaves absent, null or empty, and keeps the id", () => {
    expect(cardIn("description absent", "author absent", "extension null")).toMatchObject({ id: "r1", test: NOT, chartCode: "", date: NOT, time: "", laboratory: NOT, author: NOT, folder: "", comments: "", read: false, summary: "" });
    expect(cardIn("description null", "author.display null", "extension.0.valueString null", "extension.1.valueDateTime null")).toMatchObject({ test: NOT, author: NOT, laboratory: NOT, date: NOT });
    expect(cardIn("description empty", "author.display empty", "extension.0.valueString empty", "extension.1.valueDateTime empty")).toMatchObject({ test: NOT, author: NOT, laboratory: NOT, date: NOT });
    // The list cut after the laboratory: the date and every later slot are missing.
    expect(cardIn("extension cut to 1")).toMatchObject({ laboratory: "Awanui Labs", date: NOT, comments: "", folder: "", read: false, summary: "Awanui Labs · Dr Aroha Ngata" });
  });

  it("shows the practice's day DD-MM-YYYY from a date, a local date-time or a UTC one", () => {
    expect(cardIn()).toMatchObject({ date: "01-03-2026", time: "9:30 am" });
    expect(cardIn("extension.1.valueDateTime as a date")).toMatchObject({ date: "01-03-2026", time: "" });
    expect(cardIn("extension.1.valueDateTime without an offset")).toMatchObject({ date: "01-03-2026", time: "9:30 am" });
    // 20:30 UTC on 28 February is 9:30 am on 1 March in Auckland.
    expect(cardIn("extension.1.valueDateTime in UTC")).toMatchObject({ date: "01-03-2026", time: "9:30 am" });
  });

  it("keeps markup and macrons as text, for React to escape", () => {
    expect(cardIn("description with markup and macrons").test).toBe("<b>HbA1c</b> &amp; whānau — Māori");
    expect(cardIn("description with markup and macrons").chartCode).toBe("<b>HbA1c</b> &amp; whānau — Māori");
  });

  it("reads the read flag True, true or 1 as read; False, 0, empty, null or absent as unread (2§4: else unread)", () => {
    expect(["extension.4.valueString \"true\"", "extension.4.valueString \"1\""].map((s) => cardIn(s).read)).toEqual([true, true]);
    expect(["extension.4.valueString \"false\"", "extension.4.valueString \"0\"", "extension.4.valueString empty", "extension.4.valueString null", "extension.4.valueString absent", "extension cut to 4"].map((s) => cardIn(s).read)).toEqual([false, false, false, false, false, false]);
    expect([" TRUE ", "Yes", "y"].map(isReadFlag)).toEqual([true, true, true]);
    expect(["Unread", "no", undefined, null].map(isReadFlag)).toEqual([false, false, false, false]);
  });
});

describe("a result's content in the room", () => {
  const rows = [{ ObservationText: "Haemoglobin", ObservationValue: "118 g/L", AbnormalFlagDesc: "Low", ObservationSummary: "(130 - 175)" }];
  const opened = (record: object, ...names: string[]) => {
    const shaped = names.reduce<unknown>((value, name) => named(ROOM.labResultById, name).apply(value, request), { ...result, ...record });
    return resultDetailOf(LabResultByIdReplySchema.parse(toBundle([shaped])).resources[0], sanitiseResultHtml);
  };
  const html = { presentedForm: [{ contentType: "text/html", data: Buffer.from("<p>Clear</p><script>x()</script>").toString("base64") }] };
  const pdf = { presentedForm: [{ contentType: "application/pdf", data: Buffer.from("%PDF-1.7").toString("base64") }] };

  it("shows a flag beyond Abnormal, Low and High as sent and never in red, and the three in any letters in red", () => {
    expect(opened({ observation: rows }, 'observation.0.AbnormalFlagDesc "Critical"')).toMatchObject({ kind: "table", rows: [{ flag: "Critical", flagged: false }] });
    expect(opened({ observation: rows }, 'observation.0.AbnormalFlagDesc "high"')).toMatchObject({ kind: "table", rows: [{ flag: "high", flagged: true }] });
    expect(opened({ observation: rows }, "observation.0.AbnormalFlagDesc null")).toMatchObject({ kind: "table", rows: [{ flag: "", flagged: false }] });
  });

  it("says Not recorded for an observation's missing name or value, reads a value sent as a number, and keeps markup as text", () => {
    expect(opened({ observation: rows }, "observation.0's text and summary absent", "observation.0.ObservationValue null")).toMatchObject({ rows: [{ text: NOT, value: NOT, range: "" }] });
    expect(opened({ observation: rows }, "observation.0.ObservationValue as a number")).toMatchObject({ rows: [{ value: "48" }] });
    expect(observationOf({ ObservationText: "<i>Na</i>", ObservationValue: " 140 ", AbnormalFlagDesc: " HH ", ObservationSummary: null })).toEqual({ text: "<i>Na</i>", value: "140", flag: "HH", flagged: false, range: "" });
  });

  it("reads the content type in any letters and with parameters, sanitises HTML as before, and shows no data for a form it cannot show", () => {
    expect(opened(pdf, 'presentedForm.0.contentType "application/PDF"')).toMatchObject({ kind: "pdf" });
    const read = opened(html, 'presentedForm.0.contentType "text/html; charset=utf-8"');
    expect(read).toEqual({ kind: "html", html: "<p>Clear</p>" });
    expect(opened(html, 'presentedForm.0.contentType "image/png"')).toEqual({ kind: "empty" });
    expect(opened(html, "presentedForm.0.contentType null")).toEqual({ kind: "empty" });
    expect(opened(pdf, "presentedForm.0.data empty")).toEqual({ kind: "empty" });
    expect(opened(pdf, "presentedForm null")).toEqual({ kind: "empty" });
    expect(opened({ observation: rows }, "observation null")).toEqual({ kind: "empty" });
    expect(contentTypeOf(" Text/HTML ; charset=utf-8")).toBe("text/html");
  });
});

describe("a chart in the room", () => {
  const points = [
    { observationtext: "HbA1c", observationvalue: "48", resultdate: "2026-03-01T09:30:00+13:00" },
    { observationtext: "HbA1c", observationvalue: "52", resultdate: "2025-09-01T09:30:00+12:00" },
  ];
  const shaped = (...names: string[]) => LabChartReplySchema.parse(points.map((p, i) => (i === 0 ? names.reduce<unknown>((v, n) => named(ROOM.labChart, n).apply(v, request), p) : p)));

  it("keeps a point without a date or a number, listed last and never drawn, and names a missing observation Not recorded", () => {
    const [undated] = chartSeriesOf(shaped("resultdate absent"));
    expect(undated.points.map((p) => [p.date, p.text, p.at === null])).toEqual([
      ["01-09-2025", "52", false],
      [NOT, "48", true],
    ]);
    expect(chartSeriesOf(shaped("observationtext null")).map((s) => [s.name, s.points.length])).toEqual([
      [NOT, 1],
      ["HbA1c", 1],
    ]);
    expect(chartSeriesOf(shaped("observationvalue as a number"))[0].points[1]).toMatchObject({ text: "48", value: 48 });
    expect(chartSeriesOf(shaped("observationvalue empty"))[0].points[1]).toMatchObject({ text: NOT, value: null });
  });

  it("dates a point from a date, a local date-time or a UTC one, oldest first", () => {
    for (const name of ["resultdate as a date", "resultdate without an offset", "resultdate in UTC"]) {
      expect(chartSeriesOf(shaped(name))[0].points.map((p) => p.date), name).toEqual(["01-09-2025", "01-03-2026"]);
    }
  });
});

describe("letters in the room", () => {
  const letter = { resourceType: "DocumentReference", id: "l1", type: { coding: [{ display: "Referral Letter" }] }, extension: LetterSlots.write({ date: "2026-03-01T09:30:00+13:00" }), content: [{ attachment: { contentType: "application/pdf" } }] };
  const tileIn = (...names: string[]) => letterTileOf(LettersReplySchema.parse(toBundle([names.reduce<unknown>((v, n) => named(ROOM.letters, n).apply(v, request), letter)])).resources[0]);

  it("says Not recorded for a missing type or date, and sorts an undated letter last", () => {
    expect(tileIn("type absent", "extension cut to 0")).toMatchObject({ id: "l1", type: NOT, date: NOT, isoDate: "" });
    expect(tileIn("type.coding empty")).toMatchObject({ type: NOT });
    expect(tileIn("type.coding.0.display null", "extension.0.valueDateTime empty")).toMatchObject({ type: NOT, date: NOT });
    const dated = tileIn();
    expect(newestFirst([tileIn("extension null"), dated]).map((t) => t.date)).toEqual(["01-03-2026", NOT]);
    expect(letterFileName(tileIn("type absent", "extension null"))).toBe("letter.pdf");
  });

  it("reads the date in any of its forms, and the content type in any letters; another type is shown as sent, a download", () => {
    for (const name of ["extension.0.valueDateTime as a date", "extension.0.valueDateTime without an offset", "extension.0.valueDateTime in UTC"]) expect(tileIn(name).date, name).toBe("01-03-2026");
    expect(tileIn('content.0.attachment.contentType "application/PDF"')).toMatchObject({ pdf: true, format: "" });
    expect(tileIn('content.0.attachment.contentType "application/msword"')).toMatchObject({ pdf: false, format: "application/msword" });
    expect(tileIn("content absent")).toMatchObject({ pdf: false, format: NOT });
    expect(tileIn("type.coding.0.display with markup and macrons").type).toBe("<b>Referral Letter</b> &amp; whānau — Māori");
  });
});

describe("resources in the room", () => {
  const pdf = { resourceType: "Media", id: "m1", content: { title: "Managing your blood pressure", contentType: "application/pdf" } };
  const link = { resourceType: "Media", id: "m4", content: { title: "Healthify", contentType: "link", url: "https://healthify.nz/" } };
  const itemIn = (record: object, ...names: string[]) => resourceItemOf(MediaReplySchema.parse(toBundle([names.reduce<unknown>((v, n) => named(ROOM.media, n).apply(v, request), record)])).resources[0]);

  it("says Not recorded for a missing title, and shows a type beyond PDF and link as sent", () => {
    expect(itemIn(pdf, "content absent")).toEqual({ id: "m1", title: NOT, kind: "unavailable", type: NOT });
    // Downloaded, a PDF without a title is named as a resource, not "Not recorded".
    expect(itemIn(pdf, "content.title null")).toEqual({ id: "m1", title: NOT, kind: "pdf", fileName: "resource.pdf" });
    expect(itemIn(pdf, "content.title empty")).toMatchObject({ title: NOT, fileName: "resource.pdf" });
    expect(itemIn(link, 'content.contentType "video/mp4"')).toEqual({ id: "m4", title: "Healthify", kind: "link", url: "https://healthify.nz/", host: "healthify.nz", type: "video/mp4" });
    expect(itemIn(pdf, 'content.contentType "video/mp4"')).toEqual({ id: "m1", title: "Managing your blood pressure", kind: "unavailable", type: "video/mp4" });
  });

  it("reads PDF and link in any letters, and never makes a link of an address that is not a web one", () => {
    expect(itemIn(pdf, 'content.contentType "application/PDF"').kind).toBe("pdf");
    expect(itemIn(link, 'content.contentType "Link"')).toMatchObject({ kind: "link", url: "https://healthify.nz/" });
    expect(itemIn(link, "content.url not a web address")).toEqual({ id: "m4", title: "Healthify", kind: "unavailable" });
    expect(itemIn(link, "content.contentType absent")).toMatchObject({ kind: "link", type: NOT });
  });

  it("reads MediaByID's base64 wrapped in lines or as a data: address", () => {
    const base64 = Buffer.from("%PDF-1.7 ".repeat(30)).toString("base64");
    for (const shape of ROOM.mediaById.replies.slice(0, 3)) expect(MediaByIdReplySchema.parse(shape.apply(base64, request)), shape.name).toBe(base64);
    expect(MediaByIdReplySchema.safeParse("not base64!").success).toBe(false);
  });
});

describe("a listing's extent: the total a hint, or left out (decisions/396)", () => {
  const page = { pageSize: 100 };
  it("counted high offers no more once every page it names is read; counted low hides nothing read", () => {
    expect(listingExtent({ ...page, total: 12, read: 5, pagesRead: 1, lastPage: 5 })).toEqual({ count: 5, more: false });
    expect(listingExtent({ ...page, total: 3, read: 5, pagesRead: 1, lastPage: 5 })).toEqual({ count: 5, more: false });
    expect(listingExtent({ ...page, total: 150, read: 160, pagesRead: 2, lastPage: 60 })).toEqual({ count: 160, more: false });
  });

  it("counted below a full page already read, it is no count: more is offered and none is shown", () => {
    expect(listingExtent({ ...page, total: 20, read: 100, pagesRead: 1, lastPage: 100 })).toEqual({ count: undefined, more: true });
  });

  it("with pages the total names still unread, the total stands and more is offered, a short page or not", () => {
    expect(listingExtent({ ...page, total: 250, read: 100, pagesRead: 1, lastPage: 100 })).toEqual({ count: 250, more: true });
    expect(listingExtent({ ...page, total: 250, read: 140, pagesRead: 2, lastPage: 40 })).toEqual({ count: 250, more: true });
  });

  it("a last page that came back empty ends the listing, whatever the total", () => {
    expect(listingExtent({ ...page, total: 250, read: 100, pagesRead: 2, lastPage: 0 })).toEqual({ count: 100, more: false });
    expect(listingExtent({ ...page, total: undefined, read: 100, pagesRead: 2, lastPage: 0 })).toEqual({ count: 100, more: false });
    expect(listingExtent({ ...page, total: 5, read: 0, pagesRead: 1, lastPage: 0 })).toEqual({ count: 0, more: false });
  });

  it("with no total, a page shorter than the page size is the last, and the count is what was read", () => {
    expect(listingExtent({ ...page, total: undefined, read: 40, pagesRead: 1, lastPage: 40 })).toEqual({ count: 40, more: false });
    expect(listingExtent({ ...page, total: undefined, read: 199, pagesRead: 2, lastPage: 99 })).toEqual({ count: 199, more: false });
  });

  it("with no total, a full last page offers more and no count is made up", () => {
    expect(listingExtent({ ...page, total: undefined, read: 100, pagesRead: 1, lastPage: 100 })).toEqual({ count: undefined, more: true });
    expect(listingExtent({ ...page, total: undefined, read: 200, pagesRead: 2, lastPage: 100 })).toEqual({ count: undefined, more: true });
  });

  it("more stops at the most pages a listing shows (MAX_PAGES, or the listing's own)", () => {
    expect(listingExtent({ ...page, total: undefined, read: 100 * MAX_PAGES, pagesRead: MAX_PAGES, lastPage: 100 })).toEqual({ count: undefined, more: false });
    expect(listingExtent({ ...page, total: 10_000, read: 100 * MAX_PAGES, pagesRead: MAX_PAGES, lastPage: 100 })).toEqual({ count: 10_000, more: false });
    expect(listingExtent({ ...page, total: undefined, read: 300, pagesRead: 3, lastPage: 100, maxPages: 3 })).toEqual({ count: undefined, more: false });
    expect(listingExtent({ ...page, total: undefined, read: 300, pagesRead: 3, lastPage: 100, maxPages: Number.POSITIVE_INFINITY })).toEqual({ count: undefined, more: true });
  });
});

describe("the pages read after a first one", () => {
  const practice = (lengths: number[], total: number | undefined) => {
    const asked: number[] = [];
    const pageOf = (n: number) => ({ total, resources: Array.from({ length: lengths[n - 1] ?? 0 }, (_, i) => `${n}.${i}`) });
    return { asked, first: pageOf(1), read: (n: number) => (asked.push(n), Promise.resolve(pageOf(n))) };
  };

  it("with a total, the pages it names up to the bound, at once", async () => {
    const p = practice([100, 100, 50], 250);
    expect((await furtherPages(p.first, 10, 100, p.read)).map((r) => r.resources.length)).toEqual([100, 50]);
    expect(p.asked).toEqual([2, 3]);
    const capped = practice([100, 100, 50], 250);
    await furtherPages(capped.first, 2, 100, capped.read);
    expect(capped.asked).toEqual([2]);
  });

  it("with a total below the first page's length, as with none", async () => {
    const p = practice([100, 100, 30], 20);
    expect((await furtherPages(p.first, 10, 100, p.read)).map((r) => r.resources.length)).toEqual([100, 30]);
  });

  it("with none, one at a time until a page that is not full, or the bound", async () => {
    const p = practice([100, 100, 30, 100], undefined);
    expect((await furtherPages(p.first, 10, 100, p.read)).map((r) => r.resources.length)).toEqual([100, 30]);
    expect(p.asked).toEqual([2, 3]);
    const empty = practice([100, 0], undefined);
    await furtherPages(empty.first, 10, 100, empty.read);
    expect(empty.asked).toEqual([2]);
    const capped = practice([100, 100, 100, 100], undefined);
    await furtherPages(capped.first, 3, 100, capped.read);
    expect(capped.asked).toEqual([2, 3]);
    const short = practice([40], undefined);
    expect(await furtherPages(short.first, 10, 100, short.read)).toEqual([]);
  });
});
