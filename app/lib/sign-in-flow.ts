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
 * Each outcome a sign-in step may answer, by its kind. A step's declaration (app/areas/sign-in/steps.ts)
 * names the ones that step can give, so a server function answering another, or a browser reading one
 * its step never gives, fails `tsc` (decisions/316).
 */
export const flowOutcomes = {
  signedIn: z.object({ kind: z.literal("signedIn"), redirectTo: z.string() }),
  chooseAccount: z.object({ kind: z.literal("chooseAccount"), accounts: z.array(LinkedAccountSchema) }),
  passwordUpdate: z.object({ kind: z.literal("passwordUpdate") }),
  rejected: z.object({ kind: z.literal("rejected"), message: z.string(), captchaRequired: z.boolean() }),
  invalid: z.object({ kind: z.literal("invalid"), fieldErrors: z.object({ username: z.string().optional(), password: z.string().optional() }), message: z.string() }),
  refused: z.object({ kind: z.literal("refused"), message: z.string() }),
  expired: z.object({ kind: z.literal("expired"), message: z.string() }),
  failed: z.object({ kind: z.literal("failed"), message: z.string() }),
  cancelled: z.object({ kind: z.literal("cancelled") }),
  // The second step (decisions/277): a code was e-mailed to `to` (masked); `setup` when the practice requires one not yet set up.
  secondStep: z.object({ kind: z.literal("secondStep"), to: z.string(), setup: z.boolean(), resent: z.boolean() }),
  // Set up at sign-in: the recovery codes, shown once, before the sign-in goes on.
  recoveryCodes: z.object({ kind: z.literal("recoveryCodes"), codes: z.array(z.string()) }),
};

type OutcomeOfKind = { [K in keyof typeof flowOutcomes]: z.output<(typeof flowOutcomes)[K]> };
export type FlowKind = keyof OutcomeOfKind;
/** The outcomes of the kinds `K`: what a step that can give only those answers. */
export type Outcome<K extends FlowKind> = OutcomeOfKind[K];
/** What the server answers to any step: one of the outcomes. */
export type FlowOutcome = Outcome<FlowKind>;
