import type { cardTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/**
 * The health card's words in te reo Māori (decisions/403, 405): drafted, for review by a te reo speaker. The portal's
 * terms as its other catalogues have them: "kī uru" for a passkey, "pūrere" a device, "pūtirotiro" a browser,
 * "tangata whakapā ohotata" an emergency contact (the profile's), "muku" to delete or wipe, and the labels of an
 * item's details as the allergies', medicines', immunisations' and profile's screens name them.
 */
export const cardTexts = teReo<typeof english>({
  keepHeading: ["Puritia taku kāri hauora ki tēnei pūrere", "drafted"],
  keepIntro: [
    "Ō mate pāwera, ō rongoā, ō raruraru hauora, ō werohanga ārai mate me ō tāngata whakapā ohotata, me tō NHI me te waea o tō whare haumanu, ka puritia ki tēnei pūrere kia tuwhera ai me te kore ipurangi: i tētahi whare haumanu i muri i ngā hāora mahi kāore he tohu waea, i tētahi puni kura, i tāwāhi rānei.",
    "drafted",
  ],
  keepLocked: ["Kua rakaina te kāri ki tō kī uru. Kāore he kōrero mōu e puta, kia whakatuwhera rā anō tō kī uru, ā, kāore he kupuhipa, kī rānei e puritia ki tōna taha.", "drafted"],
  daysLabel: ["Puritia mō", "drafted"],
  days: [(count: number) => `${count} rā`, "drafted"],
  daysHint: ["Ā muri i tērā, kua kore e tuwhera, ā, ka mukua.", "drafted"],
  keepButton: ["Puritia taku kāri hauora ki tēnei pūrere", "drafted"],
  keeping: ["E tatari ana ki tō kī uru…", "drafted"],
  kept: [(until: string) => `Kua puritia tō kāri hauora ki tēnei pūrere tae noa ki ${until}. Ka tuwhera ki Taku kāri hauora, ahakoa kāore he ipurangi.`, "drafted"],
  openCard: ["Whakatuwheratia Taku kāri hauora", "drafted"],
  checking: ["E tirotiro ana mēnā ka taea e tēnei pūtirotiro te raka i tētahi kāri…", "drafted"],
  noPrf: [
    "Kāore e taea e tēnei pūtirotiro te raka i tētahi kāri ki tētahi kī uru: kāore ōna te tāpiritanga PRF o WebAuthn. Ka taea e ngā Chrome me ngā Edge hou (i tētahi rorohiko, Android rānei) me Safari 18 (i tētahi iPhone, iPad, Mac rānei).",
    "drafted",
  ],
  noPasskey: ["Ka rakaina te kāri ki tētahi kī uru, ā, kāore ōu kī uru e taea ai te raka. Tāpirihia he kī uru i raro i Haumarutanga takiuru i tō kōtaha, kātahi ka hoki mai ki konei.", "drafted"],
  toSignInSecurity: ["Haere ki Haumarutanga takiuru", "drafted"],
  passkeyNoPrf: [
    "Kāore e taea e taua kī uru te raka i tētahi kāri: kāore te pūrere e pupuri ana i a ia e whakaputa i ngā mea huna (te tāpiritanga PRF o WebAuthn). Kāore he mea i puritia. Whakamātauria tētahi atu kī uru, pūrere rānei.",
    "drafted",
  ],
  cancelled: ["Kāore i whakamahia he kī uru, nō reira kāore he mea i puritia. Whakamātau anō ina rite koe.", "drafted"],
  unavailable: ["Kāore e taea te pupuri i te kāri i tēnei wā. Whakamātau anō ā muri ake.", "drafted"],
  forbidden: ["Kāore te whare haumanu e whakaae kia puritia te whakarāpopototanga o tēnei pūkete.", "drafted"],
  failed: ["Kāore i taea te pānui i te pūkete o te whare haumanu i tēnei wā, nō reira kāore he mea i puritia. Whakamātau anō.", "drafted"],
  viewChanging: ["Kāore e taea te pupuri i tētahi kāri mō tēnei tangata ināianei: ka huri tāu e kite ai o tōna pūkete i tēnei rā.", "drafted"],
  storageFailed: ["Kāore i taea e tēnei pūtirotiro te penapena i te kāri (kua kī pea tōna rokiroki, kua whakawetohia rānei), nō reira kāore he mea i puritia.", "drafted"],

  metaTitle: ["Taku kāri hauora – Tomokanga Tūroro", "drafted"],
  title: ["Taku kāri hauora", "drafted"],
  lockedIntro: ["Ka tuwhera i konei tētahi kāri hauora kua puritia ki tēnei pūrere, ahakoa he ipurangi, kāore rānei, ina whakaū tō kī uru ko koe tonu.", "drafted"],
  openButton: ["Whakatuwheratia ki taku kī uru", "drafted"],
  opening: ["E tatari ana ki tō kī uru…", "drafted"],
  none: ["Kāore he kāri hauora kua puritia ki tēnei pūrere. Hei pupuri i tētahi, takiuru, whakatuwheratia Taku whakarāpopototanga hauora, ka kōwhiri i Puritia taku kāri hauora ki tēnei pūrere.", "drafted"],
  signIn: ["Takiuru", "drafted"],
  offline: ["Kua tuimotu koe. Me whai ipurangi ngā whārangi o te tomokanga; ka tuwhera i konei tētahi kāri hauora kua puritia ki tēnei pūrere.", "drafted"],
  notOpened: ["Kāore taua kī uru e whakatuwhera i tētahi kāri hauora kua puritia ki tēnei pūrere.", "drafted"],
  openCancelled: ["Kei te kati tonu te kāri: kāore i whakamahia he kī uru e tuwhera ai.", "drafted"],
  noPrfHere: ["Kāore e taea e tēnei pūtirotiro te whakatuwhera i tētahi kāri kua rakaina ki tētahi kī uru: kāore ōna te tāpiritanga PRF o WebAuthn.", "drafted"],
  storageUnreadable: ["Kāore i taea te pānui i te rokiroki o tēnei pūtirotiro, nō reira kāore he kāri e tuwhera i konei.", "drafted"],
  wipedExpired: [
    (count: number) => (count === 1 ? "Kua pau te wā o tētahi kāri i puritia ki konei, ā, kua mukua." : `Kua pau te wā o ngā kāri ${count} i puritia ki konei, ā, kua mukua.`),
    "drafted",
  ],
  wipedEnded: [
    (count: number) =>
      count === 1
        ? "Kua whakamutua tētahi kāri i puritia ki konei (i tangohia tōna kī uru, i kōwhiri rānei tōna kaipupuri i Takiputa i ērā atu wāhi katoa), ā, kua mukua."
        : `Kua whakamutua ngā kāri ${count} i puritia ki konei (i tangohia tō rātou kī uru, i kōwhiri rānei tō rātou kaipupuri i Takiputa i ērā atu wāhi katoa), ā, kua mukua.`,
    "drafted",
  ],
  asOf: [(when: string) => `Nō te ${when}`, "drafted"],
  mayBeOutOfDate: ["Nō te pūkete o te whare haumanu i taua wā: kua tawhito pea. Takiuru, pātai rānei ki te whare haumanu mō tō tēnei rā.", "drafted"],
  opensUntil: [(when: string) => `Ka tuwhera ki tēnei pūrere tae noa ki ${when}.`, "drafted"],
  nhi: ["NHI", "drafted"],
  born: ["Rā whānau", "drafted"],
  practice: ["Whare haumanu", "drafted"],
  practicePhone: ["Waea o te whare haumanu", "drafted"],
  sections: {
    allergies: ["Ngā mate pāwera", "drafted"],
    medicines: ["Ngā rongoā o nāianei", "drafted"],
    conditions: ["Ngā raruraru hauora", "drafted"],
    immunisations: ["Ngā werohanga ārai mate", "drafted"],
  },
  contacts: ["Ngā tāngata whakapā ohotata", "drafted"],
  contactsNotInView: ["Ehara ngā tāngata whakapā ohotata i tētahi wāhanga o tāu e kite ai o tēnei pūkete.", "drafted"],
  severity: ["Taumahatanga", "drafted"],
  reaction: ["Tauhohenga", "drafted"],
  instructions: ["Tohutohu", "drafted"],
  since: ["Mai i", "drafted"],
  given: ["I hoatu", "drafted"],
  relationship: ["Hononga", "drafted"],
  phone: ["Nama waea", "drafted"],
  detail: [(label: string) => ` · ${label}: `, "drafted"],
  noneRecorded: ["Kāore he mea kua tuhia", "drafted"],
  notRecorded: ["Kāore i tuhia", "drafted"],
  partial: ["He nui ake tā te whare haumanu i tā tēnei kāri.", "drafted"],
  closeCard: ["Katia te kāri", "drafted"],
  remove: ["Tangohia i tēnei pūrere", "drafted"],
  removeQuestion: ["Me tango te kāri i tēnei pūrere? E kore e taea te whakatuwhera i konei anō.", "drafted"],
  removeConfirm: ["Tangohia", "drafted"],
  removeCancel: ["Puritia", "drafted"],
  removed: ["Kua tangohia te kāri i tēnei pūrere.", "drafted"],
});
