import { messagingPageSizes } from "@contract/messaging-page-sizes";
import { listingExtent } from "~/lib/listing";
import { messagingTexts } from "./texts";
import type { Box } from "./view";
import { mayHaveBeenCarriedOut } from "~/.server/answer-once.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { deleteMessages, deletedCountOf, getMessages } from "./practice.server";
import type { SignedIn } from "~/.server/session.server";

const t = messagingTexts;

/** Deletes and says what was deleted, from the practice's count or, when it tells less, from the box itself (decisions/363). */
export async function deleteStep({ api, user }: Pick<SignedIn, "api" | "user">, ids: string[], box: Box) {
  const unique = [...new Set(ids)];
  const requested = unique.length;
  let deleted: number | null;
  try {
    deleted = deletedCountOf(await deleteMessages(api, user.userId, ids));
  } catch (error) {
    if (!(error instanceof PracticeApiError && mayHaveBeenCarriedOut(error))) throw error;
    deleted = null;
  }
  const gone = deleted === null || deleted < requested ? await goneFrom(api, user.userId, box, unique) : null;
  if (gone !== null) deleted = gone;
  if (deleted === null) return { deleted, requested, message: t.deleteUnconfirmed };
  if (deleted >= requested) return { deleted, requested, message: requested === 1 ? t.deleted : t.deletedMany };
  // Read from the box, the others are known to be there still; on the practice's word alone they may have gone before.
  return { deleted, requested, message: gone !== null ? t.notDeleted(deleted, requested) : t.deletedSome(deleted, requested) };
}

/**
 * How many of `ids` are no longer in `box`, from one read of its newest 100 messages (2§7's
 * all-messages variant, where four pages of the list's 25 were read before: decisions/369); null when
 * the box cannot be read, or is longer than that and an id was not among them.
 */
async function goneFrom(api: SignedIn["api"], patientId: string, box: Box, ids: readonly string[]): Promise<number | null> {
  const notSeen = new Set(ids);
  try {
    const listing = await getMessages(api, patientId, box, "all", 1, "all");
    for (const m of listing.resources) notSeen.delete(m.id);
    // The whole box was read: no further page is offered, by its total or, with none given, by a page shorter than asked.
    const read = listing.resources.length;
    const whole = !listingExtent({ total: listing.total, read, pagesRead: 1, pageSize: messagingPageSizes.allMessages, lastPage: read }).more;
    if (notSeen.size === 0 || whole) return notSeen.size;
  } catch {
    // The practice's word stands, or the lack of it.
  }
  return null;
}
