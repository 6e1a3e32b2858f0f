import fc from "fast-check";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { ROOM } from "@contract/room";
import { PRACTICE_ZONE } from "~/lib/dates";
import type { ChartReply, ResultDetail } from "~/lib/reports-view";
import { recordTexts } from "~/lib/texts/record";
import { DocumentRate } from "~/.server/document-rate.server";
import type { SignedInData } from "~/.server/session.server";
import { answeredWith, oursAsSent, roomReply } from "../helpers/room-replies";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";

/**
 * The records' screens against the room the spec leaves (issue 68, decisions/396): every loader and file
 * route of results, letters and resources (and the summary's results, the preview) is driven with replies
 * generated from its call's row (tests/helpers/room-replies.ts), each record in any combination of its
 * row's shapes. None throws or fails; every record is kept; each shown field is its value or "Not
 * recorded"; a flag or a type the portal does not know is shown as sent, never in red.
 */

const mock = useMockServer();
const NOT = recordTexts.notRecorded;
const RUNS = { numRuns: 20 };
let world: TestWorld;
let practice: PortalSession;
let user: SignedInData;
let cookie: string;
let reports: typeof import("~/areas/results/page.server");
let letters: typeof import("~/areas/letters/page.server");
let resources: typeof import("~/areas/resources/page.server");
let preview: typeof import("~/areas/preview/page.server");
let summary: typeof import("~/areas/summary/page.server");
let summaryFhir: typeof import("~/areas/summary/fhir");

/** The documents' limit (issue 36) set past every run's documents: these tests open many at once. */
const rate = new DocumentRate({ DOCUMENT_RATE_LIMIT: 100_000, DOCUMENT_RATE_WINDOW_SECONDS: 60 });
const get = (address: string) => new Request(`http://portal.test${address}`, { headers: { Cookie: cookie } });
const at = (address: string) => new URL(`http://portal.test${address}`);
const context = () => ({ api: practice.api, user });
const q = (query: Record<string, string | number>) => Object.fromEntries(Object.entries({ PatientID: practice.id, ...query }).map(([k, v]) => [k, String(v)]));

/** A dialog's reply, never the documents' refusal (the limit is set past these tests). */
function answered<T>(reply: unknown): T {
  if (reply !== null && typeof reply === "object" && "init" in reply && "data" in reply) throw new Error("refused past the documents' limit");
  return reply as T;
}

/* ---------- the raw records of a generated reply, read without the portal's code ---------- */

type Raw = Record<string, unknown> | null | undefined;
/** The resources of a bundle reply as sent, in order. */
function recordsOf(reply: unknown): Raw[] {
  const first = Array.isArray(reply) ? (reply[0] as { entry?: Array<{ resource?: Raw }> | null }) : undefined;
  return (first?.entry ?? []).map((e) => e.resource);
}
/** The value at a dotted path of a raw record ("extension.1.valueDateTime"). */
function field(record: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((v, key) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), record);
}
/** What a card shows for a text field: its trimmed text, or "Not recorded". */
const shown = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : NOT);
/** The day a date or date-time names, DD-MM-YYYY in the practice's zone (a local one is the practice's time), or "Not recorded". */
const shownDay = (sent: unknown) => (typeof sent === "string" && sent.trim() !== "" ? DateTime.fromISO(sent.trim(), { zone: PRACTICE_ZONE }).toFormat("dd-MM-yyyy") : NOT);

beforeAll(async () => {
  [reports, letters, resources, preview, summary, summaryFhir] = await Promise.all([
    import("~/areas/results/page.server"),
    import("~/areas/letters/page.server"),
    import("~/areas/resources/page.server"),
    import("~/areas/preview/page.server"),
    import("~/areas/summary/page.server"),
    import("~/areas/summary/fhir"),
  ]);
  const { sessions } = await import("~/.server/session.server");
  world = await mock.createWorld({ seed: 68 });
  ({ practice, user, cookie } = await signedInToPortal(sessions, world, "solo"));
});

