import type { captchaTexts as english } from "./captcha-texts";
import { teReo } from "~/lib/te-reo";

/** The "I'm not a robot" box's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const captchaTexts = teReo<typeof english>({
  notARobot: ["Ehara ahau i te karetao", "drafted"],
  verifying: ["E takitaki ana… ka pau ētahi hēkona.", "drafted"],
  verified: ["Kua oti: ka taea e koe te haere tonu.", "drafted"],
  expired: ["Kua pau te wā o te takitaki. Tohua anō te pouaka.", "drafted"],
  error: ["Kāore i taea te whakaoti i te takitaki. Tohua anō te pouaka.", "drafted"],
  gate: [(action: string) => `Ka wātea te pātene “${action}” ina tohua, ina oti hoki te “Ehara ahau i te karetao” i runga ake.`, "drafted"],
});
