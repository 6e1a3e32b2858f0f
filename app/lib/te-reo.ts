/**
 * A te reo Māori catalogue (issue 69, decisions/403): beside each English catalogue `<name>.ts`, its
 * `<name>.mi.ts` gives every entry its words and where they come from, and the te reo build reads it in
 * its place. Typed by the English catalogue, so a missing or unknown key fails the type check.
 */

/** A catalogue's path, by the name the te reo build looks for (vite.config.ts): `texts.ts`, `<name>-texts.ts`, or any module of a `texts/` folder. */
export const CATALOGUE = /(^|[/-])texts(\/[^/.]+)?\.ts$/;

/**
 * Where an entry's words come from: an established public-sector or health usage, Te Aka Māori
 * Dictionary, Te Reo Hāpai (Te Pou's glossary), the Microsoft reo Māori glossary, or drafted here.
 */
export const SOURCES = ["usage", "te-aka", "te-reo-hapai", "microsoft", "drafted"] as const;
export type Source = (typeof SOURCES)[number];

/** An entry: its words (a function where the English is one), its source, and "reviewed" once a te reo speaker has checked it. */
export type Entry<T> = readonly [words: T, source: Source] | readonly [words: T, source: Source, review: "reviewed"];

/** A function's words as any string: an English catalogue `as const` types them as its own English words. */
type Widened<R> = R extends string ? string : R;

/** An English catalogue's shape in te reo: each entry of words, kept as it nests (a group is an object of entries). */
export type TeReo<T> = {
  readonly [K in keyof T]: T[K] extends string ? Entry<string> : T[K] extends readonly string[] ? Entry<readonly string[]> : T[K] extends (...args: infer A) => infer R ? Entry<(...args: A) => Widened<R>> : TeReo<T[K]>;
};

/** What the te reo build's code reads: the same shape as English, its words in te reo. */
export type Words<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : T[K] extends readonly string[] ? readonly string[] : T[K] extends (...args: infer A) => infer R ? (...args: A) => Widened<R> : Words<T[K]>;
};

/** The words of a te reo catalogue, its sources left behind. */
export function teReo<T>(catalogue: TeReo<T>): Words<T> {
  const words: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(catalogue as Record<string, unknown>)) words[key] = Array.isArray(value) ? value[0] : teReo(value as TeReo<unknown>);
  return words as Words<T>;
}

/**
 * A te reo module's export that is one entry of its own rather than a catalogue of them (whānau's viewReason, a
 * function beside its catalogue): its words, with their source and review kept beside them as a catalogue's are.
 */
export function teReoEntry<T>(entry: Entry<T>): T {
  return entry[0];
}
