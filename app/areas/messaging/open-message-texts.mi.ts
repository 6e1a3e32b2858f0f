import type { openMessageTexts as english } from "./open-message-texts";
import { teReo } from "~/lib/te-reo";

/** The open message's and the messaging page's smaller dialogs' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const openMessageTexts = teReo<typeof english>({
  selectedAt: [(position: number, total: number | undefined) => (total === undefined ? `kua kōwhiria te ${position}` : `kua kōwhiria te ${position} o te ${total}`), "drafted"],
  from: ["Nā:", "drafted"],
  to: ["Ki:", "drafted"],
  reply: ["Whakautu", "drafted"],
  sendMessage: ["Tukuna te Karere", "drafted"],
  editMessage: ["Whakatikaina te Karere", "drafted"],
  delete: ["Mukua", "drafted"],
  attachments: ["Ngā Tāpiritanga", "drafted"],
  pdfFiles: ["Ngā kōnae PDF", "drafted"],
  images: ["Ngā whakaahua", "drafted"],
  numbered: [(n: number, title: string) => `${n}. ${title}`, "drafted"],
  opensPdf: ["(Kōnae PDF, ka tuwhera he arokite)", "drafted"],
  opensImage: ["(Kōnae JPG, ka tuwhera he arokite)", "drafted"],
  sendDraftConfirm: ["Me tuku tēnei hukihuki ki te whare haumanu ināianei?", "drafted"],
  sending: ["E tuku ana…", "drafted"],
  removingDraft: ["E tango ana i te hukihuki…", "drafted"],
  draftNotSent: ["Kāore he mea i tukuna, ā, kei ngā Hukihuki tonu te hukihuki.", "drafted"],
  tryAgain: ["Whakamātau anō", "drafted"],
  send: ["Tukuna", "drafted"],
  removeDraftAgain: ["Whakamātau anō ki te tango i te hukihuki", "drafted"],
  cancel: ["Whakakore", "drafted"],
  deleteTitle: [(count: number) => (count > 1 ? "Mukua ngā Karere Maha" : "Mukua te Karere"), "drafted"],
  deleteConfirm: [
    (count: number) =>
      count > 1 ? `Me muku ngā karere ${count} kua kōwhiria? Kāore e taea te whakahoki.` : "Me muku tēnei karere? Kāore e taea te whakahoki.",
    "drafted",
  ],
  deleting: ["E muku ana…", "drafted"],
  pngFile: ["Kōnae PNG", "drafted"],
  jpgFile: ["Kōnae JPG", "drafted"],
  download: ["Tikiake", "drafted"],
  close: ["Kati", "drafted"],
});
