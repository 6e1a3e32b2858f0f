/**
 * The National Health Index number check (Te Whatu Ora's published algorithm).
 * Old format AAANNNC (numeric check digit, mod 11) and the new format AAANNAX (check letter, mod 23).
 * Letters I and O are never used, so A=1 … Z=24 skipping them.
 */

const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";

function letterValue(ch: string): number {
  const i = LETTERS.indexOf(ch);
  return i < 0 ? -1 : i + 1;
}

function weightedSum(nhi: string, valueAt: (ch: string, i: number) => number): number {
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += valueAt(nhi[i], i) * (7 - i);
  return sum;
}

const OLD_FORMAT = /^[A-HJ-NP-Z]{3}\d{4}$/;
const NEW_FORMAT = /^[A-HJ-NP-Z]{3}\d{2}[A-HJ-NP-Z]{2}$/;

export function normaliseNhi(input: string): string {
  return input.trim().toUpperCase();
}

export function isValidNhi(input: string): boolean {
  const nhi = normaliseNhi(input);
  const valueAt = (ch: string, i: number) => (i < 3 || (i === 5 && NEW_FORMAT.test(nhi)) ? letterValue(ch) : Number(ch));
  if (OLD_FORMAT.test(nhi)) {
    const mod = weightedSum(nhi, valueAt) % 11;
    if (mod === 0) return false;
    const check = (11 - mod) % 10;
    return check === Number(nhi[6]);
  }
  if (NEW_FORMAT.test(nhi)) {
    // HISO 10046:2023 uses modulus 23 for the check letter.
    const mod = weightedSum(nhi, valueAt) % 23;
    return LETTERS[23 - mod - 1] === nhi[6];
  }
  return false;
}

/**
 * Completes an old-format NHI from its first six characters, or returns null when no check digit
 * exists for them (about one prefix in eleven). Used by the mock to generate valid numbers.
 */
export function completeOldNhi(prefix: string): string | null {
  if (!/^[A-HJ-NP-Z]{3}\d{3}$/.test(prefix)) throw new Error(`Not an NHI prefix: ${prefix}`);
  const mod = weightedSum(prefix, (ch, i) => (i < 3 ? letterValue(ch) : Number(ch))) % 11;
  if (mod === 0) return null;
  return prefix + String((11 - mod) % 10);
}

export const NHI_LETTERS = LETTERS;
