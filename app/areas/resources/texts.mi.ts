import type { resourcesTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/** Resources' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const resourcesTexts = teReo<typeof english>({
  noRecords: ["Kāore he Pūkete i Kitea", "drafted"],
  loading: ["E uta ana i ngā rauemi…", "drafted"],
  loadingResource: ["E uta ana i te rauemi…", "drafted"],
  pdfFailed: ["Kāore i taea te uta i te rauemi. Whakamātauria anō ā tōna wā.", "drafted"],
  pdfPageFailed: [(page: number) => `Kāore i taea te whakaatu i te whārangi ${page} o te rauemi. Pēhia te Tikiake kia whakatuwheratia ki tētahi atu kaitiro.`, "drafted"],
  newTab: ["ka tuwhera he ripa hou", "drafted"],
  linkUnavailable: ["Kāore e taea te whakatuwhera i tēnei hononga mai i te tomokanga.", "drafted"],
  cannotOpen: ["Kāore e taea te whakatuwhera i tēnei rauemi mai i te tomokanga.", "drafted"],
  typeOf: [(type: string) => `Momo: ${type}`, "drafted"],
  resources: ["Ngā Rauemi", "drafted"],
  pageTitle: ["Ngā Rauemi – Tomokanga Tūroro", "drafted"],
  intro: ["He mōhiohio hauora nā tō whare haumanu. Ka tuwhera ngā tuhinga ki konei; ka tuwhera ngā paetukutuku i tētahi ripa hou.", "drafted"],
  more: ["Whakaatu ētahi atu rauemi", "drafted"],
  // Te reo marks the number on the article: te (one), ngā (many).
  shown: [
    (count: number, total?: number) => {
      const these = count === 1 ? "te rauemi kotahi" : `ngā rauemi ${count}`;
      return total === undefined ? `E whakaatu ana i ${these}.` : `E whakaatu ana i ${count === 1 ? "te 1" : `ngā ${count}`} o ngā rauemi ${total}.`;
    },
    "drafted",
  ],
  pdfDocument: ["Tuhinga PDF", "drafted"],
  open: ["Whakatuwhera", "drafted"],
  pdfMark: ["(PDF)", "usage"],
  website: [(host: string) => `Paetukutuku: ${host}`, "drafted"],
});
