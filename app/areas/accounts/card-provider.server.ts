import type { CardProviderChoice } from "~/lib/accounts-view";
import { config } from "~/.server/config.server";

/**
 * Which card provider the payment form uses (decisions/030): Stripe when a publishable key is
 * configured, otherwise the built-in test provider whose confirmation the practice API (the mock)
 * plays. Only the publishable key ever reaches the browser.
 */
export function chooseCardProvider(env: { STRIPE_PUBLISHABLE_KEY?: string | undefined }): CardProviderChoice {
  const key = env.STRIPE_PUBLISHABLE_KEY?.trim();
  return key ? { kind: "stripe", publishableKey: key } : { kind: "test" };
}

export function cardProvider(): CardProviderChoice {
  return chooseCardProvider(config);
}
