import { PASSKEY_UNDO_DAYS } from "~/lib/second-step";
import type { SecurityChange, securityMailTexts as english } from "./security-mail-texts";
import { teReo } from "~/lib/te-reo";

/**
 * The e-mail of a change to how the holder signs in, in te reo Māori (decisions/300, 403): drafted, for review by a te
 * reo speaker. It names the profile's sections and buttons by their te reo words (profile/texts.mi.ts, passkeys.mi.ts).
 */

export type { SecurityChange } from "./security-mail-texts";

const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(", ");

export const securityMailTexts = teReo<typeof english>({
  subject: ["He huringa ki te āhua o tō takiuru ki tō tomokanga tūroro", "drafted"],
  what: [
    (change: SecurityChange): string => {
      switch (change.kind) {
        case "passkey-added":
          return `I tāpirihia tētahi kī uru ko "${change.name}" te ingoa ki tō pūkete. Ka taea ināianei te whakamahi hei takiuru.`;
        case "passkey-removed":
          return `I tangohia te kī uru "${change.name}" i tō pūkete.`;
        case "passkeys-removed-at-sign-in":
          return `I takiuru tētahi mā tō kupuhipa me tētahi waehere i īmēratia e mātou ki tēnei wāhitau, hei whakakapi i te kī uru, ā, i tangohia e ia ngā kī uru i tāpirihia i roto i ngā rā ${PASSKEY_UNDO_DAYS} kua hipa: ${quoted(change.names)}. I takiputahia ō wātū kē atu.`;
        case "second-step-on":
          return "I whakakāngia te waehere ka īmēratia: ināianei ka tono hoki te takiuru i tētahi waehere ka īmēratia e mātou ki tēnei wāhitau.";
        case "second-step-off":
          return "I whakawetongia te waehere ka īmēratia: kua kore te takiuru e tono i tētahi waehere mā te īmēra.";
        case "recovery-codes-made":
          return "I hangaia he waehere whakaora hou mō tō pūkete. Kua kore ngā mea o mua e mahi.";
      }
    },
    "drafted",
  ],
  body: [
    (what: string, when: string, device: string, range: string) =>
      `${what}\n\nTe wā: ${when} (te wā o te whare haumanu).\nMai i: ${device}, awhe wāhitau ${range}.\n\nMēnā ko koe tēnā, kāore he mahi māu.\n\nKi te kore, tērā pea kua takiuru tētahi atu hei koe. Takiuru mā tō kupuhipa; mēnā ka tonoa he kī uru, kōwhiria te "Īmēratia mai he waehere hei utu", ā, tuhia te waehere ka tukuna e mātou ki tēnei wāhitau. Kātahi, i tō kōtaha: i raro i Haumarutanga takiuru, tangohia ngā kī uru kāore koe e mōhio ana; i raro i Ō pūrere, kōwhiria te Takiputa i ērā atu wāhi katoa; ā, hurihia tō kupuhipa. Whakamōhiotia hoki tō whare haumanu.`,
    "drafted",
  ],
});
