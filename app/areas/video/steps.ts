import { z } from "zod";
import type { Signature } from "./zoom";
import { step, stepArea } from "~/lib/steps";

/**
 * The join machine's one step (issue 15), posted to /zoom/signature (decisions/280). A meeting that is
 * not the viewed patient's, or one the practice will not sign, is the protocol's refusal in words the
 * page shows. Apart from app/areas/video/zoom.ts so the video client, which shares that module, bundles no zod.
 */
export const videoSteps = stepArea("/zoom/signature", {
  sign: step(z.object({ meetingNumber: z.string().max(64).default("") }), z.object({ signature: z.string().min(1), sdkKey: z.string().min(1), userName: z.string() }) satisfies z.ZodType<Signature>),
});
