import type { documentsTexts as english } from "./documents";
import { teReo } from "~/lib/te-reo";

/** The documents' pause in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const documentsTexts = teReo<typeof english>({
  slowedDown: [
    (seconds: number) => {
      const minutes = Math.ceil(seconds / 60);
      // Te reo marks no plural on the noun: "1 meneti", "5 meneti".
      const wait = seconds < 60 || minutes === 1 ? "ā muri i te meneti kotahi" : `ā muri i te ${minutes} meneti`;
      return `He maha ngā tuhinga kua whakatuwheratia mai i tō pūkete i roto i ngā meneti torutoru kua hipa, nō reira kua tatari poto te tomokanga hei tiaki i ō pūkete. Whakamātauria anō ${wait}.`;
    },
    "drafted",
  ],
  slowedDownViewer: [
    "He maha ngā tuhinga kua whakatuwheratia mai i tō pūkete i roto i ngā meneti torutoru kua hipa, nō reira kua tatari poto te tomokanga hei tiaki i ō pūkete. Tatari mō ētahi meneti, kātahi ka whakatuwhera anō i tēnei tuhinga.",
    "drafted",
  ],
  noticeTitle: ["He maha ngā tuhinga i whakatuwheratia mai i tō pūkete", "drafted"],
  notice: [
    (when: string, count: number) =>
      `I whakatuwheratia ngā tuhinga ${count}, neke atu rānei, mai i tō pūkete i roto i ētahi meneti, i te ${when}. Mēnā ko koe tēnā, kāore he mahi māu. Ki te kore, hurihia tō kupuhipa ināianei, ā, waea atu ki te whare haumanu.`,
    "drafted",
  ],
  changePassword: ["Hurihia tō kupuhipa", "drafted"],
  dismiss: ["Whakakorea tēnei pānui", "drafted"],
});
