import type { LabResult } from "@contract/documents";
import { contentTypeOf, isReadFlag } from "@contract/record-words";
import { clockTime, formatDate, practiceDateTime } from "./dates";
import { recordTexts } from "./texts/record";

/**
 * What the Test Results screen shows (2§2, 2§3), mapped on the server from the practice's replies; the screen imports
 * only the types, and dates are formatted here (DD-MM-YYYY, Pacific/Auckland) so luxon stays off it (decisions/062).
 */

/**
 * A field as a card shows it: its text, or "Not recorded" when the practice's record leaves it absent,
 * null or empty (issue 68, decisions/396). Text with markup stays text: React escapes it.
 */
export function shownText(value: string | null | undefined): string {
  return value?.trim() || recordTexts.notRecorded;
}

/** One result card. Every field the card shows holds a value or "Not recorded". */
export interface ResultCard {
  id: string;
  /** The test's name (the "subject" searched for), or "Not recorded". */
  test: string;
  /** The test's name as the practice sent it, LabResultChartById's labcode; "" when it sent none (no chart to ask for). */
  chartCode: string;
  /** DD-MM-YYYY in Pacific/Auckland, or "Not recorded". */
  date: string;
  /** "h:mm am" in Pacific/Auckland, or "" when the practice gives no time. */
  time: string;
  laboratory: string;
  author: string;
  /** "" when the practice files none: the card leaves the line out. */
  folder: string;
  /** "" when there are none: the card leaves the line out. */
  comments: string;
  /** The read flag (2§4), read by `isReadFlag`: True, true, 1 or Yes; anything else, absent included, is unread. */
  read: boolean;
  /** One line under the title (the dialog's, the full page's): the date, laboratory and requester the practice recorded. */
  summary: string;
}

/** The flags 2§3 shows in red; the word is always shown beside the colour. */
const FLAGGED = new Set(["abnormal", "low", "high"]);

export interface ObservationView {
  text: string;
  value: string;
  flag: string;
  flagged: boolean;
  range: string;
}

/** The result dialog's content, by kind (2§4): what the server hands the dialog. */
export type ResultDetail =
  | { kind: "table"; rows: ObservationView[] }
  /** Sanitised on the server (decisions/061). */
  | { kind: "html"; html: string }
  /** The PDF's bytes as base64, for the viewer (a data: address: no second call to the practice). */
  | { kind: "pdf"; pdf: string }
  | { kind: "empty" }
  | { kind: "failed"; message: string };

export interface ChartPoint {
  /** DD-MM-YYYY, or "Not recorded". */
  date: string;
  /** Epoch milliseconds, for the x axis; null when the practice gave no readable date (listed, never drawn). */
  at: number | null;
  /** As the practice wrote it, or "Not recorded". */
  text: string;
  /** The number, when the value is one; null for a value that is words ("Target cells seen"). */
  value: number | null;
}

/** One observation of a test over time: each is its own line, as each has its own unit. */
export interface ChartSeries {
  name: string;
  points: ChartPoint[];
}

/** `message`: why there is no chart when it is not the practice's failure (documents opened too fast, issue 36). */
export type ChartReply = { ok: true; series: ChartSeries[] } | { ok: false; message?: string };

/** A practice's date as the portal shows it: DD-MM-YYYY in the practice's zone from a date, a local date-time or a UTC one; "Not recorded" for none. */
export function shownDate(value: string | null | undefined): string {
  return value?.trim() ? formatDate(value.trim()) : recordTexts.notRecorded;
}

export function resultCardOf(result: LabResult): ResultCard {
  const e = result.extension;
  const date = e.date?.trim() ?? "";
  const at = practiceDateTime(date);
  const hasTime = /T\d{2}:\d{2}/.test(date);
  const card = {
    id: result.id,
    test: shownText(result.description),
    chartCode: result.description?.trim() ? result.description : "",
    date: shownDate(date),
    time: at.isValid && hasTime ? clockTime(at) : "",
    laboratory: shownText(e.laboratory),
    author: shownText(result.author?.display),
    folder: e.folder?.trim() ?? "",
    comments: e.comments?.trim() ?? "",
    read: isReadFlag(e.read),
  };
  return { ...card, summary: [card.date, card.laboratory, card.author].filter((v) => v !== recordTexts.notRecorded).join(" · ") };
}

