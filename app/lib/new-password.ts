import { z } from "zod";
import { passwordStrengthProblem } from "@contract/password-policy";
import { newPasswordTexts } from "./texts/new-password";

/** The new-password rules of 1§5 in their order, in the wording of the form that asks (app/lib/texts/new-password.ts). */
const newPasswordWordings = { resetPanel: newPasswordTexts.resetPanel, profile: newPasswordTexts.profile } as const;

export interface NewPasswordInput {
  password: string;
  confirm: string;
  /** Only the reset panel has the agreement box. */
  agreed?: boolean;
}

export type NewPasswordProblem = { field: "password" | "confirm" | "agreed"; message: string };

/** The first broken rule, or null when the new password may be sent. */
export function newPasswordProblem(input: NewPasswordInput, wording: keyof typeof newPasswordWordings): NewPasswordProblem | null {
  const texts = newPasswordWordings[wording];
  if (input.password.length === 0) return { field: "password", message: texts.required };
  if (input.confirm.length === 0) return { field: "confirm", message: texts.confirmRequired };
  if (input.password !== input.confirm) return { field: "confirm", message: texts.mismatch };
  const strength = passwordStrengthProblem(input.password);
  if (strength) return { field: "password", message: strength };
  if (input.agreed === false) return { field: "agreed", message: texts.agree };
  return null;
}

/**
 * A new-password form's schema: the same rules, reported on the field that breaks the first of them.
 * `agreed` is a checkbox's "on" (or absent), as the form sends it. With `current`, the form also asks
 * for the current password (the profile's change, issue 36), reported on its own field.
 */
export function newPasswordSchema(wording: keyof typeof newPasswordWordings, options: { agreement?: boolean; current?: boolean } = {}) {
  return z
    .object({ current: z.string().default(""), password: z.string().default(""), confirm: z.string().default(""), agreed: z.string().optional() })
    .superRefine((v, ctx) => {
      if (options.current && v.current.length === 0) ctx.addIssue({ code: "custom", path: ["current"], message: newPasswordTexts.current.required });
      if (options.current && v.current.length > 128) ctx.addIssue({ code: "custom", path: ["current"], message: newPasswordTexts.current.tooLong });
      const problem = newPasswordProblem({ password: v.password, confirm: v.confirm, agreed: options.agreement ? v.agreed === "on" : undefined }, wording);
      if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
    })
    .transform((v) => ({ current: v.current, password: v.password, confirm: v.confirm, agreed: v.agreed === "on" }));
}
