import { z } from "zod";
import { CARD_SECTIONS } from "./sections";

/**
 * What a health card kept on a device holds (issue 71, decisions/405): the essentials of the health
 * summary, as the card shows them, with when it was made and until when it opens. Made on the server
 * from the practice's record, sealed in the browser, read back by /card after the passkey: this schema
 * is the one reading on both sides. A field the practice did not give is "" (the card says so).
 */

const Text = z.string().max(2_000);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(1_000);


export const CardContentsSchema = z.object({
  version: z.literal(1),
  /** The copy this is: its row in the portal's store vouches for it when the device is online. */
  copyId: z.string(),
  /** ISO instants: when the record was read, and the moment after which the card no longer opens. */
  madeAt: z.string(),
  expiresAt: z.string(),
  /** The same two moments as the portal writes them (the practice's time, the language the card was made in), so that no date library loads to show them. */
  madeAtText: Text,
  expiresAtText: Text,
  patient: z.object({ name: Text, nhi: Text, birthDate: Text }),
  practice: z.object({ name: Text, phone: Text }),
  allergies: list(z.object({ name: Text, severity: Text, reaction: Text })),
  medicines: list(z.object({ name: Text, instructions: Text })),
  conditions: list(z.object({ name: Text, since: Text })),
  immunisations: list(z.object({ name: Text, given: Text })),
  /** Null when the view the card was made in does not reach the person's contacts (whānau access). */
  contacts: list(z.object({ name: Text, relationship: Text, phone: Text })).nullable(),
  /** Sections of which the practice holds more than the card does (the summary's bound). */
  partial: z.array(z.enum(CARD_SECTIONS)),
});

export type CardContents = z.output<typeof CardContentsSchema>;
