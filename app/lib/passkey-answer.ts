import { z } from "zod";

/**
 * A passkey's answer (at sign-in, or locking a health card) as @simplewebauthn/browser gives it (decisions/300): its shape checked
 * here, its content (signature, challenge, origin, counter) by @simplewebauthn/server on the server.
 * Sizes are bounded; nothing of it is kept but the counter.
 */
const b64url = (max: number) => z.string().regex(/^[A-Za-z0-9_-]*$/).max(max);
export const PasskeyAnswerSchema = z.object({
  id: b64url(1400).min(16),
  rawId: b64url(1400),
  type: z.literal("public-key"),
  response: z.object({ clientDataJSON: b64url(4096), authenticatorData: b64url(4096), signature: b64url(1024), userHandle: b64url(256).optional() }),
  // Extensions' results are dropped unread: a health card's PRF secret never leaves the browser (decisions/405).
  clientExtensionResults: z.object({ appid: z.boolean().optional(), hmacCreateSecret: z.boolean().optional(), credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});
