/** What the portal remembers of each payment attempt by its key, so later steps never take the amount from the browser; every change a compare-and-set (decisions/031, 050). */
import { createHash } from "node:crypto";
import type { CardChoice } from "./card-brand";
import { stateStore } from "~/.server/state.server";
import { MemoryStateStore, type StateStore } from "~/.server/state-store.server";
import { observability } from "~/.server/observability.server";

export interface PaymentAttempt {
  /** SaveTempPayment's id (electronicPaymentID). */
  tempId: number;
  /** The amount paid to the invoices, in cents, without the card fee: a resumed payment shows it. */
  amountCents?: number;
  /** The amount plus the card fee, in cents: what the payment intent is created for. */
  chargeCents: number;
  /** The card type the fee was charged for, and the practice's others: the card must be its brand (issue 36). */
  cardChoice?: CardChoice;
  /** The payment intent's client secret, once created: only these are confirmed for this holder. */
  clientSecret?: string;
  /** The card confirmation answered `succeeded` through the portal: the attempt is fixed from then on. */
  charged: boolean;
  /**
   * The card provider refused the last card confirmed for it (the portal's own confirmation, or the
   * browser's word for Stripe's). Only the words of the page change: a declined attempt stays open,
   * to be paid with another card through the same intent (decisions/374).
   */
  declined?: boolean;
  /**
   * Confirmations of its current intent that may still charge it (decisions/395). With Stripe, each time
   * the intent step hands its secret to a browser, until that browser reports the card refused; with the
   * built-in provider, each confirmation the portal puts to the practice, until the practice refuses it.
   * One never answered (a lost reply, a closed tab) stays counted: the intent may have been charged.
   */
  confirming?: number;
  /**
   * How many times the card type was changed after a refusal (decisions/395). Each change saves the
   * payment at the practice again and makes a new intent, under a practice key of its own (`practiceKeyOf`).
   */
  recarded?: number;
  /**
   * When its payment intent was first asked for (ms since the epoch). From then on the card may be
   * charged at any moment (with Stripe, in the browser, unseen by the portal), so the amount is fixed
   * and the attempt holds the account holder's payment open until it is closed.
   */
  intentAt?: number;
  /**
   * Recorded by the practice: it holds nothing any more. "not-charged": let go at rest because its
   * invoices changed (decisions/395), never to be confirmed or recorded.
   */
  closed?: "recorded" | "not-charged";
}

/** An attempt that may have taken money the practice has not recorded: no other may start meanwhile. */
export function holdsPayment(attempt: PaymentAttempt): boolean {
  return attempt.intentAt !== undefined && !attempt.closed;
}

/**
 * Its intent is out, and nothing can charge it now: not seen charged, and every confirmation of it came
 * back refused (decisions/395). Only then may its card type change, or the payment be let go.
 */
export function atRest(attempt: PaymentAttempt): boolean {
  return holdsPayment(attempt) && !attempt.charged && !((attempt.confirming ?? 0) > 0);
}

export type Claim = { ok: true } | { ok: false; open: PaymentAttempt & { key: string } };

const KEEP_MS = 24 * 60 * 60 * 1000;

const attemptKey = (holderId: string, key: string) => `payment:${holderId}:${key}`;
const secretKey = (holderId: string, clientSecret: string) => `payment-secret:${holderId}:${clientSecret}`;
/**
 * The account holder's one open attempt, by key (issue 20): a payment started in another tab, session
 * or process must wait until this one is recorded or known not to have charged. A released lock is
 * stored as "" rather than deleted, so claiming it is the store's compare-and-set like any other.
 */
const openKey = (holderId: string) => `payment-open:${holderId}`;
const RELEASED = "";

/** The practice's idempotency key for an attempt: a hash of the holder and the browser's key, the same on every process and after a restart (decisions/211). */
export function practiceKey(owner: string, key: string): string {
  return `pp-${createHash("sha256").update(`patient-portal payment\0${owner}\0${key}`).digest("hex")}`;
}

/**
 * The key the practice is sent for the attempt's temporary payment and intent: `practiceKey` of the
 * browser's key, and after a change of card type (decisions/395) of the key, the change's number and the
 * card type, so the new payment is a new one at a practice that reads keys, and two changes to two card
 * types made at once never share one.
 */
export function practiceKeyOf(owner: string, key: string, attempt: Pick<PaymentAttempt, "recarded" | "cardChoice">): string {
  return attempt.recarded ? practiceKey(owner, `${key}/${attempt.recarded}/${attempt.cardChoice?.chosen?.label ?? ""}`) : practiceKey(owner, key);
}

