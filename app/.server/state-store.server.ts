/**
 * The one place for state that outlives a request (sessions, sign-in counts, payment attempts): memory, or Redis with REDIS_URL;
 * whatever two processes may do at once is one operation of the store (decisions/050).
 */
export interface StateStore {
  get(key: string): Promise<string | null>;
  /** Stores the value for `ttlMs`; with `onlyIfPresent`, only over a live value (a deleted one stays deleted). */
  set(key: string, value: string, ttlMs: number, options?: { onlyIfPresent?: boolean }): Promise<boolean>;
  /**
   * Replaces the value only if it is still `expected` (null: only if there is none, a claim). True
   * when this call stored `next`; false when another got there first and the caller must re-read.
   */
  compareAndSet(key: string, expected: string | null, next: string, ttlMs: number): Promise<boolean>;
  /** Adds one and returns the new count; the first increment starts the key's expiry, later ones keep it. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Takes one back from a live counter, keeping its expiry; a missing counter stays missing, none goes below 0. */
  decrement(key: string): Promise<void>;
  /**
   * Adds one to the counter at `keys[0]` only while the counters at `keys` together hold fewer than
   * `limit`, the check and the add in one step (a sliding window's slices: nothing is added and then
   * taken back, so no caller ever counts another's refused attempt). Answers whether it added, and
   * each counter as it stands after the call (a missing one is 0).
   */
  incrementIfUnder(keys: string[], limit: number, ttlMs: number): Promise<{ added: boolean; counts: number[] }>;
  /** Gives a live value a new expiry; nothing happens to a missing one. */
  touch(key: string, ttlMs: number): Promise<void>;
  /** Adds a member to the set at `key`; the set then lives at least `ttlMs` more (an add never shortens it). */
  addMember(key: string, member: string, ttlMs: number): Promise<void>;
  removeMember(key: string, member: string): Promise<void>;
  /** Removes and returns every member of the set but `keep`, in one step; a missing set has none. */
  takeMembers(key: string, keep?: string): Promise<string[]>;
  /** The members of the set, left in it; a missing set has none. */
  members(key: string): Promise<string[]>;
  /** Deletes the value or the set at `key`. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  value: string;
  expiresAt: number;
}

interface SetEntry {
  members: Set<string>;
  expiresAt: number;
}

/** The embedded store: one process's memory, as the portal has always kept its state. */
export class MemoryStateStore implements StateStore {
  readonly #entries = new Map<string, Entry>();
  readonly #sets = new Map<string, SetEntry>();
  readonly #sweep: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.#sweep = setInterval(() => {
      for (const key of this.#entries.keys()) this.#live(key);
      for (const key of this.#sets.keys()) this.#liveSet(key);
    }, 60_000).unref();
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #liveSet(key: string): SetEntry | undefined {
    const entry = this.#sets.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.#sets.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string) {
    return this.#live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number, options: { onlyIfPresent?: boolean } = {}) {
    if (options.onlyIfPresent && !this.#live(key)) return false;
    this.#entries.set(key, { value, expiresAt: this.now() + ttlMs });
    return true;
  }

  async compareAndSet(key: string, expected: string | null, next: string, ttlMs: number) {
    if ((this.#live(key)?.value ?? null) !== expected) return false;
    this.#entries.set(key, { value: next, expiresAt: this.now() + ttlMs });
    return true;
  }

  async increment(key: string, ttlMs: number) {
    const entry = this.#live(key);
    const count = (entry ? Number(entry.value) : 0) + 1;
    this.#entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? this.now() + ttlMs });
    return count;
  }

  async decrement(key: string) {
    const entry = this.#live(key);
    if (!entry) return;
    const count = Number(entry.value) - 1;
    if (count <= 0) this.#entries.delete(key);
    else entry.value = String(count);
  }

  async incrementIfUnder(keys: string[], limit: number, ttlMs: number) {
    const counts = keys.map((key) => Number(this.#live(key)?.value ?? 0));
    const added = counts.reduce((sum, n) => sum + n, 0) < limit;
    if (added) counts[0] = await this.increment(keys[0]!, ttlMs);
    return { added, counts };
  }

  async touch(key: string, ttlMs: number) {
    const entry = this.#live(key);
    if (entry) entry.expiresAt = this.now() + ttlMs;
  }

  async addMember(key: string, member: string, ttlMs: number) {
    const entry = this.#liveSet(key);
    const expiresAt = Math.max(entry?.expiresAt ?? 0, this.now() + ttlMs);
    if (entry) {
      entry.members.add(member);
      entry.expiresAt = expiresAt;
    } else {
      this.#sets.set(key, { members: new Set([member]), expiresAt });
    }
  }

  async removeMember(key: string, member: string) {
    const entry = this.#liveSet(key);
    if (!entry) return;
    entry.members.delete(member);
    if (entry.members.size === 0) this.#sets.delete(key);
  }

  async takeMembers(key: string, keep?: string) {
    const entry = this.#liveSet(key);
    if (!entry) return [];
    const taken = [...entry.members].filter((member) => member !== keep);
    for (const member of taken) entry.members.delete(member);
    if (entry.members.size === 0) this.#sets.delete(key);
    return taken;
  }

  async members(key: string) {
    return [...(this.#liveSet(key)?.members ?? [])];
  }

  async delete(key: string) {
    this.#entries.delete(key);
    this.#sets.delete(key);
  }

  async close() {
    clearInterval(this.#sweep);
    this.#entries.clear();
    this.#sets.clear();
  }
}
