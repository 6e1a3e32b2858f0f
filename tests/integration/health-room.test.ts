import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints, type Endpoint } from "@contract/endpoints";
import { ROOM } from "@contract/room";
import type { RoomRow } from "@contract/room/shapes";
import { recordTexts } from "~/lib/texts/record";
import { drawAreaChart } from "~/components/charts/chart-drawing.server";
import { AllergyList } from "~/areas/health/allergies/components/allergy-list";
import { DiagnosisList } from "~/areas/health/diagnosis/components/diagnosis-list";
import { ImmunisationList } from "~/areas/health/immunisation/components/immunisation-list";
import { ReminderList } from "~/areas/health/reminders/components/reminder-list";
import { TimelineDays } from "~/areas/health/timeline/components/timeline-days";
import { OtherReadings, VitalFigure } from "~/areas/health/vitals/components/vital-figure";
import { chartPointsOf, vitalKeyOf } from "~/areas/health/vitals/view";
import { answeredWith, oursAsSent, roomReply } from "../helpers/room-replies";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";

/**
 * The health screens against replies from the room the spec leaves (issue 68, decisions/396): each
 * page function is driven with generated replies of its call, every record in any combination of its
 * row's shapes and the whole in one reply shape, answered unchecked through the fault API. No page
 * throws; every record the practice sent is shown (never dropped); each shown field is its value or
 * "Not recorded"; a date in any form is the same day as ours; a code the portal does not know is
 * shown as sent with no colour of 2§4's; markup stays text once rendered.
 */

const NR = recordTexts.notRecorded;
const NOW = Date.parse("2026-03-01T09:00:00+13:00");
/** Enough runs to meet every shape of a row several times over (each run shapes every record), in a few seconds a screen. */
const RUNS = { numRuns: 20 };
/** The timeline's and vitals' runs read and draw far more: fewer of them. */
const LONG_RUNS = { numRuns: 15 };

const mock = useMockServer();
let world: TestWorld;
let s: PortalSession;
let pages: {
  allergies: typeof import("~/areas/health/allergies/page.server");
  diagnoses: typeof import("~/areas/health/diagnosis/page.server");
  reminders: typeof import("~/areas/health/reminders/page.server");
  immunisations: typeof import("~/areas/health/immunisation/page.server");
  vitals: typeof import("~/areas/health/vitals/page.server");
  timeline: typeof import("~/areas/health/timeline/page.server");
};

type Context = Parameters<(typeof pages)["allergies"]["allergiesPage"]>[0];
const context = (): Context => ({
  api: s.api,
  user: { token: s.token, apiBase: s.apiBase, userId: s.id, parentId: s.id, proxy: "No", username: "u", userName: "u", parentName: "Holder" },
});
const at = (path: string) => new URL(`http://portal.test${path}`);

beforeAll(async () => {
  pages = {
    allergies: await import("~/areas/health/allergies/page.server"),
    diagnoses: await import("~/areas/health/diagnosis/page.server"),
    reminders: await import("~/areas/health/reminders/page.server"),
    immunisations: await import("~/areas/health/immunisation/page.server"),
    vitals: await import("~/areas/health/vitals/page.server"),
    timeline: await import("~/areas/health/timeline/page.server"),
  };
  world = await mock.createWorld({ scenario: "default", seed: 18, now: "2026-03-01T09:00:00+13:00" });
  s = await world.signIn("solo");
});

/* ---------- reading the generated replies ---------- */

type Wire = Record<string, unknown>;

/** The records of a bundle reply, in order; none for a bundle without entries. */
function recordsOf(reply: unknown): Wire[] {
  const entry = Array.isArray(reply) ? (reply[0] as { entry?: unknown } | undefined)?.entry : undefined;
  return Array.isArray(entry) ? entry.map((e: { resource: Wire }) => e.resource) : [];
}

/** The value at a dotted path ("extension.1.valueString"), or undefined where it does not reach. */
function get(value: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((v, key) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), value);
}

