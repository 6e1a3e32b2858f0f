import type { profileOldPageTexts as english } from "./old-page-texts";
import { teReo } from "~/lib/te-reo";

/** The profile's older layout's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const profileOldPageTexts = teReo<typeof english>({
  metaTitle: ["Kōtaha (tahora tawhito) – Tomokanga Tūroro", "drafted"],
  breadcrumb: ["Kōtaha", "drafted"],
  emailNotifications: ["Ngā whakamōhiotanga īmēra", "drafted"],
  pushNotifications: ["Ngā whakamōhiotanga pana", "drafted"],
  notificationTurned: [(label: string, on: boolean) => `${label}: kua ${on ? "whakakāngia" : "whakawetongia"}.`, "drafted"],
  savingSwitch: ["E tiaki ana", "drafted"],
  on: ["Kā", "drafted"],
  off: ["Weto", "drafted"],
  errorPrefix: ["Hapa: ", "drafted"],
  personalInformation: ["Ngā Mōhiohio Whaiaro", "drafted"],
  contactInformation: ["Ngā Mōhiohio Whakapā", "drafted"],
  centreDetails: ["Ngā Taipitopito o te Pokapū", "drafted"],
  treatmentCentres: ["Ngā pokapū maimoa", "drafted"],
  opensNewTab: [" (ka tuwhera he ripa hou)", "drafted"],
  centres: {
    healthpoint: ["Healthpoint: kimihia he ratonga hauora e tata ana ki a koe", "drafted"],
    tewhatuora: ["Te Whatu Ora | Health New Zealand", "drafted"],
    infoHealth: ["Ngā mōhiohio me ngā ratonga hauora (info.health.nz)", "drafted"],
    talk: ["1737, Me kōrero koe? Waea atu, tukuna he pātuhi rānei ki te 1737, utu kore", "drafted"],
  },
  passwordBelongsTo: [(parent: string) => `Nō ${parent} te kupuhipa, nāna i takiuru.`, "drafted"],
  changeYourOwnPassword: ["Hurihia te kupuhipa e takiuru ai koe.", "drafted"],
  termAndCondition: ["Ture me te tikanga", "drafted"],
  portalTerms: ["Ngā ture whakamahi o te tomokanga", "drafted"],
  draftMessageTerms: ["Ngā ture mō ngā karere hukihuki", "drafted"],
});
