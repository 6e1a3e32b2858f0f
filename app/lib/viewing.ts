/**
 * Whose record this tab shows, as the shell's loader gave it (an opaque key, decisions/160). The step
 * client sends it with every step, so the server refuses
 * a post from a tab left behind by a switch of account in another tab rather than act on the other
 * person's record.
 */
let current: string | null = null;

export const VIEWING_HEADER = "X-Portal-Viewing";

export function setViewing(key: string | null): void {
  current = key;
}

/** The key of the record this tab shows now (null before the shell has given one). */
export const currentViewing = (): string | null => current;

export function viewingHeaders(): Record<string, string> {
  return current ? { [VIEWING_HEADER]: current } : {};
}
