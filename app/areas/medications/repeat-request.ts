import { z } from "zod";
import { medicationsTexts } from "./texts";
import { RequestKeySchema } from "~/lib/request-key";
import type { Delivery, RepeatSettings } from "./view";

/**
 * The repeat-prescription request (2§4, 2§5): the one schema the machine checks in the browser and /medications/repeat
 * again on the server, and the request's reply; its steps are in ./steps.ts (decisions/280).
 */

const t = medicationsTexts;

const MedicationId = z.string().regex(/^[\w-]{1,64}$/);
const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => v === "true");

/**
 * The fields as posted (strings; conform reads an empty field as missing). Only the 2§5 rules that
 * need nothing but the form are here; the balance rule needs the practice's settings
 * (`repeatRuleErrors`).
 */
export const RepeatRequestSchema = z
  .object({
    key: RequestKeySchema,
    medicationIds: z
      .string({ error: t.selectOne })
      .transform((text) => text.split(",").filter(Boolean))
      .pipe(z.array(MedicationId).min(1, t.selectOne).max(100)),
    delivery: z.enum(["pickup", "pharmacy"], { error: t.chooseDelivery }),
    pharmacyId: z.string().max(64).optional(),
    urgent: flag,
    fax: flag,
    notes: z.string().max(500, t.notesTooLong).optional(),
    ignoreLeave: flag,
  })
  .refine((value) => value.delivery !== "pharmacy" || Boolean(value.pharmacyId?.trim()), {
    path: ["pharmacyId"],
    message: t.selectPharmacy,
    // Checked whenever the delivery itself could be read, so a form missing several things names them all.
    when: (payload) => {
      const value = payload.value as { delivery?: unknown; pharmacyId?: unknown };
      return value.delivery === "pharmacy" && (typeof value.pharmacyId !== "string" || value.pharmacyId.trim() === "");
    },
  });

/** What the patient has chosen, as the machine holds it. */
export interface RepeatChoice {
  medicationIds: readonly string[];
  delivery: Delivery;
  pharmacyId: string | null;
  urgent: boolean;
  fax: boolean;
  notes: string;
}

/** The request's fields as posted: all text, as a form would post them. */
export interface RepeatFields {
  key: string;
  medicationIds: string;
  delivery: string;
  pharmacyId?: string;
  urgent?: string;
  fax?: string;
  notes?: string;
  ignoreLeave?: string;
}

/** The choice as the fields the send step reads. */
export function repeatFields(choice: RepeatChoice, key: string, ignoreLeave: boolean): RepeatFields {
  const fields: RepeatFields = { key, medicationIds: choice.medicationIds.join(","), delivery: choice.delivery };
  if (choice.delivery === "pharmacy" && choice.pharmacyId) fields.pharmacyId = choice.pharmacyId;
  if (choice.urgent) fields.urgent = "true";
  if (choice.fax && choice.delivery === "pharmacy") fields.fax = "true";
  if (choice.notes.trim()) fields.notes = choice.notes.trim();
  if (ignoreLeave) fields.ignoreLeave = "true";
  return fields;
}

export type RepeatErrors = Partial<Record<"medicationIds" | "delivery" | "pharmacyId" | "notes" | "form", string>>;

/**
 * 2§5 on a request: the schema's rules, then pick up refused while the patient owes anything. The
 * browser runs it before sending; the action runs it again with the settings it reads itself.
 */
export function repeatRuleErrors(request: { delivery: string; medicationIds: readonly string[] } & Partial<RepeatChoice>, settings: Pick<RepeatSettings, "outstandingBalanceCents">, parsedErrors: RepeatErrors = {}): RepeatErrors {
  const errors: RepeatErrors = { ...parsedErrors };
  if (request.medicationIds.length === 0) errors.medicationIds ??= t.selectOne;
  if (request.delivery === "pickup" && settings.outstandingBalanceCents > 0) errors.delivery ??= t.outstandingBalance;
  return errors;
}

/** The browser's check of a choice: the schema over the fields it would post, and the balance rule. */
export function checkRepeatChoice(choice: RepeatChoice, settings: Pick<RepeatSettings, "outstandingBalanceCents">): RepeatErrors {
  const parsed = RepeatRequestSchema.safeParse(repeatFields(choice, "check-only", false));
  const errors: RepeatErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form") as keyof RepeatErrors] ??= issue.message;
  return repeatRuleErrors(choice, settings, errors);
}

/* ---------- the action's replies ---------- */

/** `failed`: nothing reached the practice, so a retry is safe; `unknown`: it went out unproved, so the same attempt is never sent again (decisions/216). */
export const RepeatReplySchema = z.discriminatedUnion("outcome", [
  z.object({ outcome: z.literal("sent"), message: z.string() }),
  z.object({ outcome: z.literal("onLeave"), providers: z.array(z.string()) }),
  z.object({ outcome: z.literal("refused"), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
  z.object({ outcome: z.literal("failed"), message: z.string() }),
  z.object({ outcome: z.literal("unknown"), message: z.string() }),
]);
export type RepeatReply = z.output<typeof RepeatReplySchema>;
