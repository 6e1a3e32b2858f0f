import { z } from "zod";
import { PasskeyAnswerSchema } from "~/lib/passkeys";
import { PasskeyRequestOptionsSchema } from "~/lib/sign-in-flow";
import { step, stepArea } from "~/lib/steps";
import { CARD_DAYS_MAX, CardContentsSchema } from "./contents";

/**
 * Keeping a health card on this device (issue 71, decisions/405), posted to /summary/card: the passkey
 * prompt's options, then the passkey's answer with the days to keep it, which answers the card to seal.
 */
export const cardSteps = stepArea("/summary/card", {
  "card-options": step(z.object({}), z.object({ options: PasskeyRequestOptionsSchema })),
  "card-make": step(z.object({ answer: PasskeyAnswerSchema, days: z.number().int().min(1).max(CARD_DAYS_MAX) }), z.object({ card: CardContentsSchema })),
});

/** GET /card/status?copies=a,b: which of a device's copies still stand (any other is wiped). */
export const CARD_STATUS_PATH = "/card/status";
export const CardStatusSchema = z.object({ standing: z.array(z.string()) });
/** POST /card/end (form: copy): a device wiped its copy, which then stands no more. */
export const CARD_END_PATH = "/card/end";
