import { z } from "zod";
import { flowOutcomes as o } from "~/lib/sign-in-flow";
import { step, stepArea } from "~/lib/steps";
import { PasskeyAnswerSchema } from "~/lib/passkey-answer";

/**
 * The login machine's steps (1§4), posted to /login/flow (decisions/280): each answers one of the outcomes it declares
 * (decisions/316), replies the machine branches on rather than refusals; any step may answer "signed in".
 */

const Empty = z.object({});
/** A step's outcomes: "signed in", and those of its own. */
const answers = <const T extends readonly [Outcome, ...Outcome[]]>(...own: T) => z.discriminatedUnion("kind", [o.signedIn, ...own]);
type Outcome = (typeof o)[keyof typeof o];

export const signInSteps = stepArea("/login/flow", {
  /** User name and password (and the captcha once one is needed); `redirectTo` is kept on the site by the server. */
  "sign-in": step(
    z.object({ username: z.string(), password: z.string(), captcha: z.string().nullable().default(null), redirectTo: z.string().default("/") }),
    answers(o.invalid, o.refused, o.rejected, o.failed, o.secondStep, o.passkey, o.passwordUpdate, o.chooseAccount),
  ),
  /** The forced password update (1§4 step 3). */
  "change-password": step(z.object({ password: z.string(), confirm: z.string(), agreed: z.boolean() }), answers(o.expired, o.refused, o.failed, o.chooseAccount)),
  /** One of the linked accounts the chooser listed. */
  "choose-account": step(z.object({ account: z.string() }), answers(o.expired, o.refused)),
  /** The second step (decisions/277): the e-mailed code, or a recovery code. */
  "second-step": step(z.object({ code: z.string(), recovery: z.boolean() }), answers(o.expired, o.refused, o.failed, o.recoveryCodes, o.passkeyRecovery, o.passkey, o.passwordUpdate, o.chooseAccount)),
  /** "Send a new code". */
  "second-step-resend": step(Empty, answers(o.expired, o.refused, o.secondStep)),
  /** On with the sign-in after the recovery codes made at sign-in were shown. */
  "second-step-continue": step(Empty, answers(o.expired, o.passwordUpdate, o.chooseAccount)),
  /** Passkeys (decisions/300): the options for the browser's ceremony, its answer, a ceremony that ended without one. */
  "passkey-options": step(Empty, answers(o.expired, o.failed, o.passkeyOptions)),
  passkey: step(z.object({ answer: PasskeyAnswerSchema }), answers(o.expired, o.refused, o.failed, o.passwordUpdate, o.chooseAccount)),
  "passkey-cancelled": step(z.object({ reason: z.enum(["cancelled", "unsupported", "failed"]) }), answers(o.expired, o.refused)),
  /** "E-mail me a code instead" of the passkey: the e-mailed code, or the way to undo a passkey added recently (issue 51). */
  "passkey-email": step(Empty, answers(o.expired, o.refused, o.failed, o.secondStep)),
  /** "Remove these passkeys" after a code e-mailed in place of a passkey (issue 51). */
  "passkey-recovery-remove": step(Empty, answers(o.expired, o.failed, o.passkey, o.passwordUpdate, o.chooseAccount)),
  /** Cancel on the password panel, the chooser or the second step: the session ends. */
  cancel: step(Empty, answers(o.cancelled)),
});

/**
 * Login Help (1§2, 1§5), posted to /login/help by its dialog. The fields are plain strings here: the
 * Login Help form's own schema reads them inside the handler, so a refusal names its fields and words
 * as the dialog shows them. The reply is the practice's words, shown once the dialog has closed.
 */
const Typed = z.string().default("");
export const loginHelpSteps = stepArea("/login/help", {
  send: step(
    z.object({ email: Typed, nhi: Typed, firstName: Typed, familyName: Typed, dob: Typed, subject: Typed, message: Typed, captcha: Typed }),
    z.object({ message: z.string() }),
  ),
});
