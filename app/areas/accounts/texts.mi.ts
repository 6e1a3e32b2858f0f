import type { paymentTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/**
 * /accounts and paying in te reo Māori (decisions/403): drafted, for review by a te reo speaker. Amounts come in as the
 * English formats them (NZD, "$12.50"). "Utunga" is a payment, "utu tāpiri kāri" the card fee (a surcharge, kept apart
 * from "utu", to pay), "toenga" the balance, "tango i te moni i tō kāri" to charge the card; the Pay button is "Utua".
 */
export const paymentTexts = teReo<typeof english>({
  metaTitle: ["Ngā Pire – Tomokanga Tūroro", "drafted"],
  title: ["Ngā Pire", "drafted"],
  keepSafe: ["Tiakina ō taipitopito", "drafted"],
  invoicesTabs: ["Ngā pire", "drafted"],
  pendingTab: ["Ngā Pire e Tatari Ana", "drafted"],
  allTab: ["Ngā Pire Katoa", "drafted"],
  allCaption: ["Ngā pire katoa", "drafted"],
  pendingCaption: ["Ngā pire e tatari ana kia utua", "drafted"],
  // Te reo marks the plural with the article (te / ngā), not the noun.
  showing: [(shown: number) => `E whakaatu ana i ${shown === 1 ? "te pire 1" : `ngā pire ${shown}`}.`, "drafted"],
  showingOf: [(shown: number, total: number) => `E whakaatu ana i ${shown} o ${total === 1 ? "te" : "ngā"} ${total} pire.`, "drafted"],
  showMore: ["Whakaatu ētahi atu pire", "drafted"],
  invoiceDocumentTitle: ["PIRE", "drafted"],
  invoiceNamed: [(reference: string) => `Pire ${reference}`, "drafted"],
  downloadPdf: ["Tikiake PDF", "drafted"],
  invoiceLoading: ["E uta ana i te pire…", "drafted"],
  columns: [["Tuhipoka", "Momo", "Nama Tohutoro", "Moni", "Toenga", "Utua Ināianei", "Rā"], "drafted"],
  inPaymentColumn: ["Kei tēnei utunga", "drafted"],
  inPayment: ["Kei tēnei utunga:", "drafted"],
  actionColumn: ["Mahi", "drafted"],
  included: ["Kua whakaurua", "drafted"],
  notIncluded: ["Kāore i whakaurua", "drafted"],
  viewInvoiceLabel: [(reference: string) => `Tirohia te pire ${reference} (PDF)`, "drafted"],
  view: ["Tirohia", "drafted"],
  viewInvoice: ["Tirohia te pire", "drafted"],
  makePayment: ["Tukuna he utunga", "drafted"],
  howMuch: ["E hia te moni ka utua e koe?", "drafted"],
  payTotal: [(total: string) => `Utua te toenga katoa (${total})`, "drafted"],
  payOther: ["Utua tētahi atu moni", "drafted"],
  amountLabel: ["Moni (NZD)", "drafted"],
  cardTypeAndFee: ["Momo kāri me te utu tāpiri kāri", "drafted"],
  cardTypeAndFeeFixed: ["Momo kāri me te utu tāpiri kāri:", "drafted"],
  loadingCardForm: ["E uta ana i te puka kāri…", "drafted"],
  cardNumber: ["Nama kāri", "drafted"],
  cardExpiry: ["Rā pau (MM/YY)", "drafted"],
  cardCvc: ["Waehere haumaru (CVC)", "drafted"],
  amount: ["Moni", "drafted"],
  cardFee: ["Utu tāpiri kāri", "drafted"],
  totalToCharge: ["Tapeke ka tangohia i te kāri", "drafted"],
  // "Te kokenga o te utunga" and, after a failure, ": kua mutu, kāore i oti" form one sentence, as in English.
  progress: ["Te kokenga o te utunga", "drafted"],
  progressStopped: [": kua mutu, kāore i oti", "drafted"],
  progressStoppedValue: ["Kua mutu: kāore te utunga i oti", "drafted"],
  // A number and its unit: the same in both languages.
  progressValue: [(percent: number) => `${percent}%`, "usage"],
  chargedTitle: ["Kua tangohia te moni i tō kāri", "drafted"],
  interruptedTitle: ["I haukotia te utunga", "drafted"],
  retryRecording: ["Whakamātauria anō te tuhi i te utunga", "drafted"],
  tryAgain: ["Whakamātau anō", "drafted"],
  changePayment: ["Hurihia te utunga", "drafted"],
  pay: ["Utua", "drafted"],
  paying: ["E utu ana…", "drafted"],
  finishing: ["E whakaoti ana…", "drafted"],
  amountPaid: ["Moni kua utua", "drafted"],
  ofWhichFee: ["Tae atu ki te utu tāpiri kāri", "drafted"],
  feeCardType: [(cardType: string) => ` (${cardType})`, "drafted"],
  paidAt: ["Rā", "drafted"],
  practiceReference: ["Tohutoro utunga a te whare haumanu", "drafted"],
  paidTowards: ["I utua mō", "drafted"],
  paidInvoice: [(reference: string, paid: string) => `Pire ${reference}: ${paid}`, "drafted"],
  printReceipt: ["Tāngia te rihīti", "drafted"],
  disclaimer: [
    "Kaua rawa e tiri i ō taipitopito pūkete, i ō kupuhipa rānei ki tētahi atu. E kore rawa te whare haumanu e tono i ō taipitopito pēke mā te waea, mā te īmēra, mā te karere pātuhi rānei.",
    "drafted",
  ],
  noPending: ["Kāore he Pūkete i Kitea", "drafted"],
  noInvoices: ["Kāore he Pūkete i Kitea", "drafted"],
  amountRequiredInitially: ["Tuhia he moni", "drafted"],
  amountRequired: ["Tuhia te moni", "drafted"],
  amountInvalid: ["Tuhia te moni hei tāra, hēneti hoki, hei tauira, 45.50", "drafted"],
  amountTooLarge: ["He nui ake te moni i te toenga o ngā pire", "drafted"],
  nothingToPay: ["Kāore he pire hei utu", "drafted"],
  formNotLoaded: [
    "Kāore i taea te whakaoti i te uta i te puka utu, nō reira kāore he mea i tukuna, ā, kāore he moni i tangohia i tō kāri. Tirohia tō hononga, kātahi ka pēhi anō i te Utua.",
    "drafted",
  ],
  poli: ["Kāore anō a Poli kia whakaritea mō tēnei taupānga", "drafted"],
  paymentExpress: ["Kāore anō a Payment Express kia whakaritea mō tēnei taupānga", "drafted"],
  succeeded: ["I tutuki te utunga.", "drafted"],
  failed: ["Kāore i tutuki te utunga.", "drafted"],
  failedTitle: ["Kāore i tutuki te utunga", "drafted"],
  sessionEndedTitle: ["Kua mutu tō takiuru", "drafted"],
  sessionEnded: [
    "Kāore te utunga i tīmata, ā, kāore he moni i tangohia i a koe. Kei konei tonu ngā mea i tuhia e koe: takiuru anō i tētahi ripa hou, kātahi ka hoki mai ki konei ki te utu.",
    "drafted",
  ],
  nothingOwed: ["Kāore he mea hei utu māu: kāore he pire e tatari ana kia utua.", "drafted"],
  notStarted: ["Kāore i taea e te whare haumanu te tīmata i tēnei utunga. Kāore he moni i tangohia i a koe; whakamātauria anō.", "drafted"],
  notCharged: ["Kāore he moni i tangohia i tō kāri.", "drafted"],
  openCharged: [
    (amount: string) =>
      `I tangohia he utunga ${amount} i tō kāri, engari kāore anō kia tuhia e te whare haumanu. Whakaotia i mua i tō utu anō, kia kore ai e tangohia rua te moni i a koe.`,
    "drafted",
  ],
  openDeclined: [
    (amount: string, started: string) =>
      `I whakakāhoretia tō kāri mō tētahi utunga ${amount}, i tīmata i te ${started}, ā, kāore he moni i tangohia. Utua i raro iho ki tētahi atu kāri: ko te utunga anō tēnei, nō reira e kore e taea te tango rua i te moni i a koe.`,
    "drafted",
  ],
  openUnfinished: [
    (amount: string, started: string) =>
      `Kāore i oti tētahi utunga ${amount}, i tīmata i te ${started}, ā, kāore e taea e mātou te mōhio mēnā kua tangohia te moni i tō kāri. Utua i raro iho ki tētahi kāri: ko te utunga anō tēnei, nō reira mēnā kua tangohia kē te moni i tō kāri, e kore e tangohia anō.`,
    "drafted",
  ],
  openNotPayable: [
    (amount: string, started: string) =>
      `Kāore i oti tētahi utunga ${amount}, i tīmata i te ${started}, ā, kāore e taea e mātou te mōhio mēnā kua tangohia te moni i tō kāri mōna. E kore e taea te utu ki konei i tōna āhua o nāianei, nā te mea kua rerekē ō pire mai i taua wā. Whakapā atu ki te whare haumanu, ka taea nei e rātou te takitaki mēnā kua tangohia, i mua i tō utu anō, kia kore ai e tangohia rua te moni i a koe.`,
    "drafted",
  ],
  openSetAside: [
    (amount: string, started: string) =>
      `Kāore i tangohia i tō kāri tētahi utunga ${amount}, i tīmata i te ${started}, ā, e kore e haere tonu nā te mea kua rerekē ō pire mai i taua wā (tērā pea kua utua ētahi i te whare haumanu). Kei runga ake ō pire o nāianei: kōwhiria ngā mea hei utu, tuhia tō kāri, ka pēhi i te Utua.`,
    "drafted",
  ],
  retryAnotherCard: [
    "Hei utu ki tētahi atu kāri, hurihia ngā taipitopito kāri i runga ake (me te momo kāri, mō tētahi atu momo kāri), ka pēhi i te Whakamātau anō. Ko te utunga anō tēnei, nō reira e kore e taea te tango rua i te moni i a koe.",
    "drafted",
  ],
  openHeading: ["Kāore anō tētahi utunga kia oti", "drafted"],
  finish: ["Whakaotia tēnei utunga", "drafted"],
  finishRecorded: ["Kua tuhia te utunga e te whare haumanu.", "drafted"],
  finishUnpaid: ["Kāore anō kia tangohia taua utunga i tō kāri. Utua ki tētahi kāri i raro iho.", "drafted"],
  finishPending: ["Kāore anō te whare haumanu kia tuhi i taua utunga. Kaua e utu anō: whakamātauria anō ā ētahi meneti, whakapā atu rānei ki te whare haumanu.", "drafted"],
  pdfFailed: ["Kāore i taea te uta i te pire. Whakamātauria anō ā tōna wā.", "drafted"],
  pdfPageFailed: [(page: number) => `Kāore i taea te whakaatu i te whārangi ${page} o te pire. Whakamahia te Tikiake PDF kia whakatuwheratia ki tētahi atu kaitiro.`, "drafted"],
  invoicesFailed: ["Kāore i taea te uta i ngā pire i tēnei wā. Whakamātauria anō ā tōna wā.", "drafted"],
});
