import { DateTime } from "luxon";
import { buildMedications, buildPharmacies, type MedicationPlan, type MedicationRecord } from "../fixtures/builders/medications";
import { PRACTICE_ZONE } from "../fixtures/builders/practice";
import type { StaffRecord } from "../fixtures/builders/staff";

/** A repeat request as the practice received it, for QA (GET /__admin/worlds/:id/repeat-requests). */
export interface ReceivedRepeatRequest {
  receivedAt: string;
  patientId: string;
  /** The medicines' names, sorted, as the practice knows them. */
  medicines: string[];
  delivery: "pickup" | "pharmacy";
  pharmacy: { id: string; name: string } | null;
  urgent: boolean;
  preferredPharmacy: boolean;
  notes: string;
  ignoreLeave: boolean;
  /** What the practice answered: sent, refused (StatusCode 3) or on-leave (302). */
  outcome: "sent" | "refused" | "on-leave";
}

/** A world's medicines per patient (built on first read), the practice's pharmacies and the repeat requests it received. */
export class MedicationStore {
  readonly received: ReceivedRepeatRequest[] = [];
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
    pharmacyCount?: number,
  ) {
    this.#plans = new Map(plans.map((p) => [p.patientId, p]));
    this.#referenceMs = DateTime.fromISO(referenceDate, { zone: PRACTICE_ZONE }).toMillis();
    this.pharmacies = buildPharmacies(seed, city, pharmacyCount);
  }

  all(patientId: string): readonly MedicationRecord[] {
    const cached = this.#lists.get(patientId);
    if (cached) return cached;
    const plan = this.#plans.get(patientId);
    if (!plan) return [];
    const list = buildMedications(this.seed, patientId, plan.longTerm, plan.full, this.staff, this.#referenceMs, plan.shortCourses);
    this.#lists.set(patientId, list);
    return list;
  }
}