/** The attempts; tests make their own (a fresh store by default), so no test sees another's attempts. */
export class PaymentAttempts {
  constructor(private readonly store: StateStore = new MemoryStateStore()) {}

  async attemptOf(holderId: string, key: string): Promise<PaymentAttempt | undefined> {
    const raw = await this.store.get(attemptKey(holderId, key));
    if (!raw) return undefined;
    await this.store.touch(attemptKey(holderId, key), KEEP_MS);
    return JSON.parse(raw) as PaymentAttempt;
  }

  /**
   * Changes the attempt as `change` says, given the attempt as stored now (undefined: none), and
   * returns what is stored after, and whether this call wrote it (`change` answering undefined leaves
   * it). `change` may run again when another process changed it meanwhile.
   */
  async #change(holderId: string, key: string, change: (current: PaymentAttempt | undefined) => PaymentAttempt | undefined): Promise<{ stored: PaymentAttempt | undefined; written: boolean }> {
    const slot = attemptKey(holderId, key);
    for (;;) {
      const raw = await this.store.get(slot);
      const current = raw ? (JSON.parse(raw) as PaymentAttempt) : undefined;
      const next = change(current);
      if (!next) return { stored: current, written: false };
      // Charged is final, whoever writes after the confirmation.
      const fixed = current?.charged ? { ...next, charged: true } : next;
      if (await this.store.compareAndSet(slot, raw, JSON.stringify(fixed), KEEP_MS)) return { stored: fixed, written: true };
    }
  }

  /** A new attempt, or the payment restated before its charge; a charged attempt stays as it was. */
  async remember(holderId: string, key: string, attempt: Pick<PaymentAttempt, "tempId" | "amountCents" | "chargeCents" | "cardChoice">): Promise<void> {
    await this.#change(holderId, key, (current) => (current?.charged ? undefined : { charged: false, ...current, ...attempt }));
  }

  /** The holder's open attempt that may have charged, if any: the page offers to finish it. */
  async openAttempt(holderId: string): Promise<(PaymentAttempt & { key: string }) | undefined> {
    const key = await this.store.get(openKey(holderId));
    if (!key) return undefined;
    const attempt = await this.attemptOf(holderId, key);
    return attempt && holdsPayment(attempt) ? { ...attempt, key } : undefined;
  }

  /** Makes `key` the holder's open attempt, taking over an older one that never asked for its intent; the race is settled as decisions/054 says. */
  async claim(holderId: string, key: string): Promise<Claim> {
    const lock = openKey(holderId);
    for (;;) {
      const current = await this.store.get(lock);
      if (current === key) return { ok: true };
      const other = current ? await this.attemptOf(holderId, current) : undefined;
      if (current && other && holdsPayment(other)) return { ok: false, open: { ...other, key: current } };
      if (!(await this.store.compareAndSet(lock, current, key, KEEP_MS))) continue;
      if (!current) return { ok: true };
      const after = await this.attemptOf(holderId, current);
      if (!after || !holdsPayment(after)) return { ok: true };
      await this.store.compareAndSet(lock, key, current, KEEP_MS);
      return { ok: false, open: { ...after, key: current } };
    }
  }

  /**
   * Notes that the attempt's intent is being asked for, then checks it still holds the lock (a newer
   * attempt may have taken it over before this point). False: replaced, do not ask for the intent.
   */
  async markIntent(holderId: string, key: string, now = Date.now()): Promise<boolean> {
    const { stored: marked } = await this.#change(holderId, key, (current) => (current && !current.closed ? { ...current, intentAt: current.intentAt ?? now } : undefined));
    if (!marked?.intentAt || marked.closed) return false;
    const lock = openKey(holderId);
    for (;;) {
      const current = await this.store.get(lock);
      if (current === key) return true;
      // A lock never taken, or released: this attempt may take it (attempts from before the lock existed).
      if (current !== null && current !== RELEASED) return false;
      if (await this.store.compareAndSet(lock, current, key, KEEP_MS)) return true;
    }
  }

  /**
   * Recorded by the practice: the attempt is done and the holder may pay again. Nothing else closes an
   * attempt whose intent went out (decisions/374): a refused card leaves the intent to be confirmed
   * with another, and an intent can be charged at most once.
   */
  async close(holderId: string, key: string): Promise<void> {
    // Counted and released by the one call that closed it: two recordings of one payment meeting here count one.
    const { written } = await this.#change(holderId, key, (current) => (current && !current.closed ? { ...current, closed: "recorded" } : undefined));
    if (!written) return;
    await this.store.compareAndSet(openKey(holderId), key, RELEASED, KEEP_MS);
    observability().payments.inc({ event: "recorded" });
  }

  /**
   * The intent just made for the attempt, stored as its own unless it has one already (one intent per
   * attempt, decisions/374: a second made meanwhile is never handed out): what it has now. Undefined: no
   * such attempt, closed, or its card type changed since it was read (`recarded`, decisions/395).
   */
  async intentMade(holderId: string, key: string, clientSecret: string, recarded: number | undefined): Promise<string | undefined> {
    const sameRound = (current: PaymentAttempt | undefined): current is PaymentAttempt => !!current && !current.closed && (current.recarded ?? 0) === (recarded ?? 0);
    const { stored } = await this.#change(holderId, key, (current) => (sameRound(current) && !current.clientSecret ? { ...current, clientSecret } : undefined));
    if (!sameRound(stored) || !stored.clientSecret) return undefined;
    await this.store.set(secretKey(holderId, stored.clientSecret), key, KEEP_MS);
    return stored.clientSecret;
  }

  /**
   * A confirmation of the intent `clientSecret` may now charge it (decisions/395): counted among the
   * attempt's `confirming`, if that is still its intent. False: it is not (its card type changed), or closed.
   */
  async confirmationOut(holderId: string, key: string, clientSecret: string): Promise<boolean> {
    const { written } = await this.#change(holderId, key, (current) =>
      current && !current.closed && current.clientSecret === clientSecret ? { ...current, confirming: (current.confirming ?? 0) + 1 } : undefined,
    );
    return written;
  }

  /**
   * The card provider refused a confirmation of the attempt's intent: it is no longer counted, and the
   * attempt is `declined` (for the page's words). A charged or closed attempt stays as it was. False: none changed.
   */
  async confirmationRefused(holderId: string, key: string): Promise<boolean> {
    const { written } = await this.#change(holderId, key, (current) =>
      current && !current.closed && !current.charged ? { ...current, declined: true, confirming: Math.max(0, (current.confirming ?? 0) - 1) } : undefined,
    );
    return written;
  }

  /**
   * Another card type for an attempt at rest (decisions/395): `next` is the payment the practice saved
   * for it under `practiceKeyOf` with `recarded` one more. Its old intent is no longer its own, so it is
   * never handed out or confirmed again; the next intent step makes one for the new total. False: the
   * attempt is not as `read` any more (a confirmation went out, or another change came first).
   */
  async recard(holderId: string, key: string, read: PaymentAttempt, next: Pick<PaymentAttempt, "tempId" | "chargeCents" | "cardChoice">): Promise<boolean> {
    const { written } = await this.#change(holderId, key, (current) => {
      if (!current || !atRest(current) || current.clientSecret !== read.clientSecret || (current.recarded ?? 0) !== (read.recarded ?? 0)) return undefined;
      const { clientSecret: _old, ...rest } = current;
      return { ...rest, ...next, confirming: 0, recarded: (read.recarded ?? 0) + 1 };
    });
    return written;
  }

  /**
   * Lets go of an attempt at rest that can no longer be paid as it stands (its invoices changed,
   * decisions/395): closed as not charged, never to be confirmed or recorded, and the holder may pay
   * anew. False: it was not at rest (a confirmation went out meanwhile), so it still holds the payment.
   */
  async letGo(holderId: string, key: string): Promise<boolean> {
    const { written } = await this.#change(holderId, key, (current) => (current && atRest(current) ? { ...current, closed: "not-charged" } : undefined));
    if (!written) return false;
    await this.store.compareAndSet(openKey(holderId), key, RELEASED, KEEP_MS);
    return true;
  }

  /** The attempt whose payment intent has this client secret, with its key. */
  async bySecret(holderId: string, clientSecret: string): Promise<(PaymentAttempt & { key: string }) | undefined> {
    const key = await this.store.get(secretKey(holderId, clientSecret));
    if (!key) return undefined;
    const attempt = await this.attemptOf(holderId, key);
    return attempt?.clientSecret === clientSecret ? { ...attempt, key } : undefined;
  }

  async update(holderId: string, key: string, change: Partial<PaymentAttempt>): Promise<void> {
    const { stored } = await this.#change(holderId, key, (current) => current && { ...current, ...change });
    if (stored?.clientSecret && change.clientSecret) await this.store.set(secretKey(holderId, stored.clientSecret), key, KEEP_MS);
  }
}

/** The portal's attempts. */
export const paymentAttempts = new PaymentAttempts(stateStore);
