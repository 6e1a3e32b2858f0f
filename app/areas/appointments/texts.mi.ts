import type { appointmentsTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/**
 * Appointments' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. The practice's own
 * names (an appointment type such as "Video Consult", a role, a provider) and the appointment's label
 * (app/lib/appointment-row.ts) come in English and are placed as they are.
 */

/** A count as a sentence opens with it: "Kotahi te …" for one, "E 3 ngā …" up to nine, "12 ngā …" from ten (no "e" before tens). */
function howMany(count: number, noun: string): string {
  if (count === 0) return `Kāore he ${noun}`;
  if (count === 1) return `Kotahi te ${noun}`;
  return count < 10 ? `E ${count} ngā ${noun}` : `${count} ngā ${noun}`;
}

export const appointmentsTexts = teReo<typeof english>({
  pageTitle: ["Ngā Whakaritenga – Tomokanga Tūroro", "drafted"],
  title: ["Ngā Whakaritenga", "drafted"],
  helplineLabel: ["Waea āwhina hauora (utu kore, ahakoa te wā):", "drafted"],
  bookTab: ["Tāpui Whakaritenga", "drafted"],
  upcomingTab: ["Whakaritenga e Heke Mai Ana", "drafted"],
  historyTab: ["Hītori", "drafted"],
  upcomingCount: [(count: number) => howMany(count, "whakaritenga e heke mai ana"), "drafted"],
  upcomingList: ["Ngā whakaritenga e heke mai ana", "drafted"],
  pastCount: [(count: number) => howMany(count, "whakaritenga o mua"), "drafted"],
  pastOf: [(count: number, total: number) => `${count} o ${total === 1 ? "te whakaritenga kotahi" : `ngā whakaritenga ${total}`} o mua`, "drafted"],
  pastList: ["Ngā whakaritenga o mua", "drafted"],
  betweenDates: ["Ngā whakaritenga i waenga i ngā rā", "drafted"],
  fromDate: ["Mai i (DD-MM-YYYY)", "drafted"],
  toDate: ["Ki (DD-MM-YYYY)", "drafted"],
  noEarlierThan: [(date: string) => `Kaua e mua atu i te ${date}`, "drafted"],
  dateExample: ["Hei tauira, 31-03-2026", "drafted"],
  search: ["Rapu", "drafted"],
  clearDates: ["Ūkuia ngā rā", "drafted"],
  showAppointments: ["Whakaatu ngā whakaritenga", "drafted"],
  completed: ["Kua oti", "drafted"],
  missed: ["I ngaro", "drafted"],
  cancelledBadge: ["Kua whakakorea", "drafted"],
  all: ["Katoa", "drafted"],
  type: ["Momo", "drafted"],
  with: ["Me", "drafted"],
  for: ["Mō", "drafted"],
  where: ["Wāhi", "drafted"],
  length: ["Roanga", "drafted"],
  cancelReason: ["Take whakakore", "drafted"],
  patient: ["Tūroro", "drafted"],
  when: ["Wā", "drafted"],
  status: ["Tūnga", "drafted"],
  showOnMap: ["Whakaatu ki te mahere", "drafted"],
  opensNewTab: ["(ka tuwhera he ripa hou)", "drafted"],
  slip: ["Pepa whakaritenga", "drafted"],
  slipPractice: [(name: string, phone: string) => (phone ? `${name} · ${phone}` : name), "drafted"],
  nzTime: [(when: string) => `${when} (te wā o Aotearoa)`, "drafted"],
  slipFooter: [(printedOn: string) => `I tāngia i te ${printedOn}. Waea āwhina hauora: 0800 358 5453.`, "drafted"],
  cancelTitle: ["Whakakorea te whakaritenga", "drafted"],
  cancelDescription: [(type: string, provider: string, when: string) => `${type} me ${provider}, ${when}`, "drafted"],
  cancelReasonLabel: ["Te take o te whakakore", "drafted"],
  cancelling: ["E whakakore ana…", "drafted"],
  keepAppointment: ["Puritia te whakaritenga", "drafted"],
  noRecords: ["Kāore he Pūkete i Kitea", "drafted"],
  loading: ["E uta ana i ngā whakaritenga…", "drafted"],
  loadingChoices: ["E uta ana i ngā kōwhiringa a te whare haumanu…", "drafted"],
  // A phone number: the same in both languages.
  helpline: ["0800 358 5453", "usage"],
  reasonRequired: ["Me tuhi he take", "drafted"],
  notYourFamily: ["Kāore e taea e koe te tāpui mō taua tangata.", "drafted"],
  reasonTooLong: ["Kia 500 pū, iti iho rānei te roa o te take", "drafted"],
  cancelled: ["Kua whakakorea te whakaritenga", "drafted"],
  cancelUnconfirmed: [
    "Kāore i taea e mātou te whakaū mēnā kua whakakorea te whakaritenga. Pēhia anō te Whakakorea te whakaritenga: ka titiro tuatahi, ā, ka whakakore anake mēnā kei te tāpui tonu.",
    "drafted",
  ],
  cancelFailed: ["Kāore i taea te whakakore i te whakaritenga i tēnei wā. Whakamātauria anō, waea atu rānei ki te whare haumanu.", "drafted"],
  cancelSessionEnded: [
    "Kua mutu tō takiuru, nō reira kāore he mea i whakakorea. Kei konei tonu te take i tuhia e koe: takiuru anō i tētahi ripa hou, kātahi ka hoki mai ki te pēhi anō i te Whakakorea te whakaritenga.",
    "drafted",
  ],
  notCancellable: ["Kāore e taea te whakakore i tēnei whakaritenga mā te ipurangi ināianei. Waea atu ki te whare haumanu.", "drafted"],
  booked: ["Kua tāpuihia te whakaritenga", "drafted"],
  bookedTitle: ["Kua tāpuihia te whakaritenga", "drafted"],
  cancelledTitle: ["Kua whakakorea te whakaritenga", "drafted"],
  notCancelledTitle: ["Kāore i whakakorea", "drafted"],
  alreadyBooked: ["Kua tāpuihia tō whakaritenga: kua tae kē atu ki te whare haumanu, nō reira kāore i tāpuihia kia rua.", "drafted"],
  bookUnconfirmed: [
    "Kāore i taea e mātou te whakaū mēnā kua tāpuihia tō whakaritenga. Kei konei tonu ō kōwhiringa katoa. Ka titiro tuatahi a Tirohia anō ki ō whakaritenga, ā, ka tāpui anake mēnā kāore i reira, nō reira e kore e tāpuihia kia rua.",
    "drafted",
  ],
  bookUnconfirmedTitle: ["Kāore i whakaūngia te tāpui", "drafted"],
  checkAgain: ["Tirohia anō", "drafted"],
  bookUnclear: [
    "He whakaritenga kei tō rārangi i tēnei rā, kāore ōna wā, nō reira kāore e taea e mātou te mōhio mēnā kua tāpuihia tēnei wā mōu. Tirohia te ripa Whakaritenga e Heke Mai Ana, waea atu rānei ki te whare haumanu, i mua i tō tāpui anō.",
    "drafted",
  ],
  bookFailed: ["Kāore i taea te tāpui i te whakaritenga i tēnei wā. Kāore he mea i tāpuihia: whakamātauria anō.", "drafted"],
  sessionEnded: [
    "Kua mutu tō takiuru, nō reira kāore he mea i tāpuihia. Kei konei tonu ō kōwhiringa katoa: takiuru anō i tētahi ripa hou, kātahi ka hoki mai ki te pēhi i te Whakamātau anō.",
    "drafted",
  ],
  emailMissing: ["Kāore he pūkete īmēra Zoom o te kaiwhakarato o tēnei tūroro", "drafted"],
  zoomEnd: ["Kāore i taea te tāpui i te whakaritenga nā tētahi raru i te taha o Zoom", "drafted"],
  sameDayRefused: ["Kāore e taea te tāpui mā te ipurangi i ngā whakaritenga mō te rā tonu. Waea atu ki te whare haumanu.", "drafted"],
  slotTaken: ["Kātahi anō ka tāpuihia taua wā e tētahi atu. Kōwhiria tētahi o ngā wā e wātea tonu ana.", "drafted"],
  noSlots: ["Kāore he Wā e Wātea Ana", "drafted"],
  noNextDay: ["Kāore he Wā e Wātea Ana mō te Rā e Whai Ake Nei", "drafted"],
  noProvider: [(role: string) => `Kāore he ${role} e wātea ana. Kōwhiria tētahi atu kaimahi hauora.`, "drafted"],
  disabled: ["Waea atu ki te whare haumanu ki te tāpui whakaritenga", "drafted"],
  fillMandatory: ["Whakakīia te āpure me whakakī", "drafted"],
  blocked: [
    "E ai ki ngā whakautu i tuhia ki tēnei rārangi pātai, kāore e taea tō whakaritenga te tāpui. Mō ētahi atu āwhina, whakapā atu ki te whare haumanu ki te whakarite, ki te whakahaere rānei i tō whakaritenga.",
    "drafted",
  ],
  virtualNeedsVideo: [
    "Me whai whakaritenga Video Consult te hui ā-ipurangi: ko Video Consult te momo ināianei, kōwhiria anō he wā.",
    "drafted",
  ],
  notProvided: ["Kāore i tukuna", "drafted"],
  chooseType: ["Kōwhiria he momo whakaritenga", "drafted"],
  chooseLocation: ["Kōwhiria kia kotahi te wāhi, neke atu rānei", "drafted"],
  chooseProvider: ["Kōwhiria he kaiwhakarato", "drafted"],
  chooseDate: ["Kōwhiria he rā", "drafted"],
  chooseSlot: ["Kōwhiria he wā", "drafted"],
  chooseMember: ["Kōwhiria te mema o te whānau hei tāpui mōna", "drafted"],
  dateOutOfRange: ["Kōwhiria he rā i roto i ngā rā 90 e heke mai ana", "drafted"],
  loadFailed: ["Kāore i taea te whakapā ki te whare haumanu i tēnei wā. Whakamātauria anō.", "drafted"],
  join: ["Hono", "drafted"],
  joinWhich: [(appointment: string) => `ki te hui ataata, ${appointment}`, "drafted"],
  noMeetingYet: [
    "Kāore anō te whare haumanu kia tuku i te hononga mō tēnei hui ataata, nō reira kāore e taea te hono ki konei. Waea atu ki te whare haumanu i mua i te whakaritenga.",
    "drafted",
  ],
  printSlip: ["Tāngia te pepa", "drafted"],
  printSlipWhich: [(appointment: string) => `mō te ${appointment}`, "drafted"],
  cancel: ["Whakakore", "drafted"],
  cancelWhich: [(appointment: string) => `i te ${appointment}`, "drafted"],
  lockedDown: ["I tēnei wā, ko ngā tāpui ā-ipurangi me tō ake kaiwhakarato anake, nō reira kāore e taea te huri i te kaiwhakarato me te tūranga.", "drafted"],
});
