import type { z } from "zod";
import type { LabelsMetaSchema } from "@contract/fhir";
import type { ConfidentialCategory } from "../../fixtures/builders/health";

/** HL7 v3 Confidentiality, whose R (restricted) keeps an item from anyone but the patient and their clinicians. */
const CONFIDENTIALITY = "http://terminology.hl7.org/CodeSystem/v3-Confidentiality";

const CATEGORY_NAMES: Readonly<Record<ConfidentialCategory, string>> = { "sexual-health": "Sexual health", contraception: "Contraception" };

/**
 * `meta` as a practice labels an item it keeps from proxies: restricted, with its category as a tag
 * (decisions/378). An item without a label carries no `meta` at all, as most practices send items, so
 * replies of worlds without confidential items are as they always were.
 */
export function labelsOf(confidential: ConfidentialCategory | undefined): { meta?: z.input<typeof LabelsMetaSchema> } {
  if (confidential === undefined) return {};
  return { meta: { security: [{ system: CONFIDENTIALITY, code: "R", display: "restricted" }], tag: [{ code: confidential, display: CATEGORY_NAMES[confidential] }] } };
}
