import type { recoveryCodesTexts as english } from "./recovery-codes";
import { teReo } from "~/lib/te-reo";

/** The recovery codes' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const recoveryCodesTexts = teReo<typeof english>({
  keep: [
    (instead: "email" | "passkey") =>
      `Tiakina ēnei waehere whakaora ki tētahi wāhi haumaru, wehe kē i tō kupuhipa. ${instead === "email" ? "Kotahi te whakamahinga o ia waehere, hei whakakapi i te waehere ka īmēratia, ki te kore e taea e koe te toro atu ki tō īmēra." : "Kotahi te whakamahinga o ia waehere, hei whakakapi i tō kī uru, ki te ngaro te pūrere e mau ana i a ia."} E kore ēnei e whakaaturia anō.`,
    "drafted",
  ],
  list: ["Ngā waehere whakaora", "drafted"],
  copy: ["Tāruatia ngā waehere", "drafted"],
  print: ["Tāngia ngā waehere", "drafted"],
  copied: ["Kua tāruatia ngā waehere.", "drafted"],
  notCopied: ["Kāore i taea te tārua i ngā waehere: tuhia ki raro, tāngia rānei.", "drafted"],
});
