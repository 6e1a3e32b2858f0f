import type { paymentOutcomeTexts as english } from "./outcome-texts";
import { teReo } from "~/lib/te-reo";

/** What the end of a payment says when the card may have been charged, in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const paymentOutcomeTexts = teReo<typeof english>({
  chargedNotRecorded: [
    "Kua tangohia te moni i tō kāri, engari kāore anō te whare haumanu kia tuhi i te utunga. Kaua e utu anō: whakamātauria anō te tuhi, whakapā atu rānei ki te whare haumanu.",
    "drafted",
  ],
  chargedRecordingUnknown: [
    "Kua tangohia te moni i tō kāri, engari kāore te whakautu a te whare haumanu i kī mēnā kua tuhia e ia te utunga. Kaua e utu anō: whakamātauria anō te tuhi (e kore e taea te tuhi kia rua), whakapā atu rānei ki te whare haumanu.",
    "drafted",
  ],
  uncertain: [
    "Kāore mātou i rongo whakautu mai i te kaiwhakarato kāri, nō reira kāore e taea e mātou te mōhio mēnā kua tangohia te moni i tō kāri. Whakamātauria anō: ka whakamahia anō taua utunga, ā, e kore e taea te tango rua i te moni i tō kāri.",
    "drafted",
  ],
});
