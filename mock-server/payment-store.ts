import { createHash } from "node:crypto";

/**
 * A world's payments: temporary payments (SaveTempPayment), payment intents, charges and recordings.
 * Every mutating call is remembered by its idempotency key, so the same key gets the same reply and
 * nothing is charged or recorded twice (decisions/031).
 */
export interface TempPayment {
  id: number;
  patientId: string;
  /** Null at a practice built to the spec, which reads no key (decisions/372). */
  key: string | null;
  allocations: Array<{ invoiceId: string; cents: number }>;
  amountCents: number;
  feeCents: number;
  recorded: boolean;
}

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  /** Null at a practice built to the spec, which reads no key (decisions/372). */
  key: string | null;
  amountCents: number;
  status: "requires_payment_method" | "succeeded";
}

export interface Charge {
  intentId: string;
  amountCents: number;
  at: string;
}

export class PaymentStore {
  readonly temps = new Map<number, TempPayment>();
  readonly tempByKey = new Map<string, number>();
  readonly intents = new Map<string, PaymentIntent>();
  readonly intentByKey = new Map<string, string>();
  readonly charges: Charge[] = [];
  #nextId = 1000;

  nextPaymentId(): number {
    return ++this.#nextId;
  }
}

/**
 * A deterministic, opaque client secret for an intent (the world's id and seed and the key fix it). It
 * takes only the two fields it reads, so the store does not import the world that holds it (decisions/343).
 */
export function clientSecretFor(world: { id: string; seed: number }, key: string): { id: string; secret: string } {
  const hash = createHash("sha256").update(`${world.id}:${world.seed}:${key}`).digest("hex");
  const id = `pi_${hash.slice(0, 24)}`;
  return { id, secret: `${id}_secret_${hash.slice(24, 48)}` };
}