describe("test results", () => {
  it("the Test Results page keeps every result and shows each card's test, date, laboratory and requester, or Not recorded", async () => {
    const ours = await oursAsSent(world, practice.token, endpoints.labResults, q({ PageSize: 100, PageNumber: 1 }));
    const oursRecords = recordsOf(ours);
    expect(oursRecords.length).toBeGreaterThan(5);
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.labResults, ours), async ({ reply }) => {
        await world.fault(answeredWith(endpoints.labResults, reply));
        const page = await reports.loadReportsPage(get("/reports"));
        const sent = recordsOf(reply);
        expect(page.results.map((r) => r.id)).toEqual(sent.map((r) => field(r, "id")));
        // One page, read whole: the practice's total (counted wrong or not at all) is what was read.
        expect(page.total).toBe(sent.length);
        page.results.forEach((card, i) => {
          const record = sent[i];
          expect(card.test).toBe(shown(field(record, "description")));
          expect(card.author).toBe(shown(field(record, "author.display")));
          expect(card.laboratory).toBe(shown(field(record, "extension.0.valueString")));
          expect(card.date).toBe(shownDay(field(record, "extension.1.valueDateTime")));
          expect(card.read).toBe(["true", "1"].includes(String(field(record, "extension.4.valueString")).toLowerCase()));
        });
      }),
      RUNS,
    );
  });

  it("a result opened, as its dialog and its full page show it: a table keeps every row, a flag it does not know is shown as sent and not red, HTML stays sanitised", async () => {
    const list = await reports.loadReportsPage(get("/reports"));
    // Solo's newest results are one of each kind: a table, HTML, a PDF (fixtures/builders/documents.ts SHOWCASE).
    const opened = await Promise.all(list.results.slice(0, 4).map(async (card) => ({ card, ours: await oursAsSent(world, practice.token, endpoints.labResultById, q({ ResultID: card.id })) })));
    const asSent = await Promise.all(opened.map(async ({ card }) => answered<ResultDetail>(await reports.loadResultDetail(get(`/reports/result/${card.id}`), card.id, rate))));
    expect(asSent.map((d) => d.kind)).toEqual(["table", "html", "table", "pdf"]);
    for (const { card, ours } of opened) {
      await fc.assert(
        fc.asyncProperty(roomReply(ROOM.labResultById, ours), async ({ reply }) => {
          const [record] = recordsOf(reply);
          await world.fault(answeredWith(endpoints.labResultById, reply));
          const detail = answered<ResultDetail>(await reports.loadResultDetail(get(`/reports/result/${card.id}`), card.id, rate));
          expect(["table", "html", "pdf", "empty"]).toContain(detail.kind);
          const rows = field(record, "observation");
          if (detail.kind === "table") {
            expect(detail.rows).toHaveLength((rows as unknown[]).length);
            detail.rows.forEach((row, i) => {
              const flag = String(field(record, `observation.${i}.AbnormalFlagDesc`) ?? "").trim();
              const value = field(record, `observation.${i}.ObservationValue`);
              expect(row.text).toBe(shown(field(record, `observation.${i}.ObservationText`)));
              expect(row.value).toBe(shown(typeof value === "number" ? String(value) : value));
              expect(row.flag).toBe(flag);
              expect(row.flagged).toBe(["abnormal", "low", "high"].includes(flag.toLowerCase()));
            });
          } else if (Array.isArray(rows) && rows.length > 0) throw new Error(`observations shown as ${detail.kind}`);
          if (detail.kind === "html") expect(detail.html).not.toMatch(/<script|on\w+=|javascript:/i);

          await world.fault(answeredWith(endpoints.labResultById, reply));
          const page = await preview.loadPreviewPage(get(`/preview?type=result&id=${card.id}`), rate);
          if (!page.found) throw new Error("the result's full page found nothing");
          expect(page.title).toBe(shown(field(record, "description")));
          expect(page.description).not.toMatch(/undefined|null|Not recorded/);
        }),
        { numRuns: 6 },
      );
    }
  });

  it("the Result Chart keeps every value: one without a date or a number is listed, not lost", async () => {
    const ours = await oursAsSent(world, practice.token, endpoints.labChart, q({ labcode: "HbA1c" }));
    expect((ours as unknown[]).length).toBeGreaterThan(2);
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.labChart, ours), async ({ reply }) => {
        await world.fault(answeredWith(endpoints.labChart, reply));
        const chart = answered<ChartReply>(await reports.loadResultChart(get("/reports/chart?test=HbA1c"), rate));
        if (!chart.ok) throw new Error("no chart");
        const points = chart.series.flatMap((s) => s.points);
        expect(points).toHaveLength((reply as unknown[]).length);
        const names = new Set((reply as Raw[]).map((p) => shown(field(p, "observationtext"))));
        expect(new Set(chart.series.map((s) => s.name))).toEqual(names);
        for (const p of points) expect(p.date === NOT || /^\d{2}-\d{2}-\d{4}$/.test(p.date)).toBe(true);
      }),
      RUNS,
    );
  });

  it("the summary's results section keeps every result and says Not recorded where the practice does", async () => {
    const ours = await oursAsSent(world, practice.token, endpoints.labResults, q({ PageSize: 100, PageNumber: 1 }));
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.labResults, ours), async ({ reply }) => {
        await world.fault(answeredWith(endpoints.labResults, reply));
        const record = await summary.readSummaryRecord(practice.api, practice.id);
        const doc = summaryFhir.summaryDocument(record, new Date("2026-03-02T00:00:00Z"));
        const table = doc.tables.find((t) => t.key === "results")!;
        const sent = recordsOf(reply);
        expect(table.rows).toHaveLength(sent.length);
        expect(table.partial).toBeUndefined();
        table.rows.forEach((row, i) => {
          expect(row[0]).toBe(shown(field(sent[i], "description")));
          expect(row[1]).toBe(shownDay(field(sent[i], "extension.1.valueDateTime")));
        });
      }),
      { numRuns: 8 },
    );
  });

  it("a practice that sends no total: a full first page offers Show more with no count made up, and the second page brings results 101 on", async () => {
    // At room seed 1 every bundle reply of the spec practice is drawn without its total (contract/room/bundle.ts).
    const spec = await mock.createWorld({ scenario: "many-records", seed: 68, practice: "spec", roomSeed: 1 });
    const { sessions } = await import("~/.server/session.server");
    const many = await signedInToPortal(sessions, spec, "many");
    const page = (address: string) => reports.loadReportsPage(new Request(`http://portal.test${address}`, { headers: { Cookie: many.cookie } }));
    const first = await page("/reports");
    expect(first.results).toHaveLength(100);
    expect(first).toMatchObject({ total: undefined, pages: 1, more: true });
    const two = await page("/reports?pages=2");
    const firstIds = new Set(first.results.map((r) => r.id));
    expect(two.results).toHaveLength(200);
    expect(two.results.filter((r) => !firstIds.has(r.id))).toHaveLength(100);
    expect(two).toMatchObject({ total: undefined, pages: 2, more: true });
    // At the most pages the screen shows (30), every page full: no count, and no more offered.
    const every = await page("/reports?pages=30");
    expect(new Set(every.results.map((r) => r.id)).size).toBe(3000);
    expect(every).toMatchObject({ total: undefined, pages: 30, more: false });
  });
});

