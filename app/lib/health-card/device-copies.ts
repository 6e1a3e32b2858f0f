import { createStore, del, entries, get, set } from "idb-keyval";
import { CARD_END_PATH, CARD_STATUS_PATH, standingOf } from "./status";
import { CARD_DATABASE, isPastItsTime, isSealedCard, newSalt, type SealedCard } from "./copy-shape";

/**
 * The health cards kept on this device (issue 71, decisions/405): sealed copies in IndexedDB, one per
 * copy id. What wipes them: their time running out, "Remove from this device", and the portal saying,
 * when the device is online, that a copy no longer stands (its passkey removed, signed out everywhere).
 */

const store = () => createStore(CARD_DATABASE, "copies");

/**
 * The PRF input this device asks every passkey with: one for all its copies, so that one prompt can open
 * every copy a passkey locks (a parent's own and a child's); each copy's key is still its own (lock.ts).
 */
const PRF_INPUT = "prf-input";

export async function devicePrfInput(): Promise<string> {
  const kept = await get<unknown>(PRF_INPUT, store());
  if (typeof kept === "string" && /^[A-Za-z0-9_-]{43}$/.test(kept)) return kept;
  const made = newSalt();
  await set(PRF_INPUT, made, store());
  return made;
}

/** The copies kept here (any entry that is not a sealed copy is wiped, unread). */
export async function keptCopies(): Promise<SealedCard[]> {
  const copies: SealedCard[] = [];
  for (const [key, value] of await entries(store())) {
    if (key === PRF_INPUT) continue;
    if (isSealedCard(value) && value.copyId === key) copies.push(value);
    else await del(key, store());
  }
  return copies;
}

export async function keepCopy(copy: SealedCard): Promise<void> {
  await set(copy.copyId, copy, store());
}

/** Wipes a copy here, and tells the portal it stands no more when the portal can be reached (never waited for). */
export async function removeCopy(copyId: string): Promise<void> {
  await del(copyId, store());
  void fetch(CARD_END_PATH, { method: "POST", body: new URLSearchParams({ copy: copyId }) }).catch(() => undefined);
}

/** What a tidy-up wiped: copies past their time, and copies the portal no longer vouches for. */
export interface Wiped {
  expired: number;
  ended: number;
}

/**
 * Wipes the copies past their time, then, when the portal answers, those it no longer vouches for.
 * Offline, or with the portal's store away, nothing more is wiped: unknown is not "ended".
 */
export async function tidyCopies(now: number = Date.now()): Promise<{ copies: SealedCard[]; wiped: Wiped }> {
  const wiped: Wiped = { expired: 0, ended: 0 };
  let copies = await keptCopies();
  for (const copy of copies.filter((c) => isPastItsTime(c, now))) {
    await del(copy.copyId, store());
    wiped.expired += 1;
  }
  copies = copies.filter((c) => !isPastItsTime(c, now));
  if (copies.length === 0) return { copies, wiped };
  const standing = await standingCopies(copies.map((c) => c.copyId));
  if (standing === null) return { copies, wiped };
  for (const copy of copies.filter((c) => !standing.has(c.copyId))) {
    await del(copy.copyId, store());
    wiped.ended += 1;
  }
  return { copies: copies.filter((c) => standing.has(c.copyId)), wiped };
}

/** The portal's word on which copies stand, or null when it cannot be had (offline, or not answered). */
async function standingCopies(copyIds: string[]): Promise<Set<string> | null> {
  try {
    const query = new URLSearchParams({ copies: copyIds.join(",") });
    const response = await fetch(`${CARD_STATUS_PATH}?${query}`, { headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    return standingOf(await response.json());
  } catch {
    return null;
  }
}
