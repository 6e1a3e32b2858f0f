import { z } from "zod";
import { FlowOutcomeSchema } from "../../lib/sign-in-flow";
import { step, stepArea } from "../../lib/steps";

/**
 * The login machine's steps (1§4), posted to /login/flow (decisions/280). Every step answers one of
 * the flow's outcomes, which the machine branches on (signed in, the chooser, the password update,
 * the second step, a rejection...), so they are replies, not refusals. The credentials are plain
 * strings here: the sign-in form's own schema reads them inside the handler, so that a refusal names
 * its fields and words as the form shows them (the "invalid" outcome), as the send steps do.
 */

const Empty = z.object({});

/**
 * A passkey's answer at sign-in as @simplewebauthn/browser gives it (decisions/300): its shape checked
 * here, its content (signature, challenge, origin, counter) by @simplewebauthn/server on the server.
 * Sizes are bounded; nothing of it is kept but the counter.
 */
const b64url = (max: number) => z.string().regex(/^[A-Za-z0-9_-]*$/).max(max);
export const PasskeyAnswerSchema = z.object({
  id: b64url(1400).min(16),
  rawId: b64url(1400),
  type: z.literal("public-key"),
  response: z.object({ clientDataJSON: b64url(4096), authenticatorData: b64url(4096), signature: b64url(1024), userHandle: b64url(256).optional() }),
  // The extensions this portal asks for: none. What a browser adds anyway is dropped unread.
  clientExtensionResults: z.object({ appid: z.boolean().optional(), hmacCreateSecret: z.boolean().optional(), credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

export const signInSteps = stepArea("/login/flow", {
  /** User name and password (and the captcha once one is needed); `redirectTo` is kept on the site by the server. */
  "sign-in": step(z.object({ username: z.string(), password: z.string(), captcha: z.string().nullable().default(null), redirectTo: z.string().default("/") }), FlowOutcomeSchema),
  /** The forced password update (1§4 step 3). */
  "change-password": step(z.object({ password: z.string(), confirm: z.string(), agreed: z.boolean() }), FlowOutcomeSchema),
  /** One of the linked accounts the chooser listed. */
  "choose-account": step(z.object({ account: z.string() }), FlowOutcomeSchema),
  /** The second step (decisions/277): the e-mailed code, or a recovery code. */
  "second-step": step(z.object({ code: z.string(), recovery: z.boolean() }), FlowOutcomeSchema),
  /** "Send a new code". */
  "second-step-resend": step(Empty, FlowOutcomeSchema),
  /** On with the sign-in after the recovery codes made at sign-in were shown. */
  "second-step-continue": step(Empty, FlowOutcomeSchema),
  /** Passkeys (decisions/300): the options for the browser's ceremony, its answer, a ceremony that ended without one. */
  "passkey-options": step(Empty, FlowOutcomeSchema),
  passkey: step(z.object({ answer: PasskeyAnswerSchema }), FlowOutcomeSchema),
  "passkey-cancelled": step(z.object({ reason: z.enum(["cancelled", "unsupported", "failed"]) }), FlowOutcomeSchema),
  /** "E-mail me a code instead" of the passkey, for a holder who also has the e-mailed code. */
  "passkey-email": step(Empty, FlowOutcomeSchema),
  /** Cancel on the password panel, the chooser or the second step: the session ends. */
  cancel: step(Empty, FlowOutcomeSchema),
});
