import { useEffect, useState } from "react";
import type { CardChoice } from "../card-brand";
import { TextField } from "~/components/ui/field";
import { paymentTexts } from "../texts";
import type { CardFieldsProps } from "./card-provider";

type TestCard = { cardNumber: string; expiry: string; cvc: string };

/**
 * The test card's checks and confirmation, which come with the payment form's code (zod, the step
 * client: payment-engine.ts). The fields are there and take what is typed before they arrive.
 */
export interface TestCardChecks {
  errorsOf(card: TestCard, choice: CardChoice): Partial<Record<keyof TestCard, string>>;
  confirm(clientSecret: string, card: TestCard): Promise<void>;
}

const UNCHECKED: Partial<Record<keyof TestCard, string>> = {};

/**
 * The built-in test provider: card number, expiry and security code, checked with the texts of 1§5
 * and confirmed through the portal's action against the practice API (the mock plays the card
 * provider: 4242 4242 4242 4242 (Visa) and 5555 5555 5555 4444 (Mastercard) succeed, 4000 0000 0000 0002
 * is declined, 4000 0000 0000 9995 has insufficient funds).
 */
export function TestCardFields({ disabled, showErrors, onChange, slot, checks, cardChoice }: CardFieldsProps & { checks: TestCardChecks | null }) {
  const [card, setCard] = useState<TestCard>({ cardNumber: "", expiry: "", cvc: "" });
  const errors = checks ? checks.errorsOf(card, cardChoice) : UNCHECKED;
  const complete = Object.keys(errors).length === 0;
  const firstError = Object.values(errors)[0] ?? null;

  // Until the checks arrive nothing is said of the card: the payment machine is not running either,
  // and it hears of the card from the first check.
  useEffect(() => {
    if (checks) onChange({ complete, error: firstError });
  }, [checks, complete, firstError, onChange]);

  useEffect(() => {
    if (!checks) return;
    slot.set({ confirm: (clientSecret) => checks.confirm(clientSecret, card) });
    return () => {
      slot.set(null);
    };
  }, [checks, card, slot]);

  const set = (name: keyof typeof card) => (event: React.ChangeEvent<HTMLInputElement>) => setCard((c) => ({ ...c, [name]: event.target.value }));
  return (
    <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
      <TextField
        label={paymentTexts.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.cardNumber}
        onChange={set("cardNumber")}
        disabled={disabled}
        error={showErrors ? errors.cardNumber : undefined}
      />
      <TextField label={paymentTexts.cardExpiry} autoComplete="cc-exp" value={card.expiry} onChange={set("expiry")} disabled={disabled} error={showErrors ? errors.expiry : undefined} />
      <TextField label={paymentTexts.cardCvc} inputMode="numeric" autoComplete="cc-csc" value={card.cvc} onChange={set("cvc")} disabled={disabled} error={showErrors ? errors.cvc : undefined} />
    </div>
  );
}