describe("letters", () => {
  it("the Letters page keeps every letter, paged or in a range, with its type and date or Not recorded, and a type not PDF shown as sent", async () => {
    const ours = await oursAsSent(world, practice.token, endpoints.letters, q({ PageSize: 100, PageNumber: 1 }));
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.letters, ours), fc.boolean(), async ({ reply }, ranged) => {
        await world.fault(answeredWith(endpoints.letters, reply));
        const page = await letters.lettersPage(context(), at(ranged ? "/letters?from=01-01-2000&to=31-12-2099" : "/letters"));
        const sent = new Map(recordsOf(reply).map((r) => [field(r, "id"), r]));
        expect(page.letters.map((l) => l.id).sort()).toEqual([...sent.keys()].sort());
        expect(page.total).toBe(sent.size);
        expect(page.more).toBe(false);
        for (const tile of page.letters) {
          const record = sent.get(tile.id);
          expect(tile.type).toBe(shown(field(record, "type.coding.0.display")));
          expect(tile.date).toBe(shownDay(field(record, "extension.0.valueDateTime")));
          const type = field(record, "content.0.attachment.contentType");
          expect(tile.pdf).toBe(String(type).toLowerCase() === "application/pdf");
          if (!tile.pdf) expect(tile.format).toBe(shown(type));
        }
        // Undated letters go last.
        const dated = page.letters.map((l) => l.isoDate !== "");
        expect(dated).toEqual([...dated].sort((a, b) => Number(b) - Number(a)));
      }),
      RUNS,
    );
  });

  it("a letter's file and full page: a PDF inline, any other type a download, no data a 404, never a failure of the portal", async () => {
    const [first] = recordsOf(await oursAsSent(world, practice.token, endpoints.letters, q({ PageSize: 100, PageNumber: 1 })));
    const id = String(field(first, "id"));
    const ours = await oursAsSent(world, practice.token, endpoints.letterById, q({ ResultID: id }));
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.letterById, ours), async ({ reply }) => {
        const [record] = recordsOf(reply);
        await world.fault(answeredWith(endpoints.letterById, reply));
        const file = await letters.letterFileResponse(get(`/letters/letter/${id}`), id, rate);
        const data = field(record, "content.0.attachment.data");
        if (typeof data === "string" && data !== "") {
          expect(file.status).toBe(200);
          const pdf = String(field(record, "content.0.attachment.contentType")).toLowerCase() === "application/pdf";
          expect(file.headers.get("Content-Type")).toBe(pdf ? "application/pdf" : "application/octet-stream");
          expect(file.headers.get("Content-Disposition")).toMatch(pdf ? /^inline; filename="[\w-]+\.pdf"$/ : /^attachment; filename="[\w-]+"$/);
        } else expect(file.status).toBe(404);
        await file.arrayBuffer();

        await world.fault(answeredWith(endpoints.letterById, reply));
        const page = await preview.loadPreviewPage(get(`/preview?type=letter&id=${id}`), rate);
        if (!page.found) throw new Error("the letter's full page found nothing");
        expect(page.title).toBe(shown(field(record, "type.coding.0.display")));
      }),
      RUNS,
    );
  });
});

