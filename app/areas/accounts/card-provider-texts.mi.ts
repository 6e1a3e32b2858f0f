import type { cardProviderTexts as english } from "./card-provider-texts";
import { teReo } from "~/lib/te-reo";

/** The card providers' failures in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const cardProviderTexts = teReo<typeof english>({
  cardDetails: ["Ngā taipitopito kāri", "drafted"],
  formNotReady: ["Kāore anō te puka kāri kia rite.", "drafted"],
  fieldNotReady: ["Kāore anō te āpure kāri kia rite.", "drafted"],
  notLoaded: ["Kāore i taea te uta i te kaiwhakarato kāri.", "drafted"],
  notAccepted: ["Kāore i whakaaetia tō kāri.", "drafted"],
  notCompleted: ["Kāore te kaiwhakarato kāri i whakaoti i te utunga.", "drafted"],
  refusals: {
    card_declined: ["Kua whakakāhoretia tō kāri.", "drafted"],
    insufficient_funds: ["Kāore i te rawaka te moni i tō kāri.", "drafted"],
    expired_card: ["Kua pau te wā o tō kāri.", "drafted"],
    incorrect_number: ["Kāore i tika te nama o tō kāri.", "drafted"],
  },
});