/** A list as the practice sent it: absent, null or "" are none. */
const listOf = (value: unknown): Wire[] => (Array.isArray(value) ? (value as Wire[]) : []);

/** What a screen must show for a text field: the practice's words trimmed, or "Not recorded". */
function shownFrom(raw: unknown): string {
  return typeof raw === "string" && raw.trim() !== "" ? raw.trim() : NR;
}

/** Texts joined as the cards join notes and reactions, or "" for none. */
const joined = (raws: unknown[], separator: string) =>
  raws
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.trim())
    .filter(Boolean)
    .join(separator);

/**
 * The day and time a date must show as in Auckland, read here apart from the portal's luxon (by the
 * platform's Intl): a date is that day, a local date-time that day and time, one with an offset or in
 * UTC its moment in Auckland. Null for none.
 */
function expectedWhen(raw: unknown): { day: string; time: string } | null {
  if (typeof raw !== "string" || raw.trim() === "") return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(raw.trim());
  if (!m) throw new Error(`the room holds a date this test cannot read: ${raw}`);
  const clock = (hour: number, minute: string) => `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? "am" : "pm"}`;
  if (!m[4]) return { day: `${m[3]}-${m[2]}-${m[1]}`, time: "" };
  if (!m[6]) return { day: `${m[3]}-${m[2]}-${m[1]}`, time: clock(Number(m[4]), m[5]) };
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-GB", { timeZone: "Pacific/Auckland", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(raw)).map((p) => [p.type, p.value]));
  return { day: `${parts.day}-${parts.month}-${parts.year}`, time: clock(Number(parts.hour), parts.minute) };
}

/** The day a date shows as, whatever form it came in; "Not recorded" for none. */
const dayOf = (raw: unknown): string => expectedWhen(raw)?.day ?? NR;

const DAY = /^\d{2}-\d{2}-\d{4}$/;

/** The replies of a row made from ours (solo's full record: every field the screen shows is in it). */
async function generated(row: RoomRow, endpoint: Endpoint, query: Record<string, string>) {
  const ours = await oursAsSent(world, s.token, endpoint, query);
  expect(recordsOf(ours).length).toBeGreaterThan(0);
  return roomReply(row, ours);
}

/** The rendered list split into its cards' markup, in order (the lists hold no nested items). */
const cardsOf = (html: string) => html.split("<li").slice(1);

/** Markup in a practice's text is escaped text once rendered, never an element (React escapes it). */
function expectMarkupAsText(html: string, records: Wire[]) {
  expect(html).not.toMatch(/<b>/);
  if (JSON.stringify(records).includes("<b>")) expect(html).toContain("&lt;b&gt;");
}

const query = { PatientID: "", PageSize: "100", PageNumber: "1" };

/* ---------- the screens ---------- */

