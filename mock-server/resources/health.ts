import type { z } from "zod";
import { AllergySlots, ConditionSlots, ImmunisationSlots, ReminderSlots, TimelineSlots, type AllergySchema, type ConditionSchema, type ImmunisationSchema, type ReminderSchema, type TimelineEventSchema, type VitalObservationSchema } from "@contract/health";
import type { AllergyRecord, ConditionRecord, ImmunisationRecord, ReminderRecord, VitalRecord } from "../../fixtures/builders/health";
import type { TimelineRecord } from "../health-store";
import { labelsOf } from "./labels";
import { zoned } from "./zoned";

/** Health summary records as the practice sends them; positional extensions through the contract's slot layouts. */

export function conditionResource(c: ConditionRecord): z.input<typeof ConditionSchema> {
  return { resourceType: "Condition", id: c.id, onsetDateTime: zoned(c.onsetMs), note: [{ text: c.text }], extension: ConditionSlots.write({ longTerm: c.longTerm }), ...labelsOf(c.confidential) };
}

export function allergyResource(a: AllergyRecord): z.input<typeof AllergySchema> {
  return {
    resourceType: "AllergyIntolerance",
    id: a.id,
    code: { text: a.substance },
    extension: AllergySlots.write({ type: a.type, severity: a.severity }),
    ...(a.reaction ? { reaction: [{ manifestation: [{ text: a.reaction }] }] } : {}),
    ...(a.note ? { note: [{ text: a.note }] } : {}),
  };
}

/** Due or overdue is decided against the world's now, so a due date the clock passes becomes overdue. */
export function immunisationTypeOf(i: ImmunisationRecord, nowMs: number): "overdue" | "due" | "other" {
  return i.givenMs !== undefined ? "other" : i.dueMs < nowMs ? "overdue" : "due";
}

export function immunisationResource(i: ImmunisationRecord, nowMs: number): z.input<typeof ImmunisationSchema> {
  const immType = immunisationTypeOf(i, nowMs);
  const month = zoned(i.dueMs).slice(0, 7);
  return {
    resourceType: "Immunization",
    id: i.id,
    ...(i.givenMs !== undefined ? { date: zoned(i.givenMs) } : {}),
    status: i.givenMs !== undefined ? "completed" : "not-done",
    extension: ImmunisationSlots.write({
      name: i.name,
      indication: i.indication,
      vaccinator: i.vaccinator?.name ?? "",
      due: zoned(i.dueMs),
      immType,
      given: i.givenMs !== undefined,
      declined: false,
      month: `${month}-01T00:00:00`,
      message: immType === "overdue" ? "Please book with the practice nurse." : immType === "due" ? "The practice will remind you before it is due." : undefined,
    }),
  };
}

export function timelineResource(e: TimelineRecord): z.input<typeof TimelineEventSchema> {
  return { resourceType: "Basic", id: e.id, created: zoned(e.atMs), code: { coding: [{ display: e.kind }], text: e.text }, extension: TimelineSlots.write({ provider: e.provider.name }), ...labelsOf(e.confidential) };
}

export function reminderResource(r: ReminderRecord): z.input<typeof ReminderSchema> {
  return {
    resourceType: "Communication",
    id: r.id,
    sent: zoned(r.sentMs),
    sender: { display: r.sender.name },
    extension: ReminderSlots.write({ description: r.description, title: r.title, priority: r.priority }),
    ...(r.note ? { note: [{ text: r.note }] } : {}),
  };
}

export function vitalResource(v: VitalRecord): z.input<typeof VitalObservationSchema> {
  return {
    resourceType: "Observation",
    id: v.id,
    code: { coding: [{ display: v.code }] },
    effectiveDateTime: zoned(v.atMs),
    component: v.values.map((value) => ({ valueQuantity: { value, unit: v.unit } })),
  };
}
