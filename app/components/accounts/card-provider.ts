/** Which provider takes the card, as the page's loader chose it (decisions/030). */
export type CardProviderChoice = { kind: "stripe"; publishableKey: string } | { kind: "test" };

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
    if (!this.#confirmer) return Promise.reject(new Error("The card form is not ready."));
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
}

/**
 * A step the portal or the card provider answered with a refusal (a declined card, a refused start):
 * unlike a dropped connection, it is certain that nothing was charged by it.
 */
export class RefusedError extends Error {
  override name = "RefusedError";
}

/** Posts one step of the payment to the portal, which makes the practice call. */
export async function postPayStep(fields: Record<string, string>): Promise<number | string | boolean> {
  let response: Response;
  try {
    response = await fetch("/accounts/pay", { method: "POST", body: new URLSearchParams(fields), headers: { Accept: "application/json" } });
  } catch {
    throw new Error("The portal could not be reached.");
  }
  if (!response.ok || !response.headers.get("Content-Type")?.includes("json")) throw new Error("The portal could not complete this step.");
  const reply = (await response.json()) as { ok: true; value: number | string | boolean } | { ok: false; message: string; uncertain?: boolean };
  if (!reply.ok) throw reply.uncertain ? new Error(reply.message) : new RefusedError(reply.message);
  return reply.value;
}
