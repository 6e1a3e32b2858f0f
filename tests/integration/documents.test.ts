import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { MESSAGE_BOXES } from "@contract/messaging";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { readPdf } from "../helpers/pdf-text";

/** Test results, letters and resources through the portal's practice client, against the mock over HTTP. */
const mock = useMockServer();
let users: TestWorld;
let many: TestWorld;

const signIn = (world: TestWorld, label: string) => world.signIn(label);

async function expectPdf(base64: string, title: RegExp) {
  const bytes = Buffer.from(base64, "base64");
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(1);
  expect(pdf.getTitle()).toMatch(title);
  // pdf.js, as the portal's viewer, opens it and reads the title (kept with its macrons).
  const read = await readPdf(bytes);
  expect(read.numPages).toBeGreaterThanOrEqual(1);
  expect(read.title).toBe(pdf.getTitle());
  return read;
}

beforeAll(async () => {
  users = await mock.createWorld({ seed: 21 });
  many = await mock.createWorld({ scenario: "many-records", seed: 21 });
});

describe("lab results", () => {
  it("lists newest first; the unread ones are the TestResultsCounter, and opening one lowers it", async () => {
    const s = await signIn(users, "solo");
    const list = await s.api.call(endpoints.labResults, { query: { PatientID: s.id, PageSize: 100, PageNumber: 1 } });
    expect(list.total).toBeGreaterThan(8);
    const dates = list.resources.map((r) => Date.parse(r.extension.date!));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const counters = await s.api.call(endpoints.refreshCounter, { query: { PatientID: s.id } });
    const unread = list.resources.filter((r) => r.extension.read === "False");
    expect(unread.length).toBe(counters.TestResultsCounter);
    expect(unread.length).toBeGreaterThan(0); // solo's record is busy
    await s.api.call(endpoints.labResultById, { query: { PatientID: s.id, ResultID: unread[0].id } });
    const after = await s.api.call(endpoints.refreshCounter, { query: { PatientID: s.id } });
    expect(after.TestResultsCounter).toBe(counters.TestResultsCounter! - 1);
  });

  it("gives each result's detail as a table of observations, HTML or a real PDF", async () => {
    const s = await signIn(many, "many");
    const list = await s.api.call(endpoints.labResults, { query: { PatientID: s.id, PageSize: 60, PageNumber: 1 } });
    const kinds = new Set<string>();
    for (const r of list.resources) {
      const [detail] = (await s.api.call(endpoints.labResultById, { query: { PatientID: s.id, ResultID: r.id } })).resources;
      if (detail.observation) {
        kinds.add("table");
        expect(detail.observation.length).toBeGreaterThan(0);
        for (const o of detail.observation) expect(["", "High", "Low", "Abnormal"]).toContain(o.AbnormalFlagDesc);
      } else {
        const [form] = detail.presentedForm!;
        kinds.add(form.contentType!);
        if (form.contentType === "text/html") expect(Buffer.from(form.data!, "base64").toString("utf8")).toContain(`<h3>${r.description}</h3>`);
        else await expectPdf(form.data!, new RegExp(r.description!));
      }
      if (kinds.size === 3) break;
    }
    expect([...kinds].sort()).toEqual(["application/pdf", "table", "text/html"]);
  });

  it("searches by test name and date range, and charts one test over time, oldest first", async () => {
    const s = await signIn(many, "many");
    const search = await s.api.call(endpoints.labResults, { query: { PatientID: s.id, PageSize: 500, PageNumber: 1, searchText: "hba1c" } });
    expect(search.total).toBeGreaterThan(10);
    expect(search.resources.every((r) => r.description === "HbA1c")).toBe(true);
    const newest = search.resources[0].extension.date!.slice(0, 10);
    const sameDay = await s.api.call(endpoints.labResults, { query: { PatientID: s.id, PageSize: 500, PageNumber: 1, fromdate: newest, todate: newest } });
    expect(sameDay.resources.map((r) => r.id)).toContain(search.resources[0].id);
    expect(sameDay.resources.every((r) => r.extension.date!.startsWith(newest))).toBe(true);

    const chart = await s.api.call(endpoints.labChart, { query: { PatientID: s.id, labcode: "HbA1c" } });
    expect(chart.length).toBe(search.total);
    const times = chart.map((p) => Date.parse(p.resultdate!));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("pages through 3,000 results", async () => {
    const s = await signIn(many, "many");
    const last = await s.api.call(endpoints.labResults, { query: { PatientID: s.id, PageSize: 100, PageNumber: 30 } });
    expect(last.total).toBe(3_000);
    expect(last.resources).toHaveLength(100);
  });
});

describe("letters", () => {
  it("lists letters with the Token in the query, pages or a date range, and serves each as a real PDF", async () => {
    const s = await signIn(many, "many");
    const paged = await s.api.call(endpoints.letters, { query: { PatientID: s.id, PageSize: 100, PageNumber: 1 } });
    expect(paged.total).toBe(1_000);
    expect(paged.resources[0].content![0].attachment!.data).toBeUndefined();
    const day = paged.resources[3].extension.date!.slice(0, 10);
    const ranged = await s.api.call(endpoints.letters, { query: { PatientID: s.id, StartDate: `${day} 00:00:00`, EndDate: `${day} 23:59:59` } });
    expect(ranged.resources.map((l) => l.id)).toContain(paged.resources[3].id);
    const [full] = (await s.api.call(endpoints.letterById, { query: { PatientID: s.id, ResultID: paged.resources[3].id } })).resources;
    await expectPdf(full.content![0].attachment!.data!, new RegExp(paged.resources[3].type!.coding![0].display!));
  });

  it("refuses a letter listing without its Token (401) and a half-given date range (400)", async () => {
    const s = await signIn(users, "solo");
    const none = await fetch(`${s.apiBase}Patient/LetterAndDocument?PatientID=${s.id}&PageSize=10&PageNumber=1`);
    expect(none.status).toBe(401);
    const wrong = await fetch(`${s.apiBase}Patient/LetterAndDocument?Token=nope&PatientID=${s.id}&PageSize=10&PageNumber=1`);
    expect(wrong.status).toBe(401);
    const half = await fetch(`${s.apiBase}Patient/LetterAndDocument?Token=${s.token}&PatientID=${s.id}&StartDate=2025-01-01`);
    expect(half.status).toBe(400);
  });
});

describe("resources", () => {
  it("lists PDFs and links; a PDF resource is a real PDF, a link has its address", async () => {
    const s = await signIn(users, "solo");
    const media = await s.api.call(endpoints.media, { query: { PatientID: s.id, PageSize: 100, PageNumber: 1 } });
    const pdf = media.resources.find((m) => m.content?.contentType === "application/pdf")!;
    const link = media.resources.find((m) => m.content?.contentType === "link")!;
    expect(link.content!.url).toMatch(/^https:\/\//);
    await expectPdf(await s.api.call(endpoints.mediaById, { query: { PatientID: s.id, ResourceID: pdf.id } }), new RegExp(pdf.content!.title!));
  });
});

describe("text in the PDFs", () => {
  it("prints a message's PDF attachment with its body as written, macrons kept (Ngā mihi), the same bytes each time", async () => {
    const s = await signIn(many, "many");
    const inbox = await s.api.call(endpoints.messages, { query: { PatientID: s.id, Type: "1", MessagingType: MESSAGE_BOXES.inbox, PageSize: 100, PageNumber: 1 } });
    let checked = 0;
    for (const m of inbox.resources) {
      const open = () => s.api.call(endpoints.messageById, { query: { PatientID: s.id, MessageID: m.id } });
      const full = await open();
      const attachment = full.resources[0].payload?.find((p) => p.contentAttachment.contentType === "application/pdf")?.contentAttachment;
      if (!attachment || !full.resources[0].extension.body!.includes("Ngā mihi")) continue;
      const read = await expectPdf(attachment.data, /./);
      expect(read.text).toContain("Ngā mihi");
      // The whole body, names filled in, as written (the PDF wraps it onto lines).
      const words = (text: string) => text.split(/\s+/).join(" ");
      expect(words(read.text)).toContain(words(full.resources[0].extension.body!));
      const again = (await open()).resources[0].payload!.find((p) => p.contentAttachment.contentType === "application/pdf")!.contentAttachment;
      expect(again.data).toBe(attachment.data);
      checked++;
      break;
    }
    expect(checked).toBe(1);
  });
});
