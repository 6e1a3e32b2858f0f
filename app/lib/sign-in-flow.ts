import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { z } from "zod";

/**
 * What the sign-in steps answer (1§4), shared by the server half (app/.server/sign-in.server.ts),
 * the login machine and the sign-in steps (app/areas/sign-in/steps.ts) that read each reply with it. It lives
 * here, below all three, so that none of them imports another's types.
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
const PasskeyRequestOptionsSchema = z.custom<PublicKeyCredentialRequestOptionsJSON>((value) => {
  const checked = z
    .looseObject({ challenge: z.string().min(16), allowCredentials: z.array(z.looseObject({ id: z.string(), type: z.literal("public-key") })).optional() })
    .safeParse(value);
  return checked.success;
}, "not WebAuthn request options");

export const FlowOutcomeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("signedIn"), redirectTo: z.string() }),
  z.object({ kind: z.literal("chooseAccount"), accounts: z.array(LinkedAccountSchema) }),
  z.object({ kind: z.literal("passwordUpdate") }),
  z.object({ kind: z.literal("rejected"), message: z.string(), captchaRequired: z.boolean() }),
  z.object({ kind: z.literal("invalid"), fieldErrors: z.object({ username: z.string().optional(), password: z.string().optional() }), message: z.string() }),
  z.object({ kind: z.literal("refused"), message: z.string() }),
  z.object({ kind: z.literal("expired"), message: z.string() }),
  z.object({ kind: z.literal("failed"), message: z.string() }),
  z.object({ kind: z.literal("cancelled") }),
  // The second step (decisions/277): a code was e-mailed to `to` (masked); `setup` when the practice requires one not yet set up.
  z.object({ kind: z.literal("secondStep"), to: z.string(), setup: z.boolean(), resent: z.boolean() }),
  // Set up at sign-in: the recovery codes, shown once, before the sign-in goes on.
  z.object({ kind: z.literal("recoveryCodes"), codes: z.array(z.string()) }),
  // A passkey is asked for (decisions/300); `email` and `recovery` say which other ways this holder has.
  z.object({ kind: z.literal("passkey"), email: z.boolean(), recovery: z.boolean() }),
  // The browser's ceremony may start: WebAuthn's request options, as @simplewebauthn/browser takes them.
  z.object({ kind: z.literal("passkeyOptions"), options: PasskeyRequestOptionsSchema }),
]);
/** What the server answers to any step. */
export type FlowOutcome = z.output<typeof FlowOutcomeSchema>;
