/** Days a link works: 7 unless the maker chooses, at most 90. Apart from shlink.ts so that the form draws without zod (decisions/357). */
export const EXPIRY_DAYS = { default: 7, min: 1, max: 90 } as const;
