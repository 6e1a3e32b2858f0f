import { z } from "zod";
import { step, stepArea } from "~/lib/steps";
import { SHARE_LINK_STATUSES, ShareLinkFormSchema } from "./shlink";
import { PasskeyAnswerSchema } from "~/lib/passkey-answer";
import { PasskeyRequestOptionsSchema } from "~/lib/sign-in-flow";
import { CardContentsSchema } from "./card/contents";
import { CARD_DAYS_MAX } from "./card/sections";

/** A link as the list shows it: the practice's dates, its status (view.ts names its type). */
export const ShareLinkListItemSchema = z.object({ id: z.string(), label: z.string().nullable(), created: z.string(), expires: z.string(), uses: z.number(), status: z.enum(SHARE_LINK_STATUSES) });

/** The person viewed's links, or null when the portal's store cannot say. */
const ShareLinkListSchema = z.array(ShareLinkListItemSchema).nullable();

/**
 * The summary's steps, posted to /summary/step. Share by link's (decisions/305-309, 377): make a link (its form's own
 * schema checks it again), and revoke one of the person viewed's links. Each answers the list as it
 * is after it, so the page shows it without reading the practice again (a read that failed would
 * replace the page, and with it the new link, shown only once).
 */
export const summarySteps = stepArea("/summary/step", {
  "share-create": step(ShareLinkFormSchema, z.object({ shlink: z.string(), qr: z.string(), label: z.string().nullable(), expires: z.string(), links: ShareLinkListSchema })),
  "share-revoke": step(z.object({ link: z.string() }), z.object({ message: z.string(), links: ShareLinkListSchema })),
  // Keeping a health card on this device (issue 71, decisions/405): the passkey prompt's options, then the
  // passkey's answer with the days to keep it, which answers the card to seal in the browser.
  "card-options": step(z.object({}), z.object({ options: PasskeyRequestOptionsSchema })),
  "card-make": step(z.object({ answer: PasskeyAnswerSchema, days: z.number().int().min(1).max(CARD_DAYS_MAX) }), z.object({ card: CardContentsSchema })),
});
