import type { VitalObservation } from "@contract/health";
import { practiceDateTime } from "~/lib/dates";
import { recordTexts } from "~/lib/texts/record";
import { shownDay, shownText, textOf } from "../fields";
import { vitalsTexts } from "./texts";

/** The Vitals screen's view (2§2, 2§3): one chart per vital whatever the practice names it; every observation read is shown, drawn or listed (decisions/396). */

export const VITALS = [
  { key: "bloodPressure", title: vitalsTexts.vitalTitles.bloodPressure, unit: "mmHg", series: vitalsTexts.vitalSeries.bloodPressure, codes: ["blood pressure"], units: ["mmhg", "mm[hg]"] },
  { key: "weight", title: vitalsTexts.vitalTitles.weight, unit: "kg", series: vitalsTexts.vitalSeries.weight, codes: ["weight", "body weight"], units: ["kg", "kgs"] },
  { key: "height", title: vitalsTexts.vitalTitles.height, unit: "cm", series: vitalsTexts.vitalSeries.height, codes: ["height", "body height"], units: ["cm"] },
  { key: "bmi", title: vitalsTexts.vitalTitles.bmi, unit: "kg/m²", series: vitalsTexts.vitalSeries.bmi, codes: ["bmi", "body mass index"], units: ["kg/m²", "kg/m2", "kg/m^2"] },
  { key: "heartRate", title: vitalsTexts.vitalTitles.heartRate, unit: "bpm", series: vitalsTexts.vitalSeries.heartRate, codes: ["heart rate"], units: ["bpm", "/min", "beats/min"] },
] as const;
export type VitalKey = (typeof VITALS)[number]["key"];

export function vitalKeyOf(code: string | null | undefined): VitalKey | null {
  const name = textOf(code).toLowerCase();
  return VITALS.find((v) => (v.codes as readonly string[]).includes(name))?.key ?? null;
}

/** Whether a reading's unit is its chart's: none given is read as the chart's (2§3 names no unit). */
function inChartUnit(key: VitalKey, unit: string | undefined): boolean {
  const written = textOf(unit).toLowerCase().replace(/\s+/g, "");
  return written === "" || (VITALS.find((v) => v.key === key)!.units as readonly string[]).includes(written);
}

export interface VitalReading {
  /** Epoch ms, for the chart's x axis; null when the practice gave no readable date (the reading is not drawn). */
  at: number | null;
  /** DD-MM-YYYY in Pacific/Auckland, or "Not recorded". */
  date: string;
  isoDate: string;
  /** One value per series (blood pressure: systolic, diastolic); null where the practice recorded none (not drawn). */
  values: Array<number | null>;
}

export interface VitalChart {
  key: VitalKey;
  title: string;
  unit: string;
  /** The series' names, in the order of each reading's values. */
  series: string[];
  /** Oldest first; those without a date last. */
  readings: VitalReading[];
  /** The latest reading in words: "128/82 mmHg on 08-11-2026". */
  latest: string;
  /** Whether any reading has a date and a value to draw. */
  drawable: boolean;
  /** Why some readings are not drawn, in words for the chart's text alternative; null when every reading is. */
  notDrawn: string | null;
}

/** A reading the charts do not show, as the practice sent it. */
export interface OtherReading {
  /** The vital's name as sent, or "Not recorded". */
  name: string;
  date: string;
  isoDate: string;
  /** The values with their unit as sent ("37.1 °C", "180 lb"), or "Not recorded". */
  value: string;
}

export interface VitalsView {
  charts: VitalChart[];
  /** Readings of a vital the spec does not list, with no name, or in a unit not the chart's: listed, not charted. */
  others: OtherReading[];
}

const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The readings' values as written: "128/82" for blood pressure, "71.4" for the others; a missing one is "Not recorded". */
export function valueText(key: VitalKey, values: ReadonlyArray<number | null>): string {
  const shown = (v: number | null | undefined) => (v === null || v === undefined ? recordTexts.notRecorded : number(v));
  return key === "bloodPressure" ? [shown(values[0]), shown(values[1])].join("/") : shown(values[0]);
}

const valuesOf = (o: VitalObservation) => (o.component ?? []).map((c) => c.valueQuantity?.value ?? null).filter((v): v is number | null => v === null || Number.isFinite(v));

