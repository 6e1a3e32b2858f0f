import { and, eq, gt, inArray, lte } from "drizzle-orm";
import { portalStore, storeQueries, type PortalStore } from "./portal-store.server";
import { healthCards } from "./portal-store/schema";

/**
 * The copies of health cards kept on devices (issue 71, decisions/405): which stand, whose, locked with
 * which passkey, until when. The card itself never comes here (it is sealed on the device). Removing a
 * passkey ends the copies it locks in the passkeys' own transaction (sign-in-security/passkeys.server.ts).
 */

/** The portal's store could not be asked: nothing is kept, and no device's copy is wiped on its account. */
export class HealthCardsUnavailable extends Error {
  constructor() {
    super("Health cards could not be read");
    this.name = "HealthCardsUnavailable";
  }
}

/** A copy's id: 16 random bytes, base64url. */
export const COPY_ID = /^[A-Za-z0-9_-]{22}$/;
/** Copies a device asks about at once, at most (one per person kept on it: more is no device of a family). */
export const COPIES_ASKED_MAX = 20;

export function healthCardStore(opened: () => PortalStore | undefined = portalStore) {
  const run = storeQueries<"cards.read" | "cards.write">(opened, () => new HealthCardsUnavailable());
  return {
    /** Notes a new copy; the holder's copies past their time go at the same moment. */
    async add(copy: { copyId: string; holderKey: string; credentialId: string; madeAt: Date; expiresAt: Date }): Promise<void> {
      await run("cards.write", (db) =>
        db.transaction(async (tx) => {
          await tx.delete(healthCards).where(and(eq(healthCards.holderKey, copy.holderKey), lte(healthCards.expiresAt, copy.madeAt)));
          await tx.insert(healthCards).values(copy);
        }),
      );
    },
    /** Of these copies, the ones that still stand now: any other (ended, expired, never made here) is to be wiped. */
    async standing(copyIds: readonly string[], now = new Date()): Promise<Set<string>> {
      const asked = copyIds.filter((id) => COPY_ID.test(id)).slice(0, COPIES_ASKED_MAX);
      if (asked.length === 0) return new Set();
      const rows = await run("cards.read", (db) =>
        db
          .select({ id: healthCards.copyId })
          .from(healthCards)
          .where(and(inArray(healthCards.copyId, asked), gt(healthCards.expiresAt, now))),
      );
      return new Set(rows.map((row) => row.id));
    },
    /** Ends one copy (its device wiped it): true when it stood. */
    async end(copyId: string): Promise<boolean> {
      if (!COPY_ID.test(copyId)) return false;
      const gone = await run("cards.write", (db) => db.delete(healthCards).where(eq(healthCards.copyId, copyId)).returning({ id: healthCards.copyId }));
      return gone.length === 1;
    },
    /** Ends every copy the holder kept, on every device (signed out everywhere): how many. */
    async endAllOf(holderKey: string): Promise<number> {
      const gone = await run("cards.write", (db) => db.delete(healthCards).where(eq(healthCards.holderKey, holderKey)).returning({ id: healthCards.copyId }));
      return gone.length;
    },
  };
}

export type HealthCardStore = ReturnType<typeof healthCardStore>;

export const portalHealthCards: HealthCardStore = healthCardStore();
