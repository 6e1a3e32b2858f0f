/**
 * What the portal itself remembers of each payment attempt, by its idempotency key: the practice's
 * temporary payment and the amount it was saved for. The later steps take both from here, never from
 * the browser, so a tampered request cannot charge less than the invoices it settles, nor record
 * another payment (decisions/031).
 *
 * Held in the state store beside the sessions (decisions/050: this process's memory, or Redis shared
 * by every portal process), per account holder so an attempt survives a new sign-in, and forgotten a
 * day after it was last used. Two processes may take steps of one attempt at once (a retry on another
 * process while the first is still answering): every change is a compare-and-set on the attempt as
 * it was read, retried on a lost race, and a charged attempt never becomes uncharged.
 */
import { stateStore } from "./state.server";
import { MemoryStateStore, type StateStore } from "./state-store.server";

export interface PaymentAttempt {
  /** SaveTempPayment's id (electronicPaymentID). */
  tempId: number;
  /** The amount plus the card fee, in cents: what the payment intent is created for. */
  chargeCents: number;
  /** The payment intent's client secret, once created: only these are confirmed for this holder. */
  clientSecret?: string;
  /** The card confirmation answered `succeeded` through the portal: the attempt is fixed from then on. */
  charged: boolean;
}

const KEEP_MS = 24 * 60 * 60 * 1000;

const attemptKey = (holderId: string, key: string) => `payment:${holderId}:${key}`;
const secretKey = (holderId: string, clientSecret: string) => `payment-secret:${holderId}:${clientSecret}`;

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
   * returns what is stored after. `change` may run again when another process changed it meanwhile.
   */
  async #change(holderId: string, key: string, change: (current: PaymentAttempt | undefined) => PaymentAttempt | undefined): Promise<PaymentAttempt | undefined> {
    const slot = attemptKey(holderId, key);
    for (;;) {
      const raw = await this.store.get(slot);
      const current = raw ? (JSON.parse(raw) as PaymentAttempt) : undefined;
      const next = change(current);
      if (!next) return current;
      // Charged is final, whoever writes after the confirmation.
      const fixed = current?.charged ? { ...next, charged: true } : next;
      if (await this.store.compareAndSet(slot, raw, JSON.stringify(fixed), KEEP_MS)) return fixed;
    }
  }

  /** A new attempt, or the amount restated before its charge; a charged attempt stays as it was. */
  async remember(holderId: string, key: string, attempt: PaymentAttempt): Promise<void> {
    await this.#change(holderId, key, (current) => (current?.charged ? undefined : attempt));
  }

  /** The attempt whose payment intent has this client secret, with its key. */
  async bySecret(holderId: string, clientSecret: string): Promise<(PaymentAttempt & { key: string }) | undefined> {
    const key = await this.store.get(secretKey(holderId, clientSecret));
    if (!key) return undefined;
    const attempt = await this.attemptOf(holderId, key);
    return attempt?.clientSecret === clientSecret ? { ...attempt, key } : undefined;
  }

  async update(holderId: string, key: string, change: Partial<PaymentAttempt>): Promise<void> {
    const stored = await this.#change(holderId, key, (current) => current && { ...current, ...change });
    if (stored?.clientSecret && change.clientSecret) await this.store.set(secretKey(holderId, stored.clientSecret), key, KEEP_MS);
  }
}

/** The portal's attempts. */
export const paymentAttempts = new PaymentAttempts(stateStore);
