/**
 * A map that keeps at most `limit` entries, the least recently used dropped first: for what a process
 * keeps to save doing the same work again (the practice's dates read, charts drawn, session entries
 * parsed; decisions/350 and 376). A read counts as a use.
 */
export interface RecentlyUsed<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
}

export function recentlyUsed<V>(limit: number): RecentlyUsed<V> {
  const kept = new Map<string, V>();
  return {
    get(key) {
      const value = kept.get(key);
      if (value !== undefined) {
        kept.delete(key);
        kept.set(key, value);
      }
      return value;
    },
    set(key, value) {
      kept.delete(key);
      kept.set(key, value);
      if (kept.size > limit) kept.delete(kept.keys().next().value!);
    },
    delete(key) {
      kept.delete(key);
    },
  };
}

/** `compute`, its result kept by its text (a pure function of it). */
export function keptByText<T>(limit: number, compute: (text: string) => T): (text: string) => T {
  const kept = recentlyUsed<T>(limit);
  return (text) => {
    const hit = kept.get(text);
    if (hit !== undefined) return hit;
    const value = compute(text);
    kept.set(text, value);
    return value;
  };
}
