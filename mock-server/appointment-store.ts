import { DateTime } from "luxon";
import { APPOINTMENT_STATUS_IDS, buildAppointments, type AppointmentPlan, type AppointmentRecord } from "../fixtures/builders/appointments";
import { PRACTICE_ZONE } from "../fixtures/builders/practice";
import type { StaffRecord } from "../fixtures/builders/staff";

/** A world's appointments, generated per patient on first read, newest first (decisions/010). */
export class AppointmentStore {
  readonly #plans: ReadonlyMap<string, AppointmentPlan>;
  readonly #lists = new Map<string, AppointmentRecord[]>();
  readonly #referenceMs: number;

  constructor(
    readonly seed: number,
    readonly staff: readonly StaffRecord[],
    referenceDate: string,
    plans: readonly AppointmentPlan[],
  ) {
    this.#plans = new Map(plans.map((p) => [p.patientId, p]));
    this.#referenceMs = DateTime.fromISO(referenceDate, { zone: PRACTICE_ZONE }).toMillis();
  }

  all(patientId: string): readonly AppointmentRecord[] {
    const cached = this.#lists.get(patientId);
    if (cached) return cached;
    const plan = this.#plans.get(patientId);
    if (!plan) return [];
    const list = buildAppointments(this.seed, plan, this.staff, this.#referenceMs);
    this.#lists.set(patientId, list);
    return list;
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
