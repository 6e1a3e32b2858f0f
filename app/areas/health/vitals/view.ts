import type { VitalObservation } from "@contract/health";
import { formatDate, practiceDateTime } from "~/lib/dates";

/**
 * The Vitals screen's view (2§2, 2§3): the observations grouped into one chart per vital, whatever
 * name the practice's system gives it ("Weight" or "Body Weight", "BMI" or "Body Mass Index"...),
 * oldest reading first, with the latest in words and every reading for the table.
 */

export const VITALS = [
  { key: "bloodPressure", title: "Blood Pressure", unit: "mmHg", series: ["Systolic", "Diastolic"], codes: ["blood pressure"] },
  { key: "weight", title: "Weight", unit: "kg", series: ["Weight"], codes: ["weight", "body weight"] },
  { key: "height", title: "Height", unit: "cm", series: ["Height"], codes: ["height", "body height"] },
  { key: "bmi", title: "BMI", unit: "kg/m²", series: ["BMI"], codes: ["bmi", "body mass index"] },
  { key: "heartRate", title: "Heart Rate", unit: "bpm", series: ["Heart rate"], codes: ["heart rate"] },
] as const;
export type VitalKey = (typeof VITALS)[number]["key"];

export function vitalKeyOf(code: string): VitalKey | null {
  const name = code.trim().toLowerCase();
  return VITALS.find((v) => (v.codes as readonly string[]).includes(name))?.key ?? null;
}

export interface VitalReading {
  /** Epoch ms, for the chart's x axis. */
  at: number;
  /** DD-MM-YYYY in Pacific/Auckland. */
  date: string;
  isoDate: string;
  /** One value per series (blood pressure: systolic, diastolic). */
  values: number[];
}

export interface VitalChart {
  key: VitalKey;
  title: string;
  unit: string;
  /** The series' names, in the order of each reading's values. */
  series: string[];
  /** Oldest first. */
  readings: VitalReading[];
  /** The latest reading in words: "128/82 mmHg on 08-11-2026". */
  latest: string;
}

const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The readings' values as written: "128/82" for blood pressure, "71.4" for the others. */
export function valueText(key: VitalKey, values: readonly number[]): string {
  return key === "bloodPressure" ? values.map(number).join("/") : number(values[0]);
}

/** One chart per vital that has readings, in 2§9's order; observations of other kinds are left out. */
export function vitalChartsOf(observations: readonly VitalObservation[]): VitalChart[] {
  const byKey = new Map<VitalKey, VitalReading[]>();
  for (const o of observations) {
    const key = vitalKeyOf(o.code.coding[0].display);
    const when = practiceDateTime(o.effectiveDateTime);
    if (!key || !when.isValid) continue;
    const wanted = key === "bloodPressure" ? 2 : 1;
    const values = o.component.slice(0, wanted).map((c) => c.valueQuantity.value);
    if (values.length < wanted || values.some((v) => !Number.isFinite(v))) continue;
    const list = byKey.get(key) ?? [];
    list.push({ at: when.toMillis(), date: formatDate(o.effectiveDateTime), isoDate: when.toISODate()!, values });
    byKey.set(key, list);
  }
  return VITALS.flatMap((v) => {
    const readings = (byKey.get(v.key) ?? []).sort((a, b) => a.at - b.at);
    const last = readings.at(-1);
    if (!last) return [];
    return [{ key: v.key, title: v.title, unit: v.unit, series: [...v.series], readings, latest: `${valueText(v.key, last.values)} ${v.unit} on ${last.date}` }];
  });
}

export interface VitalsPageData {
  /** Each chart's drawing: null in a document's data, whose HTML holds it (app/lib/sent-drawing.ts). */
  charts: Array<VitalChart & { drawing: string | null }>;
  /** Observations the practice has, and how many were read. */
  total: number;
  read: number;
  pages: number;
  more: boolean;
}
