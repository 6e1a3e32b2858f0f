import { z } from "zod";
import { createStepClient, type StepClientOptions } from "../../lib/step-client";
import type { SignatureReply } from "../../lib/zoom";

/**
 * The join machine's one step: POST /zoom/signature through the step client, its answer read with
 * this schema. Apart from app/lib/zoom.ts so the video client, which shares that module, bundles no zod.
 */
export const SignatureReplySchema: z.ZodType<SignatureReply> = z.union([
  z.object({ ok: z.literal(true), signature: z.string().min(1), sdkKey: z.string().min(1), userName: z.string() }),
  z.object({ ok: z.literal(false), message: z.string().min(1) }),
]);

export function createSignatureStep(options: StepClientOptions = {}) {
  // A meeting that is not the viewed patient's is refused with 404 and words the page shows.
  const client = createStepClient("/zoom/signature", { answerStatuses: [200, 404], ...options });
  return (meetingNumber: string) => client.post({ meetingNumber }, SignatureReplySchema);
}
