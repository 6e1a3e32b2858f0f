import { z } from "zod";
import { RepeatReplySchema, type RepeatFields } from "./repeat-request";
import { step, stepArea } from "~/lib/steps";

/**
 * The repeat-medication machine's steps (2§4, 2§5), posted to /medications/repeat (decisions/280): the pharmacies, and
 * the request, which answers its own outcomes (sent, on leave, refused with field errors, failed, unknown: decisions/216).
 */

/**
 * The request's fields as posted, all text: the send step reads them with RepeatRequestSchema, so a
 * field missing or wrong is a refusal naming it, as the machine shows it.
 */
const RepeatFieldsSchema: z.ZodType<Partial<RepeatFields>, Partial<RepeatFields>> = z.record(z.string(), z.string());

export const repeatSteps = stepArea("/medications/repeat", {
  pharmacies: step(z.object({}), z.array(z.object({ id: z.string(), name: z.string(), favourite: z.boolean() }))),
  send: step(RepeatFieldsSchema, RepeatReplySchema),
});
