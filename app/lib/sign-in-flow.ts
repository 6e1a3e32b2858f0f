import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { z } from "zod";

/**
 * What the sign-in steps answer (1§4), shared by the server half, the login machine and the sign-in steps that read
 * each reply with it; it lives here, below all three, so that none of them imports another's types (decisions/316).
 */

/** From this many failed sign-ins (in the browser, or of one account), the next attempt needs a captcha (1§4). */
export const CAPTCHA_AFTER = 3;

export const LinkedAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  relationship: z.string(),
});
export type LinkedAccount = z.output<typeof LinkedAccountSchema>;

/**
 * WebAuthn's request options as the server made them (@simplewebauthn/server), checked for what the
 * browser's ceremony needs (a challenge, the credentials offered), the rest passed as the library wrote it.
 */
export const PasskeyRequestOptionsSchema = z.custom<PublicKeyCredentialRequestOptionsJSON>((value) => {
  const checked = z
    .looseObject({ challenge: z.string().min(16), allowCredentials: z.array(z.looseObject({ id: z.string(), type: z.literal("public-key") })).optional() })
    .safeParse(value);
  return checked.success;
}, "not WebAuthn request options");

/**
 * Each outcome a sign-in step may answer, by its kind. A step's declaration (app/areas/sign-in/steps.ts)
 * names the ones that step can give, so a server function answering another, or a browser reading one
 * its step never gives, fails `tsc` (decisions/316).
 */
export const flowOutcomes = {
  signedIn: z.object({ kind: z.literal("signedIn"), redirectTo: z.string() }),
  chooseAccount: z.object({ kind: z.literal("chooseAccount"), accounts: z.array(LinkedAccountSchema) }),
  passwordUpdate: z.object({ kind: z.literal("passwordUpdate") }),
  rejected: z.object({ kind: z.literal("rejected"), message: z.string(), captchaRequired: z.boolean() }),
  invalid: z.object({ kind: z.literal("invalid"), fields: z.object({ username: z.string().optional(), password: z.string().optional() }), message: z.string() }),
  refused: z.object({ kind: z.literal("refused"), message: z.string() }),
  expired: z.object({ kind: z.literal("expired"), message: z.string() }),
  failed: z.object({ kind: z.literal("failed"), message: z.string() }),
  cancelled: z.object({ kind: z.literal("cancelled") }),
  // The second step (decisions/277): a code was e-mailed to `to` (masked); `setup` when the practice requires one not yet set up.
  secondStep: z.object({ kind: z.literal("secondStep"), to: z.string(), setup: z.boolean(), resent: z.boolean() }),
  // Set up at sign-in: the recovery codes, shown once, before the sign-in goes on.
  recoveryCodes: z.object({ kind: z.literal("recoveryCodes"), codes: z.array(z.string()) }),
  // A passkey is asked for (decisions/300); `email` and `recovery` say which other ways this holder has.
  passkey: z.object({ kind: z.literal("passkey"), email: z.boolean(), recovery: z.boolean() }),
  // A code e-mailed in place of a passkey was right (issue 51): the passkeys added recently, offered for removal.
  passkeyRecovery: z.object({ kind: z.literal("passkeyRecovery"), passkeys: z.array(z.object({ name: z.string(), added: z.string(), from: z.string().nullable() })) }),
  // The browser's ceremony may start: WebAuthn's request options, as @simplewebauthn/browser takes them.
  passkeyOptions: z.object({ kind: z.literal("passkeyOptions"), options: PasskeyRequestOptionsSchema }),
};

type OutcomeOfKind = { [K in keyof typeof flowOutcomes]: z.output<(typeof flowOutcomes)[K]> };
export type FlowKind = keyof OutcomeOfKind;
/** The outcomes of the kinds `K`: what a step that can give only those answers. */
export type Outcome<K extends FlowKind> = OutcomeOfKind[K];
/** What the server answers to any step: one of the outcomes. */
export type FlowOutcome = Outcome<FlowKind>;