type ObservationRow = NonNullable<LabResult["observation"]>[number];

/**
 * One row of the table. A flag other than the three 2§3 shows in red (in any letters) is shown as the
 * practice sent it, never in red: the portal does not know what it claims.
 */
export function observationOf(row: ObservationRow): ObservationView {
  const flag = row.AbnormalFlagDesc?.trim() ?? "";
  return { text: shownText(row.ObservationText), value: shownText(row.ObservationValue), flag, flagged: FLAGGED.has(flag.toLowerCase()), range: row.ObservationSummary?.trim() ?? "" };
}

/**
 * What LabResultByID holds, as the dialog shows it: observations make a table; otherwise the first
 * presented form that is HTML or PDF. `sanitise` is the server's HTML sanitiser, passed in so this
 * mapper stays free of it.
 */
export function resultDetailOf(result: LabResult | undefined, sanitise: (html: string) => string): ResultDetail {
  if (!result) return { kind: "empty" };
  if (result.observation && result.observation.length > 0) return { kind: "table", rows: result.observation.map(observationOf) };
  // By content type (2§4), in any letters and with any parameters; a form the portal cannot show (an
  // image, a type left out) is passed over for one it can, and with none the dialog says there is no data.
  const forms = (result.presentedForm ?? []).flatMap((f) => (f.data ? [{ type: contentTypeOf(f.contentType), data: f.data }] : []));
  const form = forms.find((f) => f.type === "application/pdf" || f.type === "text/html");
  if (!form) return { kind: "empty" };
  if (form.type === "application/pdf") return { kind: "pdf", pdf: form.data };
  const html = sanitise(new TextDecoder().decode(Uint8Array.from(atob(form.data), (c) => c.charCodeAt(0))));
  return html.replace(/<[^>]*>/g, "").trim() === "" ? { kind: "empty" } : { kind: "html", html };
}

/** A value as a number: "48", "5.2 mmol/L", "<0.5" read as 48, 5.2 and 0.5; words are not numbers. */
export function numericValue(text: string): number | null {
  const match = /^\s*[<>≤≥]?\s*(-?\d+(?:\.\d+)?)/.exec(text);
  return match ? Number(match[1]) : null;
}

/** LabResultChartById's points, one series per observation, each oldest first. */
/**
 * A chart's points that belong to results a proxy is shown (whānau access, decisions/382, 388): the
 * chart's reply carries no labels, so a test with one confidential result among others would draw its
 * value. A point is kept when a shown result of the test has its date: the same instant when the
 * result's date has a time, else the same day in the practice's zone.
 */
export function pointsOfShownResults<P extends { resultdate?: string | null }>(points: readonly P[], shownDates: readonly string[]): P[] {
  const instants = new Set<number>();
  const days = new Set<string>();
  for (const date of shownDates) {
    const at = practiceDateTime(date);
    if (!at.isValid) continue;
    if (/T\d{2}:\d{2}/.test(date)) instants.add(at.toMillis());
    else days.add(at.toISODate()!);
  }
  // A point without a date cannot be told to belong to a shown result: a proxy is not given it.
  return points.filter((p) => {
    const at = practiceDateTime(p.resultdate?.trim() ?? "");
    return at.isValid && (instants.has(at.toMillis()) || days.has(at.toISODate()!));
  });
}

/**
 * LabResultChartById's points, one series per observation (named "Not recorded" when the practice
 * names none), each oldest first. A point without a readable date or a number is kept, listed beside
 * the drawing and never drawn: a value is never dropped (issue 68, decisions/396).
 */
export function chartSeriesOf(points: ReadonlyArray<{ observationtext?: string | null; observationvalue?: string | null; resultdate?: string | null }>): ChartSeries[] {
  const byName = new Map<string, ChartPoint[]>();
  for (const p of points) {
    const date = p.resultdate?.trim() ?? "";
    const at = practiceDateTime(date);
    const name = shownText(p.observationtext);
    const list = byName.get(name) ?? [];
    const value = p.observationvalue?.trim() ?? "";
    list.push({ date: at.isValid ? formatDate(date) : shownDate(date), at: at.isValid ? at.toMillis() : null, text: shownText(value), value: numericValue(value) });
    byName.set(name, list);
  }
  // Undated points last, in the order the practice sent them.
  return [...byName].map(([name, list]) => ({ name, points: list.sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity)) }));
}
