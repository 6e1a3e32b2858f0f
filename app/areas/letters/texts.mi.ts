import type { lettersTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/** Letters' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const lettersTexts = teReo<typeof english>({
  noRecords: ["Kāore he Pūkete i Kitea", "drafted"],
  noRecordsInRange: ["Kāore he Pūkete i Kitea i waenga i ēnei rā.", "drafted"],
  fromMissing: ["Tuhia hoki he rā tīmata, ūkuia rānei te rā mutunga kia kite ai i ngā reta katoa", "drafted"],
  toMissing: ["Tuhia hoki he rā mutunga, ūkuia rānei te rā tīmata kia kite ai i ngā reta katoa", "drafted"],
  loading: ["E uta ana i ngā reta…", "drafted"],
  loadingLetter: ["E uta ana i te reta…", "drafted"],
  pdfFailed: ["Kāore i taea te uta i te reta. Whakamātauria anō ā tōna wā.", "drafted"],
  pdfPageFailed: [(page: number) => `Kāore i taea te whakaatu i te whārangi ${page} o te reta. Pēhia te Tikiake kia whakatuwheratia ki tētahi atu kaitiro.`, "drafted"],
  notPdf: ["Ehara tēnei tuhinga i te PDF, nō reira kāore e taea te whakaatu ki konei. Tikiakehia kia whakatuwheratia ai.", "drafted"],
  otherFormat: [(format: string) => `Ehara i te PDF (${format}): hei tikiake anake`, "drafted"],
  letters: ["Ngā Reta", "drafted"],
  pageTitle: ["Ngā Reta – Tomokanga Tūroro", "drafted"],
  searchByDate: ["Rapua ngā reta mā te rā", "drafted"],
  from: ["Mai i (DD-MM-YYYY)", "drafted"],
  fromHint: ["Hei tauira, 01-03-2025", "drafted"],
  to: ["Ki (DD-MM-YYYY)", "drafted"],
  toHint: ["Hei tauira, 31-03-2025", "drafted"],
  search: ["Rapu", "drafted"],
  clearDates: ["Ūkuia ngā rā", "drafted"],
  // Te reo marks no plural on the noun: "1 reta", "5 reta".
  inRange: [(count: number, from: string, to: string) => `${count} reta mai i te ${from} ki te ${to}`, "drafted"],
  shown: [
    (count: number, total?: number) => (total === undefined ? `${count} reta e whakaaturia ana` : `${count} o ${total === 1 ? "te" : "ngā"} ${total} reta e whakaaturia ana`),
    "drafted",
  ],
  more: ["Whakaatu ētahi atu reta", "drafted"],
  date: ["Rā: ", "drafted"],
  view: ["Tirohia", "drafted"],
  print: ["Tā", "drafted"],
});
