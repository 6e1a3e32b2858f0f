import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeCardElementChangeEvent } from "@stripe/stripe-js";
import { useEffect, useState } from "react";
import { cardProviderTexts } from "../card-provider-texts";
import type { CardFieldsProps } from "./card-provider";
import { cardStateOf, confirmCardWithStripe, loadStripeClient } from "./stripe-adapter";

/** Stripe Elements' card field (postal code hidden, 1§5). Loaded lazily, only on /accounts with a key. */
export default function StripeCardFields(props: CardFieldsProps & { publishableKey: string }) {
  const [stripe] = useState<Promise<Stripe>>(() => loadStripeClient(props.publishableKey));
  return (
    <Elements stripe={stripe}>
      <StripeCard {...props} />
    </Elements>
  );
}

function StripeCard({ disabled, showErrors, onChange, slot, billing, cardChoice }: CardFieldsProps) {
  const stripe = useStripe();
  const elements = useElements();
  // The card's last report, judged again when the card type changes (its brand must match, issue 36).
  const [card, setCard] = useState<StripeCardElementChangeEvent | null>(null);
  const state = card ? cardStateOf(card, cardChoice) : null;
  const error = state?.error ?? null;
  const reported = state !== null;
  const complete = state?.complete ?? false;

  useEffect(() => {
    if (reported) onChange({ complete, error });
  }, [reported, complete, error, onChange]);

  useEffect(() => {
    if (!stripe || !elements) return;
    slot.set({
      async confirm(clientSecret) {
        const card = elements.getElement(CardElement);
        if (!card) throw new Error(cardProviderTexts.fieldNotReady);
        await confirmCardWithStripe(stripe, card, clientSecret, billing);
      },
    });
    return () => {
      slot.set(null);
    };
  }, [stripe, elements, slot, billing]);

  return (
    <div className="flex flex-col gap-1">
      <span id="stripe-card-label" className="font-semibold">
        {cardProviderTexts.cardDetails}
      </span>
      {showErrors && error ? (
        <p className="font-semibold text-danger" role="alert">
          {error}
        </p>
      ) : null}
      <div aria-labelledby="stripe-card-label" className="min-h-11 rounded border-2 border-ink bg-white px-3 py-3">
        <CardElement
          options={{ hidePostalCode: true, disabled }}
          onChange={setCard}
        />
      </div>
    </div>
  );
}
