/** A new attempt's key, minted by machines' `mintKey`; each retry carries the key it started with (decisions/031, 091, 111). */
export const newAttemptKey = (): string => crypto.randomUUID();
