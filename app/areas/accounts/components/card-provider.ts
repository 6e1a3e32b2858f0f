import type { CardChoice } from "../card-brand";
import { cardProviderTexts } from "../card-provider-texts";

/**
 * The card provider the payment form talks to (decisions/030). Each implementation renders its own
 * card fields, reports whether the card is complete, and confirms a payment intent by its client
 * secret, throwing an Error whose message the patient can read when the card is refused.
 */
export interface CardConfirmer {
  confirm(clientSecret: string): Promise<void>;
}

/** Where the mounted card fields leave their confirmer for the payment machine's confirmCard actor. */
export class ConfirmerSlot {
  #confirmer: CardConfirmer | null = null;

  set(confirmer: CardConfirmer | null) {
    this.#confirmer = confirmer;
  }

  confirm(clientSecret: string): Promise<void> {
    if (!this.#confirmer) return Promise.reject(new Error(cardProviderTexts.formNotReady));
    return this.#confirmer.confirm(clientSecret);
  }
}

export interface CardFieldsProps {
  disabled: boolean;
  /** Messages show only after a first attempt to pay (1§5). */
  showErrors: boolean;
  onChange(state: { complete: boolean; error: string | null }): void;
  /** Holds the provider's confirmer while the fields are mounted. */
  slot: ConfirmerSlot;
  /** The account holder, as the card provider is told (1§7: billing name and e-mail). */
  billing: { name: string; email: string };
  /** The card type chosen and the practice's others: the card must be the chosen type's brand (issue 36). */
  cardChoice: CardChoice;
}
