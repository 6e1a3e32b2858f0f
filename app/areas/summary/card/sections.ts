/**
 * A health card's sections and how long it may be kept (issue 71, decisions/405), apart from its schema
 * (contents.ts) so that the pages showing them do not load zod with their first load.
 */

/** The sections a card holds, in the order it shows them. */
export const CARD_SECTIONS = ["allergies", "medicines", "conditions", "immunisations"] as const;
export type CardSection = (typeof CARD_SECTIONS)[number];

/** How long a patient may keep a card, in days: at most, the choices offered, and the one chosen at first. */
export const CARD_DAYS_MAX = 90;
export const CARD_DAYS_CHOICES = [7, 30, 90] as const;
export const CARD_DAYS_DEFAULT = 30;
