import { DateTime } from "luxon";
import {
  buildAllergies,
  buildConditions,
  buildImmunisations,
  buildReminders,
  buildVitals,
  type AllergyRecord,
  type ConfidentialCategory,
  type ConditionRecord,
  type HealthPlan,
  type ImmunisationRecord,
  type ReminderRecord,
  type VitalRecord,
} from "../fixtures/builders/health";
import type { MedicationRecord } from "../fixtures/builders/medications";
import { PRACTICE_ZONE } from "../fixtures/builders/practice";
import type { StaffRecord } from "../fixtures/builders/staff";
import type { AppointmentStore } from "./appointment-store";
import type { DocumentStore } from "./document-store";

/** One event of the timeline (2§3), drawn from the record's other parts. */
export interface TimelineRecord {
  id: string;
  atMs: number;
  kind: "Appointment" | "Lab Result" | "Medication" | "Immunisation" | "Diagnosis";
  text: string;
  provider: StaffRecord;
  /** The item it tells of is marked confidential by the practice: the event carries the same labels (decisions/382). */
  confidential?: ConfidentialCategory;
}

interface Summary {
  conditions: ConditionRecord[];
  allergies: AllergyRecord[];
  immunisations: ImmunisationRecord[];
  reminders: ReminderRecord[];
  vitals: VitalRecord[];
}

export interface HealthSources {
  medicines(patientId: string): readonly MedicationRecord[];
  appointments: Pick<AppointmentStore, "all">;
  documents: Pick<DocumentStore, "results">;
  clock: { nowMs(): number };
}

/**
 * A world's health summaries, built per patient on first read (decisions/010). The timeline is not
 * stored: it is read from the appointments, results, medicines, immunisations and diagnoses each time,
 * so it follows the world's clock (an appointment the clock has passed joins it) (decisions/081).
 */
export class HealthStore {
  readonly #plans: ReadonlyMap<string, HealthPlan>;
  readonly #summaries = new Map<string, Summary>();
  readonly #referenceMs: number;

  constructor(
    readonly seed: number,
    readonly staff: readonly StaffRecord[],
    referenceDate: string,
    plans: readonly HealthPlan[],
    readonly sources: HealthSources,
  ) {
    this.#plans = new Map(plans.map((p) => [p.patientId, p]));
    this.#referenceMs = DateTime.fromISO(referenceDate, { zone: PRACTICE_ZONE }).toMillis();
  }

  conditions(patientId: string): readonly ConditionRecord[] {
    return this.#of(patientId)?.conditions ?? [];
  }

  allergies(patientId: string): readonly AllergyRecord[] {
    return this.#of(patientId)?.allergies ?? [];
  }

  immunisations(patientId: string): readonly ImmunisationRecord[] {
    return this.#of(patientId)?.immunisations ?? [];
  }

  reminders(patientId: string): readonly ReminderRecord[] {
    return this.#of(patientId)?.reminders ?? [];
  }

  vitals(patientId: string): readonly VitalRecord[] {
    return this.#of(patientId)?.vitals ?? [];
  }

  /** Every event up to the world's now, newest first. */
  timeline(patientId: string): TimelineRecord[] {
    const summary = this.#of(patientId);
    if (!summary) return [];
    const now = this.sources.clock.nowMs();
    const events: TimelineRecord[] = [];
    for (const a of this.sources.appointments.all(patientId)) {
      if (a.startMs > now || (a.status !== "Completed" && a.status !== "Missed")) continue;
      const text = a.status === "Missed" ? `Missed ${a.kind.toLowerCase()} appointment` : `${a.kind} appointment`;
      events.push({ id: `tl-${a.id}`, atMs: a.startMs, kind: "Appointment", text, provider: a.provider });
    }
    for (const r of this.sources.documents.results(patientId)) {
      if (r.atMs <= now) events.push({ id: `tl-${r.id}`, atMs: r.atMs, kind: "Lab Result", text: `${r.test} from ${r.laboratory}`, provider: r.author, ...(r.confidential ? { confidential: r.confidential } : {}) });
    }
    for (const m of this.sources.medicines(patientId)) {
      if (m.authoredMs <= now) events.push({ id: `tl-${m.id}`, atMs: m.authoredMs, kind: "Medication", text: `${m.name} prescribed: ${m.instructions.toLowerCase()}`, provider: m.prescriber });
    }
    for (const i of summary.immunisations) {
      if (i.givenMs !== undefined && i.vaccinator && i.givenMs <= now) events.push({ id: `tl-${i.id}`, atMs: i.givenMs, kind: "Immunisation", text: `${i.name} given`, provider: i.vaccinator });
    }
    return events.sort((a, b) => b.atMs - a.atMs || a.id.localeCompare(b.id));
  }

  /** The providers a timeline can be filtered by (IndiciLookup type 14): the clinicians. */
  get providers(): StaffRecord[] {
    return this.staff.filter((s) => s.roleName !== "Reception");
  }

  #of(patientId: string): Summary | undefined {
    const cached = this.#summaries.get(patientId);
    if (cached) return cached;
    const plan = this.#plans.get(patientId);
    if (!plan) return undefined;
    const summary: Summary = {
      conditions: buildConditions(this.seed, plan, this.sources.medicines(patientId), this.#referenceMs),
      allergies: buildAllergies(this.seed, plan),
      immunisations: buildImmunisations(this.seed, plan, this.staff, this.#referenceMs),
      reminders: buildReminders(this.seed, plan, this.staff, this.#referenceMs),
      vitals: buildVitals(this.seed, plan, this.#referenceMs),
    };
    this.#summaries.set(patientId, summary);
    return summary;
  }
}
