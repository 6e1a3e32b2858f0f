import { useEffect, useState } from "react";
import { testCardErrors } from "../../lib/payment-forms";
import { TextField } from "../ui/field";
import { paySteps, payStepValues } from "../../lib/payment-steps";
import type { CardFieldsProps } from "./card-provider";

/**
 * The built-in test provider: card number, expiry and security code, checked with the texts of 1§5
 * and confirmed through the portal's action against the practice API (the mock plays the card
 * provider: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has
 * insufficient funds).
 */
export function TestCardFields({ disabled, showErrors, onChange, slot }: CardFieldsProps) {
  const [card, setCard] = useState({ cardNumber: "", expiry: "", cvc: "" });
  const errors = testCardErrors(card);
  const complete = Object.keys(errors).length === 0;
  const firstError = Object.values(errors)[0] ?? null;

  useEffect(() => {
    onChange({ complete, error: firstError });
  }, [complete, firstError, onChange]);

  useEffect(() => {
    slot.set({
      async confirm(clientSecret) {
        await paySteps.post({ step: "confirm", clientSecret, ...card }, payStepValues.confirm);
      },
    });
    return () => {
      slot.set(null);
    };
  }, [card, slot]);

  const set = (name: keyof typeof card) => (event: React.ChangeEvent<HTMLInputElement>) => setCard((c) => ({ ...c, [name]: event.target.value }));
  return (
    <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.cardNumber}
        onChange={set("cardNumber")}
        disabled={disabled}
        error={showErrors ? errors.cardNumber : undefined}
      />
      <TextField label="Expiry (MM/YY)" autoComplete="cc-exp" value={card.expiry} onChange={set("expiry")} disabled={disabled} error={showErrors ? errors.expiry : undefined} />
      <TextField label="Security code (CVC)" inputMode="numeric" autoComplete="cc-csc" value={card.cvc} onChange={set("cvc")} disabled={disabled} error={showErrors ? errors.cvc : undefined} />
    </div>
  );
}
