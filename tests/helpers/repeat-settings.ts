import type { RepeatSettings } from "~/areas/medications/view";

/** A practice's repeat settings with every choice offered, for the repeat machine's tests and the page's early answers. */
export const everyRepeatChoice: RepeatSettings = {
  showDeliveryChoice: true,
  defaultDelivery: "pickup",
  urgent: true,
  urgentNotes: "Same day",
  fax: true,
  notice: "Two working days.",
  outstandingBalanceCents: 0,
  preferredPharmacyId: null,
  preferredPharmacyName: null,
};
