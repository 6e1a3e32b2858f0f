/**
 * What the portal itself remembers of each payment attempt, by its idempotency key: the practice's
 * temporary payment and the amount it was saved for. The later steps take both from here, never from
 * the browser, so a tampered request cannot charge less than the invoices it settles, nor record
 * another payment (decisions/031).
 *
 * Held in memory beside the sessions (decisions/001), per account holder so an attempt survives a new
 * sign-in, and forgotten a day after it was last used.
 */
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

/** The attempts of one portal server; tests make their own, so no test sees another's attempts. */
export class PaymentAttempts {
  readonly #attempts = new Map<string, PaymentAttempt & { usedAt: number }>();

  constructor() {
    setInterval(() => this.forgetOlderThan(Date.now() - KEEP_MS), 60 * 60 * 1000).unref();
  }

  #slot(holderId: string, key: string) {
    return `${holderId}\u0000${key}`;
  }

  attemptOf(holderId: string, key: string): PaymentAttempt | undefined {
    const found = this.#attempts.get(this.#slot(holderId, key));
    if (!found) return undefined;
    found.usedAt = Date.now();
    return found;
  }

  remember(holderId: string, key: string, attempt: PaymentAttempt): void {
    this.#attempts.set(this.#slot(holderId, key), { ...attempt, usedAt: Date.now() });
  }

  /** The attempt whose payment intent has this client secret, with its key. */
  bySecret(holderId: string, clientSecret: string): (PaymentAttempt & { key: string }) | undefined {
    const prefix = this.#slot(holderId, "");
    for (const [id, attempt] of this.#attempts) {
      if (id.startsWith(prefix) && attempt.clientSecret === clientSecret) return { ...attempt, key: id.slice(prefix.length) };
    }
    return undefined;
  }

  update(holderId: string, key: string, change: Partial<PaymentAttempt>): void {
    const found = this.#attempts.get(this.#slot(holderId, key));
    if (found) Object.assign(found, change, { usedAt: Date.now() });
  }

  forgetOlderThan(oldest: number): void {
    for (const [id, attempt] of this.#attempts) if (attempt.usedAt < oldest) this.#attempts.delete(id);
  }
}

/** The portal's attempts. */
export const paymentAttempts = new PaymentAttempts();
