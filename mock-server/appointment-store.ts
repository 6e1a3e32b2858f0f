import { DateTime } from "luxon";
import { APPOINTMENT_STATUS_IDS, buildAppointments, type AppointmentPlan, type AppointmentRecord } from "../fixtures/builders/appointments";
import { PRACTICE_ZONE } from "../fixtures/builders/practice";
import type { StaffRecord } from "../fixtures/builders/staff";

/**
 * A world's appointments, generated per patient on first read, newest first (decisions/010). They
 * follow the world's clock (decisions/012): once its now passes a future appointment, that
 * appointment is completed, and the dashboard counters follow.
 */
export class AppointmentStore {
  readonly #plans: ReadonlyMap<string, AppointmentPlan>;
  readonly #lists = new Map<string, AppointmentRecord[]>();
  readonly #passed = new Map<string, number>();
  readonly #referenceMs: number;
  /** No generated future appointment starts before this (two days after the reference day). */
  readonly #firstPossibleMs: number;

  constructor(
    readonly seed: number,
    readonly staff: readonly StaffRecord[],
    referenceDate: string,
    plans: readonly AppointmentPlan[],
    readonly clock: { nowMs(): number },
  ) {
    this.#plans = new Map(plans.map((p) => [p.patientId, p]));
    const reference = DateTime.fromISO(referenceDate, { zone: PRACTICE_ZONE });
    this.#referenceMs = reference.toMillis();
    this.#firstPossibleMs = reference.startOf("day").plus({ days: 2 }).toMillis();
  }

  all(patientId: string): readonly AppointmentRecord[] {
    let list = this.#lists.get(patientId);
    if (!list) {
      const plan = this.#plans.get(patientId);
      if (!plan) return [];
      list = buildAppointments(this.seed, plan, this.staff, this.#referenceMs);
      this.#lists.set(patientId, list);
    }
    this.#settle(patientId, list);
    return list;
  }

  /** How many of the patient's future appointments the clock has passed (0 without generating them while none can have). */
  passed(patientId: string): number {
    if (this.clock.nowMs() < this.#firstPossibleMs) return 0;
    this.all(patientId);
    return this.#passed.get(patientId) ?? 0;
  }

  /** The clock only moves forward, so a passed appointment is completed once and for all. */
  #settle(patientId: string, list: AppointmentRecord[]): void {
    const now = this.clock.nowMs();
    if (now < this.#firstPossibleMs) return;
    let passed = 0;
    for (const a of list) {
      if (a.status === "Future" && a.startMs <= now) {
        a.status = "Completed";
        a.statusId = APPOINTMENT_STATUS_IDS.Completed;
        passed += 1;
      }
    }
    if (passed > 0) this.#passed.set(patientId, (this.#passed.get(patientId) ?? 0) + passed);
  }

  find(patientId: string, id: string): AppointmentRecord | undefined {
    return this.all(patientId).find((a) => a.id === id);
  }

  cancel(appointment: AppointmentRecord, reason: string): void {
    appointment.status = "Cancelled";
    appointment.statusId = APPOINTMENT_STATUS_IDS.Cancelled;
    appointment.cancelReason = reason;
  }
}
