import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { ProxyView, YoungPersonChoice } from "~/lib/whanau-access";
import { practiceKey } from "./access-entries.server";
import { accountHolderKey } from "./opaque-names.server";
import { portalStore, storeQueries, type PortalStore } from "./portal-store.server";
import { shareLinks, shareLinkTickets, whanauParents } from "./portal-store/schema";

/**
 * The portal's side of whānau access (issue 55): each parent or guardian seen acting for a young person's record,
 * and what the young person chose for them from their own sign-in (decisions/382).
 */

/** One young person's record at one practice, and one parent or guardian acting for it. */
export interface ParentOf {
  apiBase: string;
  /** The young person's id at the practice. */
  patientId: string;
  /** The parent's id at the practice (the account holder who signed in). */
  holderId: string;
}

export interface ParentRow {
  holderKey: string;
  holderId: string;
  holderName: string;
  relationship: string;
  firstSeen: Date;
  /** The young person's choice; null: the rules for their age decide. */
  view: ProxyView | null;
  chosenAt: Date | null;
}

/** The portal's store could not be asked: a page says so plainly, and a parent is shown nothing it might not be allowed. */
export class WhanauUnavailable extends Error {
  constructor() {
    super("Whānau access could not be read");
    this.name = "WhanauUnavailable";
  }
}

/** A name as the store keeps it (the access record's rule: a name's characters only). */
function storedName(name: string): string {
  return name.replace(/[\d\n\r\t<>]/g, " ").replace(/\s+/g, " ").trim().slice(0, 100) || "A parent or guardian";
}

/** The store's side of whānau access, for one store (tests give theirs; the app uses the process's). */
export function whanauStore(opened: () => PortalStore | undefined = portalStore) {
  const run = storeQueries<"whanau.read" | "whanau.write">(opened, () => new WhanauUnavailable());
  const where = (key: string, patientId: string) => and(eq(whanauParents.practiceKey, key), eq(whanauParents.patientId, patientId));

  /** What the young person chose for this parent, null for no choice (or a parent not seen before). */
  async function choiceOf(parent: ParentOf): Promise<YoungPersonChoice> {
    const [row] = await run("whanau.read", (db) =>
      db
        .select({ view: whanauParents.view })
        .from(whanauParents)
        .where(and(where(practiceKey(parent.apiBase), parent.patientId), eq(whanauParents.holderKey, accountHolderKey(parent.apiBase, parent.holderId))))
        .limit(1),
    );
    return row?.view ?? null;
  }

  /** Notes a parent acting for the young person: listed for them from now on. A parent seen before keeps their row and the young person's choice. */
  async function noteParent(parent: ParentOf & { holderName: string; relationship: string }, now = new Date()): Promise<void> {
    await run("whanau.write", (db) =>
      db
        .insert(whanauParents)
        .values({ practiceKey: practiceKey(parent.apiBase), patientId: parent.patientId, holderKey: accountHolderKey(parent.apiBase, parent.holderId), holderId: parent.holderId, holderName: storedName(parent.holderName), relationship: parent.relationship.slice(0, 40) || "Child", firstSeen: now })
        .onConflictDoNothing(),
    );
  }

  /** The parents and guardians seen acting for the young person, the first seen first. */
  async function parentsOf(young: { apiBase: string; patientId: string }): Promise<ParentRow[]> {
    return run("whanau.read", (db) =>
      db
        .select({ holderKey: whanauParents.holderKey, holderId: whanauParents.holderId, holderName: whanauParents.holderName, relationship: whanauParents.relationship, firstSeen: whanauParents.firstSeen, view: whanauParents.view, chosenAt: whanauParents.chosenAt })
        .from(whanauParents)
        .where(where(practiceKey(young.apiBase), young.patientId))
        .orderBy(asc(whanauParents.firstSeen), asc(whanauParents.holderKey)),
    );
  }

  /**
   * The young person's choice for one parent on their list (null: back to the rules for the age), and,
   * when the view it leaves no longer holds the summary, the end of every share link that parent made of
   * the young person's summary (decisions/382), in one transaction. The parent's row as it now is and
   * the links ended, or null when the parent is not on the young person's list.
   */
  async function choose(young: { apiBase: string; patientId: string }, holderKey: string, view: ProxyView | null, options: { endShareLinks: boolean }, now = new Date()): Promise<{ row: ParentRow; endedLinks: string[] } | null> {
    const key = practiceKey(young.apiBase);
    return run("whanau.write", (db) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(whanauParents)
          .set({ view, chosenAt: view === null ? null : now })
          .where(and(where(key, young.patientId), eq(whanauParents.holderKey, holderKey)))
          .returning({ holderKey: whanauParents.holderKey, holderId: whanauParents.holderId, holderName: whanauParents.holderName, relationship: whanauParents.relationship, firstSeen: whanauParents.firstSeen, view: whanauParents.view, chosenAt: whanauParents.chosenAt });
        if (!row) return null;
        if (!options.endShareLinks) return { row, endedLinks: [] };
        // As a revoke by the link's maker: the file goes, and any ticket for it.
        const ended = await tx
          .update(shareLinks)
          .set({ revokedAt: now, file: null })
          .where(and(eq(shareLinks.practiceKey, key), eq(shareLinks.patientId, young.patientId), eq(shareLinks.holderKey, holderKey), isNull(shareLinks.revokedAt)))
          .returning({ id: shareLinks.id });
        const endedLinks = ended.map((link) => link.id);
        if (endedLinks.length > 0) await tx.delete(shareLinkTickets).where(inArray(shareLinkTickets.linkId, endedLinks));
        return { row, endedLinks };
      }),
    );
  }

  return { choiceOf, noteParent, parentsOf, choose };
}

export type WhanauStore = ReturnType<typeof whanauStore>;
