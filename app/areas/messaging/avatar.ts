/**
 * The avatar beside a message in /emails (2§2): its colour by place and the name's initial, apart from the view schemas
 * (view.ts, zod) because the page draws it from its first render and zod stays off the first load (decisions/361).
 */

/** Colours are by position in the list, not by person: three cycle down the rows (2§2). */
export function colourOf(position: number): 0 | 1 | 2 {
  return (position % 3) as 0 | 1 | 2;
}

export function initialOf(name: string): string {
  // "Dr Aroha Smith" is shown as A, not D: a title is not the person.
  const words = name.replace(/^(Dr|Nurse|Mr|Mrs|Ms|Miss)\.?\s+/i, "").trim();
  return (words[0] ?? "?").toUpperCase();
}
