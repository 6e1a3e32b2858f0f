import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { z } from "zod";
import { step, stepArea } from "~/lib/steps";

/**
 * The profile's steps (decisions/377), posted to /profile/step: its forms, Sign-in security with the
 * passkey ceremony (decisions/277, 300, 312) and Your devices (decisions/295).
 */

/**
 * A form's fields as the dialog posts them: the server reads them with the form's own schema
 * (forms.ts) as it reads any form, since some checks need the practice's lookups.
 */
const FormFields = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
/** A change made: the words the page shows. */
const Saved = z.object({ message: z.string() });

/** What a change to sign-in names: its proof (an e-mailed code, a recovery code, the password) and what it changes. */
const SecurityInput = z.object({ code: z.string(), recovery: z.string(), password: z.string(), name: z.string(), id: z.string() }).partial();
/** What a step of Sign-in security answers: where a code went, recovery codes shown once, its words. */
const SecurityReply = z.object({ sentTo: z.string().optional(), codes: z.array(z.string()).optional(), message: z.string().optional() });
const security = step(SecurityInput, SecurityReply);

/**
 * Adding a passkey (decisions/365, 393): the proof (or, on a try again, the grant token the proof
 * answered) with the name; the browser's prompt and the grant token, which only the dialog that gave the
 * proof keeps, in memory. The new credential is posted with that token: the session alone is not enough.
 */
const PasskeyOptionsInput = SecurityInput.extend({ grant: z.string().max(100).optional() });
const PasskeyOptionsReply = z.object({
  options: z.custom<PublicKeyCredentialCreationOptionsJSON>((value) => typeof value === "object" && value !== null),
  grant: z.string(),
});
const PasskeyAddInput = z.object({ name: z.string(), answer: z.string(), grant: z.string().max(100) });

export const profileSteps = stepArea("/profile/step", {
  "add-contact": step(FormFields, Saved),
  "delete-contact": step(FormFields, Saved),
  "contact-details": step(FormFields, Saved),
  demographics: step(FormFields, Saved),
  "change-password": step(FormFields, Saved),
  notifications: step(FormFields, Saved),
  send: security,
  "turn-on": security,
  "confirm-send": security,
  "turn-off": security,
  "recovery-codes": security,
  "passkey-options": step(PasskeyOptionsInput, PasskeyOptionsReply),
  "passkey-add": step(PasskeyAddInput, SecurityReply),
  "passkey-rename": security,
  "passkey-remove": security,
  "devices-sign-out": step(z.object({ device: z.string() }), Saved),
  "devices-sign-out-others": step(z.object({}), Saved),
});

/** A step of Sign-in security. */
export type SecurityStep = "send" | "turn-on" | "confirm-send" | "turn-off" | "recovery-codes" | "passkey-options" | "passkey-add" | "passkey-rename" | "passkey-remove";
/** The steps whose reply is the plain one (all but the passkey's prompt). */
export type PlainSecurityStep = Exclude<SecurityStep, "passkey-options" | "passkey-add">;
export type SecurityStepInput = z.input<typeof SecurityInput>;
export type SecurityStepReply = z.output<typeof SecurityReply>;
export type PasskeyOptionsInput = z.output<typeof PasskeyOptionsInput>;
export type PasskeyOptionsReply = z.output<typeof PasskeyOptionsReply>;
export type PasskeyAddInput = z.output<typeof PasskeyAddInput>;