describe("resources", () => {
  it("the Resources page keeps every resource, with its title or Not recorded, a type it does not know shown as sent, and only web addresses as links", async () => {
    const ours = await oursAsSent(world, practice.token, endpoints.media, q({ PageSize: 100, PageNumber: 1 }));
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.media, ours), async ({ reply }) => {
        await world.fault(answeredWith(endpoints.media, reply));
        const page = await resources.resourcesPage(context(), at("/resources"));
        const sent = recordsOf(reply);
        expect(page.items.map((i) => i.id)).toEqual(sent.map((r) => field(r, "id")));
        expect(page).toMatchObject({ total: sent.length, more: false });
        page.items.forEach((item, i) => {
          expect(item.title).toBe(shown(field(sent[i], "content.title")));
          const type = String(field(sent[i], "content.contentType") ?? "").toLowerCase();
          if (type === "application/pdf") expect(item.kind).toBe("pdf");
          else if (type !== "link") expect(item).toMatchObject({ type: shown(field(sent[i], "content.contentType")) });
          if (item.kind === "link") expect(item.url).toMatch(/^https?:\/\//);
        });
      }),
      RUNS,
    );
  });

  it("a PDF resource's file, its base64 written as a JSON string, in lines, as a data: address or bare, is the PDF", async () => {
    const [pdf] = recordsOf(await oursAsSent(world, practice.token, endpoints.media, q({ PageSize: 100, PageNumber: 1 }))).filter((r) => field(r, "content.contentType") === "application/pdf");
    const id = String(field(pdf, "id"));
    const ours = await oursAsSent(world, practice.token, endpoints.mediaById, q({ ResourceID: id }));
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.mediaById, ours), async ({ reply }) => {
        await world.fault(answeredWith(endpoints.mediaById, reply));
        const file = await resources.resourceFileResponse(get(`/resources/file/${id}`), id, rate);
        expect(file.status).toBe(200);
        expect(file.headers.get("Content-Type")).toBe("application/pdf");
        expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
      }),
      { numRuns: 8 },
    );
  });
});