describe("the health screens read every reply in the room the spec leaves (decisions/396)", () => {
  it("allergies: every allergy listed, each field or Not recorded, a missing severity Mild (2§4), an unknown one as sent and neutral", async () => {
    const arbitrary = await generated(ROOM.allergies, endpoints.allergies, { ...query, PatientID: s.id, PageSize: "30" });
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ reply }) => {
        await world.fault(answeredWith(endpoints.allergies, reply));
        const view = await pages.allergies.allergiesPage(context(), at("/allergies"));
        const records = recordsOf(reply);
        expect(view.allergies.map((a) => a.id)).toEqual(records.map((r) => r.id));
        view.allergies.forEach((card, i) => {
          const r = records[i];
          expect(card.substance).toBe(shownFrom(get(r, "code.text")));
          expect(card.type).toBe(shownFrom(get(r, "extension.0.valueString")));
          const severity = get(r, "extension.1.valueString");
          const word = typeof severity === "string" ? severity.trim() : "";
          if (word === "") expect(card).toMatchObject({ severity: "Mild", unrecorded: true });
          else if (!["mild", "moderate", "severe", "low", "medium", "high"].includes(word.toLowerCase())) expect(card).toMatchObject({ severity: null, severityLabel: word, unrecorded: false });
          else expect(card.severity).not.toBeNull();
          const reactions = listOf(r.reaction).flatMap((x) => listOf(x.manifestation).map((m) => m.text));
          expect(card.reaction).toBe(joined(reactions, "; ") || null);
        });
        const html = renderToStaticMarkup(createElement(AllergyList, { allergies: view.allergies }));
        // An allergy with no severity of 2§4 carries the neutral colour, never green, amber or red.
        cardsOf(html).forEach((markup, i) => expect(markup.includes("border-muted")).toBe(view.allergies[i].severity === null));
        expectMarkupAsText(html, records);
      }),
      RUNS,
    );
  });

  it("diagnosis: every diagnosis of each tab listed, with its day in whatever form it came, or Not recorded", async () => {
    const arbitrary = await generated(ROOM.conditions, endpoints.conditions, { ...query, PatientID: s.id, TypeID: "0" });
    await fc.assert(
      fc.asyncProperty(arbitrary, fc.constantFrom("", "?tab=recent", "?tab=all"), async ({ reply }, tab) => {
        await world.fault(answeredWith(endpoints.conditions, reply));
        const view = await pages.diagnoses.diagnosesPage(context(), at(`/diagnosis${tab}`));
        const records = recordsOf(reply);
        expect(view.diagnoses).toHaveLength(records.length);
        view.diagnoses.forEach((card, i) => {
          const r = records[i];
          expect(card.id).toBe(r.id ?? null);
          expect(card.date).toBe(dayOf(r.onsetDateTime));
          expect(card.isoDate === "").toBe(card.date === NR);
          const notes = listOf(r.note).map((n) => n.text);
          expect(card.text).toBe(joined(notes, " ") || NR);
          expect(card.longTerm).toBe(get(r, "extension.0.valueBoolean") === true);
        });
        // A day is a <time> only with its date-time: "Not recorded" is said as plain text, no <time> without one.
        const times = [...renderToStaticMarkup(createElement(DiagnosisList, { label: "All Diagnosis", diagnoses: view.diagnoses })).matchAll(/<time([^>]*)>([^<]*)<\/time>/g)];
        expect(times.map((m) => m[2])).toEqual(view.diagnoses.filter((d) => d.isoDate !== "").map((d) => d.date));
        for (const [, attributes] of times) expect(attributes).toMatch(/datetime="\d{4}-\d{2}-\d{2}"/i);
      }),
      RUNS,
    );
  });

  it("immunisation: every immunisation of each tab listed; its state by ImmType, an unknown one as sent and neutral; dates in any form the same day", async () => {
    const arbitrary = await generated(ROOM.immunisations, endpoints.immunisations, { ...query, PatientID: s.id, TypeID: "0" });
    await fc.assert(
      fc.asyncProperty(arbitrary, fc.constantFrom("", "?tab=overdue", "?tab=administered", "?tab=all"), async ({ reply }, tab) => {
        await world.fault(answeredWith(endpoints.immunisations, reply));
        const view = await pages.immunisations.immunisationsPage(context(), at(`/immunisation${tab}`));
        const records = recordsOf(reply);
        expect(view.immunisations.map((i) => i.id)).toEqual(records.map((r) => r.id));
        view.immunisations.forEach((card, i) => {
          const r = records[i];
          expect(card.name).toBe(shownFrom(get(r, "extension.0.valueString")));
          expect(card.indication).toBe(shownFrom(get(r, "extension.1.valueString")));
          const immType = get(r, "extension.4.valueString");
          const word = typeof immType === "string" ? immType.trim() : "";
          if (word.toLowerCase() === "overdue") expect(card.state).toBe("Overdue");
          else if (word.toLowerCase() === "due") expect(card.state).toBe("Due");
          else if (word !== "" && word.toLowerCase() !== "other") expect(card).toMatchObject({ state: null, stateLabel: word, stateUnknown: true });
          if (card.state === null && !card.stateUnknown) expect(card.stateLabel).toBe(NR);
          // The date the label names, read in whatever form it came: the day of ours, or Not recorded.
          if (card.dateLabel === "Given") expect(card.date).toBe(dayOf(r.date));
          else {
            // The due date-time, or failing it the schedule's month.
            const due = get(r, "extension.3.valueDateTime");
            expect(card.date).toBe(dayOf(typeof due === "string" && due.trim() !== "" ? due : get(r, "extension.12.valueDateTime")));
          }
          if (card.state === "Administered") expect(card.vaccinator).toBe(shownFrom(get(r, "extension.2.valueString")));
        });
        const html = renderToStaticMarkup(createElement(ImmunisationList, { label: "Immunisations", immunisations: view.immunisations }));
        cardsOf(html).forEach((markup, i) => {
          const { state } = view.immunisations[i];
          expect(markup.includes("border-muted")).toBe(state === null || state === "Declined");
        });
        expectMarkupAsText(html, records);
      }),
      RUNS,
    );
  });

  it("timeline: every event shown once, grouped by day newest first with those without a day last, each field or Not recorded", async () => {
    const arbitrary = await generated(ROOM.timeline, endpoints.timeline, { ...query, PatientID: s.id, FromDate: "1900-01-01", toDate: "2026-03-01" });
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ reply }) => {
        await world.fault(answeredWith(endpoints.timeline, reply));
        const view = await pages.timeline.timelinePage(context(), at("/timeline"), NOW);
        const records = recordsOf(reply);
        const entries = view.days.flatMap((d) => d.providers.flatMap((p) => p.entries));
        expect(view.shown).toBe(records.length);
        expect(entries.map((e) => e.id).sort()).toEqual(records.map((r) => r.id as string).sort());
        const byId = new Map(records.map((r) => [r.id, r]));
        for (const e of entries) {
          const r = byId.get(e.id)!;
          expect(e.kind).toBe(shownFrom(get(r, "code.coding.0.display")));
          expect(e.text).toBe(shownFrom(get(r, "code.text")));
          expect(e.provider).toBe(shownFrom(get(r, "extension.0.valueString")));
          expect(e.date).toBe(dayOf(r.created));
          // A time only where the practice wrote one, in Auckland whatever its offset.
          expect(e.time).toBe(expectedWhen(r.created)?.time ?? "");
        }
        const days = view.days.map((d) => d.isoDate);
        const dated = days.filter(Boolean);
        expect(dated).toEqual([...dated].sort().reverse());
        expect(days.indexOf("")).toBe(days.includes("") ? days.length - 1 : -1);
        for (const d of view.days) expect(d.date).toBe(d.isoDate ? d.providers[0].entries[0].date : NR);
        const html = renderToStaticMarkup(createElement(TimelineDays, { days: view.days }));
        expectMarkupAsText(html, records);
      }),
      LONG_RUNS,
    );
  });

  it("reminders: every reminder listed, each field or Not recorded; a priority the spec does not name as sent, none not recorded, neither coloured", async () => {
    const arbitrary = await generated(ROOM.reminders, endpoints.reminders, { ...query, PatientID: s.id });
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ reply }) => {
        await world.fault(answeredWith(endpoints.reminders, reply));
        const view = await pages.reminders.remindersPage(context(), at("/reminders"));
        const records = recordsOf(reply);
        expect(view.reminders).toHaveLength(records.length);
        view.reminders.forEach((card, i) => {
          const r = records[i];
          expect(card.id).toBe(r.id ?? null);
          expect(card.title).toBe(shownFrom(get(r, "extension.1.valueString")));
          expect(card.description).toBe(shownFrom(get(r, "extension.0.valueString")));
          expect(card.sender).toBe(shownFrom(get(r, "sender.display")));
          expect(card.sent).toBe(dayOf(r.sent));
          const priority = get(r, "extension.2.valueString");
          const word = typeof priority === "string" ? priority.trim() : "";
          if (word === "") expect(card).toMatchObject({ priority: null, priorityLabel: `Priority: ${NR}` });
          else if (!["high", "medium", "normal"].includes(word.toLowerCase())) expect(card).toMatchObject({ priority: null, priorityLabel: `${word} priority`, priorityUnknown: true });
          else expect(card.priority?.toLowerCase()).toBe(word.toLowerCase());
        });
        const html = renderToStaticMarkup(createElement(ReminderList, { reminders: view.reminders }));
        cardsOf(html).forEach((markup, i) => expect(markup.includes("border-muted")).toBe(view.reminders[i].priority === null));
        expectMarkupAsText(html, records);
      }),
      RUNS,
    );
  });

  it("vitals: every observation charted or listed as sent, none dropped; a reading without a date or a value is in its table, not drawn, and the chart says so", async () => {
    const arbitrary = await generated(ROOM.vitals, endpoints.vitals, { ...query, PatientID: s.id, PageSize: "30", ChartType: "0" });
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ reply }) => {
        await world.fault(answeredWith(endpoints.vitals, reply));
        const view = await pages.vitals.vitalsReadings(context(), at("/vitals"));
        const records = recordsOf(reply);
        expect(view.read).toBe(records.length);
        expect(view.charts.reduce((n, c) => n + c.readings.length, 0) + view.others.length).toBe(records.length);
        // A vital the spec does not list, or one with no name, is never charted.
        const unnamed = records.filter((r) => vitalKeyOf(get(r, "code.coding.0.display") as string | undefined) === null).length;
        expect(view.others.length).toBeGreaterThanOrEqual(unnamed);
        for (const other of view.others) {
          expect(other.name === NR || other.name.trim() !== "").toBe(true);
          expect(other.date === NR || DAY.test(other.date)).toBe(true);
        }
        for (const chart of view.charts) {
          for (const r of chart.readings) expect(r.date === NR || DAY.test(r.date)).toBe(true);
          const leftOut = chart.readings.some((r) => r.at === null || r.values.includes(null));
          expect(chart.notDrawn !== null).toBe(leftOut);
          const { series, dates } = chartPointsOf(chart);
          const points = series.reduce((n, x) => n + x.points.length, 0);
          expect(points).toBe(chart.readings.filter((r) => r.at !== null).reduce((n, r) => n + r.values.filter((v) => v !== null).length, 0));
          expect(chart.drawable).toBe(points > 0);
          const drawing = chart.drawable ? drawAreaChart(series.map((x, i) => ({ ...x, colour: "#000", dashed: i === 1 })), dates) : null;
          if (drawing !== null) expect(drawing).not.toMatch(/NaN|Infinity/);
          const html = renderToStaticMarkup(createElement(VitalFigure, { chart, drawing }));
          if (chart.readings.some((r) => r.values.includes(null))) expect(html).toContain(NR);
          if (chart.notDrawn) expect(html).toContain(chart.notDrawn);
          // The table is newest first, a reading without a date after them all (decisions/396), never above the newest.
          const rowDays = [.../<tbody>([\s\S]*?)<\/tbody>/.exec(html)![1].matchAll(/<tr[^>]*><th[^>]*>([\s\S]*?)<\/th>/g)].map(([, head]) => /datetime="([^"]+)"/i.exec(head)?.[1] ?? "");
          expect(rowDays).toHaveLength(chart.readings.length);
          const datedDays = rowDays.filter(Boolean);
          expect(rowDays).toEqual([...datedDays, ...rowDays.filter((d) => !d)]);
          expect([...datedDays].sort().reverse()).toEqual(datedDays);
        }
        if (view.others.length > 0) expectMarkupAsText(renderToStaticMarkup(createElement(OtherReadings, { readings: view.others })), records);
      }),
      LONG_RUNS,
    );
  });
});
