import { DateTime } from "luxon";
import { buildMedications, buildPharmacies, type MedicationRecord } from "../fixtures/builders/medications";
import { PRACTICE_ZONE } from "../fixtures/builders/practice";
import type { StaffRecord } from "../fixtures/builders/staff";

export interface MedicationPlan {
  patientId: string;
  longTerm: number;
  full: boolean;
}

/** A world's medicines per patient (built on first read) and the practice's pharmacies. */
export class MedicationStore {
  readonly #plans: ReadonlyMap<string, MedicationPlan>;
  readonly #lists = new Map<string, MedicationRecord[]>();
  readonly #referenceMs: number;
  readonly pharmacies: ReadonlyArray<{ id: string; name: string; favourite: boolean }>;

  constructor(
    readonly seed: number,
    readonly staff: readonly StaffRecord[],
    referenceDate: string,
    city: string,
    plans: readonly MedicationPlan[],
  ) {
    this.#plans = new Map(plans.map((p) => [p.patientId, p]));
    this.#referenceMs = DateTime.fromISO(referenceDate, { zone: PRACTICE_ZONE }).toMillis();
    this.pharmacies = buildPharmacies(seed, city);
  }

  all(patientId: string): readonly MedicationRecord[] {
    const cached = this.#lists.get(patientId);
    if (cached) return cached;
    const plan = this.#plans.get(patientId);
    if (!plan) return [];
    const list = buildMedications(this.seed, patientId, plan.longTerm, plan.full, this.staff, this.#referenceMs);
    this.#lists.set(patientId, list);
    return list;
  }
}
