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
});
