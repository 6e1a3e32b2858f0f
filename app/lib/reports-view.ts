import type { LabResult } from "@contract/documents";
import { formatDate, practiceDateTime } from "./dates";

/**
 * What the Test Results screen shows (2§2, 2§3), mapped on the server from the practice's replies.
 * The screen imports only the types: dates are formatted here (DD-MM-YYYY, Pacific/Auckland) so luxon
 * stays off the page's bundle.
 */

/** One result card. */
export interface ResultCard {
  id: string;
  /** The test's name (the "subject" searched for); also its chart code. */
  test: string;
  /** DD-MM-YYYY in Pacific/Auckland. */
  date: string;
  /** "h:mm am" in Pacific/Auckland, or "" when the practice gives no time. */
  time: string;
  laboratory: string;
  author: string;
  folder: string;
  comments: string;
  /** The read flag "True" (2§4); anything else is unread. */
  read: boolean;
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
  /** DD-MM-YYYY. */
  date: string;
  /** Epoch milliseconds, for the x axis. */
  at: number;
  /** As the practice wrote it. */
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

export function resultCardOf(result: LabResult): ResultCard {
  const e = result.extension;
  const at = practiceDateTime(e.date);
  const hasTime = /T\d{2}:\d{2}/.test(e.date);
  return {
    id: result.id,
    test: result.description,
    date: formatDate(e.date),
    time: at.isValid && hasTime ? at.toFormat("h:mm a").toLowerCase() : "",
    laboratory: e.laboratory,
    author: result.author.display,
    folder: e.folder,
    comments: e.comments,
    read: e.read.trim().toLowerCase() === "true",
  };
}

export function observationOf(row: { ObservationText: string; ObservationValue: string; AbnormalFlagDesc: string; ObservationSummary: string }): ObservationView {
  const flag = row.AbnormalFlagDesc.trim();
  return { text: row.ObservationText, value: row.ObservationValue, flag, flagged: FLAGGED.has(flag.toLowerCase()), range: row.ObservationSummary };
}

/**
 * What LabResultByID holds, as the dialog shows it: observations make a table; otherwise the first
 * presented form that is HTML or PDF. `sanitise` is the server's HTML sanitiser, passed in so this
 * mapper stays free of it.
 */
export function resultDetailOf(result: LabResult | undefined, sanitise: (html: string) => string): ResultDetail {
  if (!result) return { kind: "empty" };
  if (result.observation && result.observation.length > 0) return { kind: "table", rows: result.observation.map(observationOf) };
  const form = result.presentedForm?.find((f) => f.data.length > 0);
  if (!form) return { kind: "empty" };
  if (form.contentType === "application/pdf") return { kind: "pdf", pdf: form.data };
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
export function pointsOfShownResults<P extends { resultdate: string }>(points: readonly P[], shownDates: readonly string[]): P[] {
  const instants = new Set<number>();
  const days = new Set<string>();
  for (const date of shownDates) {
    const at = practiceDateTime(date);
    if (!at.isValid) continue;
    if (/T\d{2}:\d{2}/.test(date)) instants.add(at.toMillis());
    else days.add(at.toISODate()!);
  }
  return points.filter((p) => {
    const at = practiceDateTime(p.resultdate);
    return at.isValid && (instants.has(at.toMillis()) || days.has(at.toISODate()!));
  });
}

export function chartSeriesOf(points: ReadonlyArray<{ observationtext: string; observationvalue: string; resultdate: string }>): ChartSeries[] {
  const byName = new Map<string, ChartPoint[]>();
  for (const p of points) {
    const at = practiceDateTime(p.resultdate);
    if (!at.isValid) continue;
    const list = byName.get(p.observationtext) ?? [];
    list.push({ date: formatDate(p.resultdate), at: at.toMillis(), text: p.observationvalue, value: numericValue(p.observationvalue) });
    byName.set(p.observationtext, list);
  }
  return [...byName].map(([name, list]) => ({ name, points: list.sort((a, b) => a.at - b.at) }));
}
