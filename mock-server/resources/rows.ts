import type { WorldStore } from "../world-store";

/**
 * Store rows to wire resources, one file per area beside this one. Positional extensions are written
 * only through the contract's slot layouts, so the mock and the portal agree on which position holds what.
 */

type Row<K extends keyof WorldStore> = WorldStore[K] extends { getAll(): Array<infer R> } ? R : never;
export type PatientRow = Row<"patient">;
export type PracticeRow = Row<"practice">;
export type EmergencyContactRow = Row<"emergencyContact">;
export type InvoiceRow = Row<"invoice">;
