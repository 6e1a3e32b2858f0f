import { z } from "zod";
import { messagingPageSizes } from "@contract/messaging-page-sizes";
import { OptionSchema, SendReplySchema, type MessageFields } from "./compose";
import { BOXES, MessageRowSchema, MessageViewSchema, READ_FILTER_NAMES } from "./view";
import { RequestKeySchema } from "~/lib/request-key";
import { step, stepArea } from "~/lib/steps";

/**
 * /emails' steps (2§2, 2§4, 2§5), posted to /emails/step (decisions/280): a failure is the protocol's envelope, and
 * sending answers its own outcomes (sent, saved, refused with field errors, failed, unknown: decisions/215).
 */

const Id = z.string().regex(/^[\w-]{1,64}$/);

/**
 * The written message's fields as the browser posts them, all text: the send step reads them with
 * MessageFormSchema, so a field missing or wrong is a refused outcome naming it, as the form shows it.
 */
const MessageFieldsSchema: z.ZodType<Partial<MessageFields>, Partial<MessageFields>> = z.record(z.string(), z.string());

export const messagingSteps = stepArea("/emails/step", {
  page: step(
    z.object({ box: z.enum(BOXES), filter: z.enum(READ_FILTER_NAMES), page: z.number().int().min(1).max(Math.ceil(100_000 / messagingPageSizes.messages)) }),
    z.object({ rows: z.array(MessageRowSchema), total: z.number().optional() }),
  ),
  open: step(z.object({ id: Id }), MessageViewSchema),
  roles: step(z.object({}), z.array(OptionSchema)),
  recipients: step(z.object({ roleId: z.string().regex(/^\d{1,9}$/) }), z.array(OptionSchema)),
  /**
   * `deleted` of `requested`: what the practice says it deleted, and when it says fewer or nothing (its
   * reply lost), what the box the ids were in (`box`) says as it now is: an id no longer there counts as
   * deleted. Null only when neither can tell (decisions/363).
   */
  delete: step(z.object({ ids: z.array(Id).min(1).max(200), box: z.enum(BOXES) }), z.object({ message: z.string(), deleted: z.number().nullable(), requested: z.number() })),
  send: step(MessageFieldsSchema, SendReplySchema),
  /** "Send Message" on a draft as it is (2§2): the server posts the draft's own content. */
  sendDraft: step(z.object({ key: RequestKeySchema, draftId: Id }), SendReplySchema),
});
