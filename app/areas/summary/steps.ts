import { z } from "zod";
import { step, stepArea } from "~/lib/steps";
import { ShareLinkFormSchema } from "./shlink";

/**
 * Share by link's steps (decisions/305-309, 377), posted to /summary/step: make a link (its form's own
 * schema checks it again), and revoke one of the person viewed's links.
 */
export const shareSteps = stepArea("/summary/step", {
  "share-create": step(ShareLinkFormSchema, z.object({ shlink: z.string(), qr: z.string(), label: z.string().nullable(), expires: z.string() })),
  "share-revoke": step(z.object({ link: z.string() }), z.object({ message: z.string() })),
});
