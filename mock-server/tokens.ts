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

  get size(): number {
    return this.#grants.size;
  }
}
