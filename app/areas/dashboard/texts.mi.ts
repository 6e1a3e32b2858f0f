import type { dashboardPageTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/** The dashboard's own words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const dashboardPageTexts = teReo<typeof english>({
  metaTitle: ["Papatohu – Tomokanga Tūroro", "drafted"],
  breadcrumb: ["Kāinga", "drafted"],
  title: ["Papatohu", "drafted"],
  practiceHeading: ["Ngā Taipitopito o Taku Whare Haumanu", "drafted"],
  practiceRows: {
    name: ["Ingoa", "drafted"],
    start: ["Wā tīmata", "drafted"],
    phone: ["Nama waea", "drafted"],
    gp: ["Taku Rata", "drafted"],
    address: ["Wāhitau", "drafted"],
  },
  practiceNotShared: ["Kāore anō tō whare haumanu kia tiri i ōna taipitopito.", "drafted"],
  overviewTitle: ["Tirohanga Whānui ki ngā Whakaritenga", "drafted"],
  noAppointments: ["Kāore anō he whakaritenga.", "drafted"],
  bookedTitle: ["Ngā Whakaritenga kua Tāpuihia", "drafted"],
  overview: { completed: ["Kua oti", "drafted"], upcoming: ["E heke mai ana", "drafted"], missed: ["I ngaro", "drafted"] },
  booked: {
    face: ["Kanohi ki te Kanohi", "drafted"],
    video: ["Hui ā-Ipurangi", "drafted"],
    phone: ["Aromatawai ā-Waea", "drafted"],
    total: ["Ngā Whakaritenga Katoa", "drafted"],
  },
  // The unit comes from app/lib/areas.ts (English there); its qualifier is dropped as in English.
  welcomeTitle: ["Nau mai ki tō tomokanga tūroro", "drafted"],
  welcomeText: ["Kāore anō ō whakaritenga me te whare haumanu. Ka puta mai ō whakaritenga, ō hua me ō karere ki konei ina tae mai.", "drafted"],
  nextSteps: ["Ka taea e koe ināianei:", "drafted"],
  checkDetails: ["Tirohia ō taipitopito whaiaro, ō taipitopito whakapā hoki", "drafted"],
  bookFirst: ["Tāpuihia tō whakaritenga tuatahi", "drafted"],
  sendMessage: ["Tukuna he karere ki te whare haumanu", "drafted"],
  seeMedications: ["Tirohia ō rongoā, ā, tonoa kia whakahoutia", "drafted"],
  seeInvoices: ["Tirohia ō nama, ā, utua tō pūkete", "drafted"],
});