/** An observation that no chart shows, its values and unit as sent. */
function otherOf(o: VitalObservation): OtherReading {
  const values = valuesOf(o).filter((v): v is number => v !== null);
  const unit = textOf(o.component?.find((c) => textOf(c.valueQuantity?.unit))?.valueQuantity?.unit);
  return { name: shownText(o.code?.coding?.[0]?.display), ...shownDay(o.effectiveDateTime), value: values.length > 0 ? [values.map(number).join("/"), unit].filter(Boolean).join(" ") : recordTexts.notRecorded };
}

/** One chart per vital that has readings, in 2§9's order; every other observation listed as sent. */
export function vitalsViewOf(observations: readonly VitalObservation[]): VitalsView {
  const byKey = new Map<VitalKey, VitalReading[]>();
  const others: OtherReading[] = [];
  for (const o of observations) {
    const key = vitalKeyOf(o.code?.coding?.[0]?.display);
    const unit = o.component?.map((c) => c.valueQuantity?.unit).find((u) => textOf(u));
    if (!key || !inChartUnit(key, unit ?? undefined)) {
      others.push(otherOf(o));
      continue;
    }
    const wanted = key === "bloodPressure" ? 2 : 1;
    const given = o.component ?? [];
    const values = Array.from({ length: wanted }, (_, i) => {
      const value = given[i]?.valueQuantity?.value;
      return typeof value === "number" && Number.isFinite(value) ? value : null;
    });
    const day = shownDay(o.effectiveDateTime);
    const list = byKey.get(key) ?? [];
    list.push({ at: day.isoDate ? practiceDateTime(textOf(o.effectiveDateTime)).toMillis() : null, ...day, values });
    byKey.set(key, list);
  }
  const charts = VITALS.flatMap((v): VitalChart[] => {
    const readings = (byKey.get(v.key) ?? []).sort((a, b) => (a.at === b.at ? 0 : a.at === null ? 1 : b.at === null ? -1 : a.at - b.at));
    if (readings.length === 0) return [];
    const dated = readings.filter((r) => r.at !== null);
    const last = dated.at(-1) ?? readings[0];
    const latest = vitalsTexts.latestReading(valueText(v.key, last.values), v.unit, last.at !== null ? last.date : null);
    const undated = readings.length - dated.length;
    const missingValues = dated.reduce((n, r) => n + r.values.filter((value) => value === null).length, 0);
    const drawable = dated.some((r) => r.values.some((value) => value !== null));
    return [{ key: v.key, title: v.title, unit: v.unit, series: [...v.series], readings, latest, drawable, notDrawn: vitalsTexts.notDrawn(undated, missingValues) }];
  });
  return { charts, others };
}

/**
 * A chart's readings as its table lists them: newest first, and those without a date after them all
 * (decisions/396: a record without a date sorts last), never above the newest as if they were newer.
 */
export function newestFirst<R extends { at: number | null }>(readings: readonly R[]): R[] {
  return [...readings.filter((r) => r.at !== null).reverse(), ...readings.filter((r) => r.at === null)];
}

/** A chart's series as points to draw: only readings with a date and that series' value. */
export function chartPointsOf(chart: VitalChart): { series: Array<{ name: string; points: Array<{ at: number; value: number }> }>; dates: Array<{ at: number; date: string }> } {
  const dated = chart.readings.filter((r): r is VitalReading & { at: number } => r.at !== null);
  return {
    series: chart.series.map((name, i) => ({
      name,
      points: dated.flatMap((r) => {
        const value = r.values[i];
        return value === null || value === undefined ? [] : [{ at: r.at, value }];
      }),
    })),
    dates: dated.filter((r) => r.values.some((v) => v !== null)).map((r) => ({ at: r.at, date: r.date })),
  };
}

export interface VitalsPageData {
  /** Each chart's drawing: null in a document's data, whose HTML holds it (app/lib/sent-drawing.ts), and for a chart with nothing to draw. */
  charts: Array<VitalChart & { drawing: string | null }>;
  others: OtherReading[];
  /** Observations the practice has (undefined when it does not say and there may be more), and how many were read. */
  total: number | undefined;
  read: number;
  pages: number;
  more: boolean;
}
