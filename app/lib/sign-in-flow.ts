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
]);
/** What the server answers to any step. */
export type FlowOutcome = z.output<typeof FlowOutcomeSchema>;
