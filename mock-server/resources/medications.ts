import type { z } from "zod";
import { MedicationSlots, PharmacySlots, type MedicationSchema, type PharmacySchema } from "@contract/medications";
import type { MedicationRecord } from "../../fixtures/builders/medications";
import { zoned } from "./zoned";

export function medicationResource(m: MedicationRecord, practiceName: string): z.input<typeof MedicationSchema> {
  return {
    resourceType: "MedicationRequest",
    id: m.id,
    authoredOn: zoned(m.authoredMs),
    medicationCodeableConcept: { coding: [{ display: m.name, code: m.code }] },
    dosageInstruction: [{ text: m.instructions }],
    dispenseRequest: { quantity: { value: m.quantity } },
    extension: MedicationSlots.write({
      longTerm: m.longTerm,
      period: m.longTerm ? "3 months" : "7 days",
      prescribedBy: m.prescriber.name,
      practiceName,
      dose: m.dose,
      endDate: zoned(m.endMs),
      unit: m.unit,
    }),
  };
}

export function pharmacyResource(p: { id: string; name: string; favourite: boolean }): z.input<typeof PharmacySchema> {
  return { resourceType: "Organization", id: p.id, name: p.name, extension: PharmacySlots.write({ favourite: p.favourite }) };
}
