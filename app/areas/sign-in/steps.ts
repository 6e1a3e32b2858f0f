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
  /** Cancel on the password panel, the chooser or the second step: the session ends. */
  cancel: step(Empty, FlowOutcomeSchema),
});
