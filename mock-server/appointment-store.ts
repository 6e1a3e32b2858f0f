import { DateTime } from "luxon";
import { APPOINTMENT_STATUS_IDS, buildAppointments, type AppointmentKind, type AppointmentPlan, type AppointmentRecord } from "../fixtures/builders/appointments";
import { PRACTICE_ZONE } from "../fixtures/builders/practice";
import { APPOINTMENT_TYPES } from "../fixtures/builders/roster";
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
  /** Slots booked through the portal: a slot is taken once, whoever asks second (2§4 slot taken). */
  readonly #taken = new Set<string>();
  /** What booking and cancelling changed in each patient's counters (RefreshCounter follows them). */
  readonly #changes = new Map<string, CounterChanges>();
  /** The earliest start of an appointment booked here: the clock may pass it before any generated one. */
  #earliestBookedMs = Number.POSITIVE_INFINITY;
  readonly #referenceMs: number;
  /** No generated future appointment starts before this (two days after the reference day). */
  readonly #firstPossibleMs: number;

  constructor(
    readonly seed: number,
    readonly staff: readonly StaffRecord[],
    referenceDate: string,
    plans: readonly AppointmentPlan[],
    readonly clock: { nowMs(): number },
    /** How the practice's Zoom link answers a video booking (scenario `practice.videoBooking`). */
    readonly videoBooking: "works" | "email-missing" | "zoom-end" = "works",
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
    if (this.clock.nowMs() < Math.min(this.#firstPossibleMs, this.#earliestBookedMs)) return 0;
    this.all(patientId);
    return this.#passed.get(patientId) ?? 0;
  }

  /** The clock only moves forward, so a passed appointment is completed once and for all. */
  #settle(patientId: string, list: AppointmentRecord[]): void {
    const now = this.clock.nowMs();
    if (now < Math.min(this.#firstPossibleMs, this.#earliestBookedMs)) return;
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
    // A future appointment leaves the future count, the total and its kind's count (the dashboard follows).
    if (appointment.status === "Future") this.#change(appointment.patientId, appointment.kind, -1);
    appointment.status = "Cancelled";
    appointment.statusId = APPOINTMENT_STATUS_IDS.Cancelled;
    appointment.cancelReason = reason;
  }

  isTaken(slotId: string): boolean {
    return this.#taken.has(slotId);
  }

  /**
   * Takes a slot for a patient, all at once: the check and the taking happen in one turn of the event
   * loop, so of two bookings of one slot sent together exactly one gets it.
   */
  take(slot: { id: string; startMs: number; locationId: string; provider: StaffRecord }, booking: { patientId: string; typeId: string; reason: string }): AppointmentRecord | null {
    if (this.#taken.has(slot.id)) return null;
    this.#taken.add(slot.id);
    const kind = (APPOINTMENT_TYPES.find((t) => t.id === booking.typeId)?.name ?? "Face to Face") as AppointmentKind;
    const list = [...this.all(booking.patientId)];
    const record: AppointmentRecord = {
      id: `a${booking.patientId}-b${this.#taken.size}`,
      patientId: booking.patientId,
      startMs: slot.startMs,
      kind,
      status: "Future",
      statusId: APPOINTMENT_STATUS_IDS.Future,
      provider: slot.provider,
      durationMinutes: 15,
      cancelReason: "",
      locationId: slot.locationId,
      reason: booking.reason,
    };
    list.push(record);
    list.sort((a, b) => b.startMs - a.startMs);
    this.#lists.set(booking.patientId, list);
    this.#earliestBookedMs = Math.min(this.#earliestBookedMs, slot.startMs);
    this.#change(booking.patientId, kind, +1);
    return record;
  }

  changes(patientId: string): CounterChanges {
    return this.#changes.get(patientId) ?? { future: 0, faceToFace: 0, video: 0, phone: 0 };
  }

  #change(patientId: string, kind: AppointmentKind, by: number): void {
    const c = { ...this.changes(patientId) };
    c.future += by;
    if (kind === "Video Consult") c.video += by;
    else if (kind === "Phone Triage") c.phone += by;
    else c.faceToFace += by;
    this.#changes.set(patientId, c);
  }
}

export interface CounterChanges {
  future: number;
  faceToFace: number;
  video: number;
  phone: number;
}
