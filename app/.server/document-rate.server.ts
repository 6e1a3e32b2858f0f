import { randomUUID } from "node:crypto";
import { documentsTexts } from "~/lib/texts/documents";
import { config, type Config } from "./config.server";
import { type SignedIn } from "./session.server";
import { accountHolderKey, anonymousSessionId } from "./opaque-names.server";
import { stateStore } from "./state.server";
import { MemoryStateStore, type StateStore } from "./state-store.server";

/** Bulk pulls of documents: counted per account holder in a sliding window, refused past the limit with 429, recorded and told (decisions/226). */

export type DocumentRateSettings = Pick<Config, "DOCUMENT_RATE_LIMIT" | "DOCUMENT_RATE_WINDOW_SECONDS">;

/** One burst of documents past the limit, as the state store keeps it (90 days). */
export interface BulkAccessEvent {
  id: string;
  /** When the burst first met the limit (ISO 8601, UTC). */
  at: string;
  /** Documents opened within the window when it was met. */
  count: number;
  windowSeconds: number;
  /** The session's anonymous name (never its id): which of the holder's sessions it was. */
  session: string;
}

export type DocumentVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const SLICES = 10;
/** How long the record of a burst, and the notice about it, are kept. */
export const BULK_RECORD_MS = 90 * 24 * 60 * 60 * 1000;

const sliceKey = (holder: string, slice: number) => `documents:${holder}:${slice}`;
const burstKey = (holder: string) => `documents-burst:${holder}`;
const eventsKey = (holder: string) => `documents-events:${holder}`;
const noticeKey = (holder: string) => `documents-notice:${holder}`;
const seenKey = (holder: string) => `documents-notice-seen:${holder}`;

export class DocumentRate {
  constructor(
    private readonly settings: DocumentRateSettings,
    private readonly store: StateStore = new MemoryStateStore(),
    private readonly now: () => number = Date.now,
  ) {}

  get #windowMs() {
    return this.settings.DOCUMENT_RATE_WINDOW_SECONDS * 1000;
  }

  /** Counts one document for the holder (accountHolderKey), or refuses it while the window is full. */
  async claim(holder: string, session: string): Promise<DocumentVerdict> {
    const now = this.now();
    const sliceMs = this.#windowMs / SLICES;
    const current = Math.floor(now / sliceMs);
    // The window's slices, newest first: the check and the count are one step of the store, so a
    // burst crossing a slice's edge is counted exactly (a refused document is never counted at all).
    const slices = Array.from({ length: SLICES }, (_, i) => sliceKey(holder, current - i));
    const { added, counts } = await this.store.incrementIfUnder(slices, this.settings.DOCUMENT_RATE_LIMIT, this.#windowMs + sliceMs);
    if (added) return { allowed: true };
    // Room comes back when the oldest slice still holding documents leaves the window.
    const oldest = counts.findLastIndex((n) => n > 0);
    const leaves = current - Math.max(oldest, 0) + SLICES;
    await this.#recordBurst(holder, session, now);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((leaves * sliceMs - now) / 1000)) };
  }

  /**
   * One event per burst: the first refusal claims the burst, and each later refusal keeps the claim
   * alive, so a burst is over only after a whole window without a refusal.
   */
  async #recordBurst(holder: string, session: string, now: number) {
    const id = randomUUID();
    if (!(await this.store.compareAndSet(burstKey(holder), null, id, this.#windowMs))) {
      await this.store.touch(burstKey(holder), this.#windowMs);
      return;
    }
    const event: BulkAccessEvent = { id, at: new Date(now).toISOString(), count: this.settings.DOCUMENT_RATE_LIMIT, windowSeconds: this.settings.DOCUMENT_RATE_WINDOW_SECONDS, session };
    await this.store.addMember(eventsKey(holder), JSON.stringify(event), BULK_RECORD_MS);
    await this.store.set(noticeKey(holder), JSON.stringify(event), BULK_RECORD_MS);
    console.warn(`Documents: a burst past ${event.count} in ${event.windowSeconds} s was slowed (account ${holder.slice(0, 8)}, session ${session}).`);
  }

  /** The holder's recorded bursts of the last 90 days, oldest first. */
  async events(holder: string): Promise<BulkAccessEvent[]> {
    const since = this.now() - BULK_RECORD_MS;
    return (await this.store.members(eventsKey(holder)))
      .map((raw) => JSON.parse(raw) as BulkAccessEvent)
      .filter((e) => Date.parse(e.at) > since)
      .sort((a, b) => a.at.localeCompare(b.at));
  }

  /** The latest burst the holder has not dismissed, for the dashboard's notice; null when none. */
  async notice(holder: string): Promise<BulkAccessEvent | null> {
    const [raw, seen] = await Promise.all([this.store.get(noticeKey(holder)), this.store.get(seenKey(holder))]);
    const event = raw ? (JSON.parse(raw) as BulkAccessEvent) : null;
    return event && event.id !== seen ? event : null;
  }

  /** The holder has read the notice about this burst; a later burst is noticed again. */
  async dismiss(holder: string, id: string): Promise<void> {
    await this.store.set(seenKey(holder), id, BULK_RECORD_MS);
  }
}

export const documentRate = new DocumentRate(config, stateStore);

/** The holder whose documents these are counted under: whoever signed in, whichever record they view. */
export function holderOf({ user }: Pick<SignedIn, "user">): string {
  return accountHolderKey(user.apiBase, user.parentId);
}

/** A document refused: the words to show, and the 429's headers for whichever answer carries them. */
export interface DocumentRefusal {
  message: string;
  init: { status: 429; headers: Record<string, string> };
}

/** Counts one document for the signed-in session's holder; the refusal when the window is full. */
export async function documentRefusal(signedIn: Pick<SignedIn, "user" | "session">, rate: DocumentRate = documentRate): Promise<DocumentRefusal | null> {
  const verdict = await rate.claim(holderOf(signedIn), anonymousSessionId(signedIn.session.id));
  if (verdict.allowed) return null;
  const seconds = verdict.retryAfterSeconds;
  return { message: documentsTexts.slowedDown(seconds), init: { status: 429, headers: { "Retry-After": String(seconds), "Cache-Control": "no-store" } } };
}

/**
 * The check a document route makes once the session is known: a refusal is thrown as a 429 with
 * Retry-After and a plain message (a page's error boundary shows it; the PDF viewer says it in words).
 */
export async function countDocument(signedIn: Pick<SignedIn, "user" | "session">, rate: DocumentRate = documentRate): Promise<void> {
  const refused = await documentRefusal(signedIn, rate);
  if (refused) throw Response.json({ message: refused.message }, refused.init);
}
