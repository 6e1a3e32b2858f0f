import type { areaTexts as english } from "./areas";
import { teReo } from "~/lib/te-reo";

/** The areas' names in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const areaTexts = teReo<typeof english>({
  medications: { label: ["Ngā Rongoā", "drafted"], card: { title: ["Ngā Rongoā Wā Roa", "drafted"], unit: ["ngā rongoā wā roa", "drafted"], link: ["Tirohia ngā rongoā", "drafted"] } },
  results: { label: ["Ngā Hua Whakamātautau", "drafted"], card: { title: ["Ngā Hua Hou", "drafted"], unit: ["ngā hua whakamātautau hou", "drafted"], link: ["Tirohia ngā hua", "drafted"] } },
  messages: { label: ["Ngā Karere", "drafted"], card: { title: ["Ngā Karere Kāore Anō Kia Pānuitia", "drafted"], unit: ["ngā karere kāore anō kia pānuitia", "drafted"], link: ["Tirohia ngā karere", "drafted"] } },
  appointments: { label: ["Ngā Whakaritenga", "drafted"], card: { title: ["Ngā Whakaritenga e Heke Mai Ana", "drafted"], unit: ["ngā whakaritenga e heke mai ana", "drafted"], link: ["Tirohia ngā whakaritenga", "drafted"] } },
  diagnoses: { label: ["Tautohu Mate", "drafted"] },
  allergies: { label: ["Ngā Mate Pāwera", "drafted"] },
  immunisations: { label: ["Werohanga Ārai Mate", "drafted"] },
  vitals: { label: ["Ngā Inenga Hauora", "drafted"] },
  timeline: { label: ["Rārangi Wā", "drafted"] },
  reminders: { label: ["Ngā Whakamaumahara", "drafted"] },
  resources: { label: ["Ngā Rauemi", "drafted"] },
  letters: { label: ["Ngā Reta", "drafted"] },
  accounts: { label: ["Ngā Pire", "drafted"] },
  sharing: { label: ["Ko wai ka kite i taku pūkete", "drafted"] },
  accessRecord: { label: ["Ko wai kua titiro ki taku pūkete", "drafted"] },
  summary: {
    label: ["Taku whakarāpopototanga hauora", "drafted"],
    card: { title: ["Taku whakarāpopototanga hauora", "drafted"], unit: ["te whakarāpopototanga hauora", "drafted"], link: ["Tirohia te whakarāpopototanga hauora", "drafted"] },
  },
});
