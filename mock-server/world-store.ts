import { factory, nullable, primaryKey } from "@mswjs/data";
import type { PracticeData } from "../fixtures/builders/practice-data";

/**
 * One @mswjs/data database per world: worlds never share a store, so one world's changes can never
 * show in another. Records are flat (lists of strings at most) because the store copies plain values;
 * the wire resources are built from them in resources/ (one file per area).
 */
export function createWorldStore() {
  return factory({
    practice: {
      id: primaryKey(String),
      name: String,
      phone: String,
      line: String,
      suburb: String,
      city: String,
      postcode: String,
      gpName: String,
      openingStart: String,
      openingEnd: String,
    },
    setting: { id: primaryKey(String), position: Number, value: String },
    account: {
      label: primaryKey(String),
      /** Lower case: sign-in matches user names case-insensitively. */
      username: String,
      password: String,
      passwordReset: Boolean,
      signInReply: String,
      description: String,
      holderId: String,
    },
    /** What the practice "sent": forgotten-password mails, readable through the admin API. */
    mail: { id: primaryKey(String), to: String, subject: String, body: String, sentAt: String },
    /** Login Help requests received from signed-out people. */
    helpMessage: { id: primaryKey(String), receivedAt: String, payload: String },
    /** The account holder's invoices (payment notices), oldest first. */
    invoice: {
      id: primaryKey(String),
      patientId: String,
      position: Number,
      date: String,
      notes: String,
      type: String,
      reference: String,
      amountCents: Number,
      balanceCents: Number,
      payNowCents: Number,
    },
    /** Who an account holder may act for, themselves included (relationship "Self"). */
    member: { id: primaryKey(String), holderId: String, patientId: String, relationship: String, position: Number },
    patient: {
      id: primaryKey(String),
      title: String,
      given: () => [] as string[],
      family: String,
      preferred: nullable(String),
      gender: String,
      birthDate: String,
      ethnicity: String,
      bloodGroup: nullable(String),
      nhi: String,
      mobile: nullable(String),
      homePhone: nullable(String),
      workPhone: nullable(String),
      email: nullable(String),
      addressLines: () => [] as string[],
      suburb: String,
      city: String,
      postcode: String,
      /** The contact-method records, already serialised as the profile carries them. */
      contactMethods: String,
      enableEmail: Boolean,
      enableNotification: Boolean,
      deviceToken: nullable(String),
      preferredContactMethod: nullable(String),
      menu: () => [] as string[],
      /** The profile photo is drawn from this seed when asked for (Patient/LoadImage); null: none. */
      photoSeed: nullable(Number),
    },
    emergencyContact: {
      id: primaryKey(String),
      patientId: String,
      position: Number,
      given: String,
      family: String,
      relationship: String,
      mobile: String,
      title: nullable(String),
      preferred: nullable(String),
      homePhone: nullable(String),
      workPhone: nullable(String),
      email: nullable(String),
    },
    /** Seeded per patient for now; later issues derive them from the generated records. */
    counters: {
      patientId: primaryKey(String),
      InboxCounter: Number,
      MedicationsCounter: Number,
      TestResultsCounter: Number,
      AppointmentsCounter: Number,
      completedcount: Number,
      futurecount: Number,
      missedcount: Number,
      facetofacecount: Number,
      videoconsultappointmentcount: Number,
      phonetriagecount: Number,
      totalpatientappointments: Number,
    },
  });
}

export type WorldStore = ReturnType<typeof createWorldStore>;

export function loadPracticeData(store: WorldStore, data: PracticeData, usernameOf: (account: PracticeData["accounts"][number]) => string): void {
  store.practice.create(data.practice);
  data.settings.forEach((s, position) => store.setting.create({ id: s.id, value: s.value, position }));
  for (const account of data.accounts) {
    store.account.create({
      label: account.label,
      username: usernameOf(account).toLowerCase(),
      password: account.password,
      signInReply: account.signInReply,
      passwordReset: account.passwordReset,
      description: account.description,
      holderId: account.holderId,
    });
    account.members.forEach((m, position) =>
      store.member.create({ id: `${account.holderId}:${m.patientId}`, holderId: account.holderId, patientId: m.patientId, relationship: m.relationship, position }),
    );
  }
  for (const p of data.patients) {
    store.patient.create({
      id: p.id,
      title: p.title,
      given: p.given,
      family: p.family,
      preferred: p.preferred,
      gender: p.gender,
      birthDate: p.birthDate,
      ethnicity: p.ethnicity,
      bloodGroup: p.bloodGroup,
      nhi: p.nhi,
      mobile: p.mobile,
      homePhone: p.homePhone,
      workPhone: p.workPhone,
      email: p.email,
      addressLines: p.address?.lines ?? [],
      suburb: p.address?.suburb ?? "",
      city: p.address?.city ?? "",
      postcode: p.address?.postcode ?? "",
      contactMethods: JSON.stringify(p.contactMethods),
      enableEmail: p.enableEmail,
      enableNotification: p.enableNotification,
      deviceToken: null,
      preferredContactMethod: null,
      menu: p.menu,
      photoSeed: p.photoSeed,
    });
    p.emergencyContacts.forEach((c, position) => store.emergencyContact.create({ ...c, patientId: p.id, position, title: null, preferred: null, homePhone: null, workPhone: null, email: null }));
    store.counters.create({ patientId: p.id, ...p.counters });
  }
  for (const invoice of data.invoices) store.invoice.create(invoice);
}
