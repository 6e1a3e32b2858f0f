import type { dashboardTexts as english } from "./dashboard";
import { teReo } from "~/lib/te-reo";

/** The dashboard cards' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const dashboardTexts = teReo<typeof english>({
  noLongTermMedication: ["Kāore he rongoā wā roa", "drafted"],
  noNewResults: ["Kāore he hua hou", "drafted"],
  noUnreadMessages: ["Kāore he karere kāore anō kia pānuitia", "drafted"],
  noFutureAppointments: ["Kāore he whakaritenga e heke mai ana", "drafted"],
  summaryCard: ["Tō pūkete i te whare haumanu i roto i te tuhinga kotahi, hei tikiake hei PDF, hei FHIR rānei.", "drafted"],
});
