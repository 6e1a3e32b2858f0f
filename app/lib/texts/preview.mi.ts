import type { previewTexts as english } from "./preview";
import { teReo } from "~/lib/te-reo";

/** The full-page document view's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const previewTexts = teReo<typeof english>({
  notFoundTitle: ["Kāore i kitea te tuhinga", "drafted"],
  notFound: ["Kāore i kitea tēnei tuhinga. Tērā pea kua tangohia, ehara rānei i tētahi o ōu pūkete, o ngā pūkete rānei o tō whānau.", "drafted"],
  backTo: [(area: string) => `Hoki ki ${area}`, "drafted"],
  print: ["Tāngia", "drafted"],
  download: ["Tikiake", "drafted"],
  openFullPage: ["Whakatuwhera hei whārangi katoa", "drafted"],
  loading: ["E uta ana i te tuhinga…", "drafted"],
  failed: ["Kāore i taea te uta i te tuhinga. Whakamātauria anō ā tōna wā.", "drafted"],
  pageFailed: [(page: number) => `Kāore i taea te whakaatu i te whārangi ${page} o te tuhinga. Pēhia te Tikiake kia whakatuwheratia ki tētahi atu kaitiro.`, "drafted"],
  report: ["Te pūrongo a te taiwhanga", "drafted"],
  notPdf: ["Ehara tēnei tuhinga i te PDF, nō reira kāore e taea te whakaatu ki konei. Tikiakehia kia whakatuwheratia ai.", "drafted"],
  invoice: ["Pire", "drafted"],
  invoiceNumbered: [(reference: string) => `Pire ${reference}`, "drafted"],
  dated: [(date: string) => `Nō te ${date}`, "drafted"],
});
