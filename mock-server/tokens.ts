import { randomUUID } from "node:crypto";

export interface TokenGrant {
  token: string;
  /** The patient who signed in (the account holder). */
  patientId: string;
  issuedAt: number;
}

/** A world's sign-ins. Tokens are random, so they are the one thing a seed does not fix. */
export class TokenTable {
  readonly #grants = new Map<string, TokenGrant>();
  readonly #switches = new Map<string, string>();

  issue(patientId: string): TokenGrant {
    const grant = { token: randomUUID(), patientId, issuedAt: Date.now() };
    this.#grants.set(grant.token, grant);
    return grant;
  }

  lookup(token: string | undefined): TokenGrant | undefined {
    return token ? this.#grants.get(token) : undefined;
  }

  revoke(token: string): boolean {
    return this.#grants.delete(token);
  }

  /** A single-use switch token (q) that signs the holder in at /loginSwitch/{q} (1§2). */
  issueSwitch(patientId: string): string {
    const q = randomUUID().replaceAll("-", "");
    this.#switches.set(q, patientId);
    return q;
  }

  hasSwitch(q: string): boolean {
    return this.#switches.has(q);
  }

  redeemSwitch(q: string): string | undefined {
    const patientId = this.#switches.get(q);
    this.#switches.delete(q);
    return patientId;
  }

  get size(): number {
    return this.#grants.size;
  }
}
