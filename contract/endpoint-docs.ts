import type { EndpointName } from "./endpoints";

/**
 * What each call of the practice API is for, in a line, and its area: the OpenAPI document's summary
 * and tag (mock-server/openapi.ts). Kept beside the endpoint table and typed by it, so a call added
 * there without a description here fails the type check.
 */

export const ENDPOINT_AREAS = {
  "Sign-in": "Authentication, tokens, password recovery and Login Help (1§4, 1§7).",
  Patient: "The signed-in patient: menu, linked accounts, profile, practice, counters and settings (1§7).",
  Profile: "Contact details, demographics, emergency contacts, notifications, balance and terms (1§7).",
  Accounts: "Invoices, their PDFs and card payments (1§7).",
  Appointments: "Appointments, practitioners and cancellations (2§7).",
  Medications: "Medications, pharmacies and repeat requests (2§7).",
  Records: "Test results, letters, documents and resources (2§7).",
  Health: "Diagnoses, allergies, immunisations, the timeline, reminders and vitals (2§7).",
  Messaging: "Secure messages with the practice (2§7).",
} as const;

export type EndpointArea = keyof typeof ENDPOINT_AREAS;

export const ENDPOINT_DOCS: Record<EndpointName, { summary: string; area: EndpointArea }> = {
  identityAuthentication: { summary: "Find the practice API address (ACCAPIURL) for a user", area: "Sign-in" },
  patientAuthentication: { summary: "Sign in with user name and password, or a switch token", area: "Sign-in" },
  logout: { summary: "End a session's token", area: "Sign-in" },
  forgotPassword: { summary: "Mail a temporary password to a user", area: "Sign-in" },
  changePassword: { summary: "Change the account holder's password", area: "Sign-in" },
  sendHelpMessage: { summary: "Send a Login Help request to the practice", area: "Sign-in" },
  validateToken: { summary: "Check that a session token is still valid", area: "Sign-in" },
  patientMenu: { summary: "The areas the user's menu offers", area: "Patient" },
  proxyUsers: { summary: "The family members an account holder may act for", area: "Patient" },
  patient: { summary: "A patient's profile", area: "Patient" },
  organization: { summary: "The patient's practice: name, hours, phone, GP and address", area: "Patient" },
  refreshCounter: { summary: "The dashboard's counters", area: "Patient" },
  practiceSettings: { summary: "The practice's portal settings", area: "Patient" },
  paymentNotice: { summary: "Pending or all invoices, paged", area: "Accounts" },
  invoicePdf: { summary: "One invoice as a PDF (base64)", area: "Accounts" },
  saveTempPayment: { summary: "Start a payment of chosen invoices; answers the electronic payment id", area: "Accounts" },
  createPaymentIntent: { summary: "Create the card provider's payment intent for an amount in cents", area: "Accounts" },
  confirmCardPayment: { summary: "Confirm a payment intent with a card (the built-in test provider)", area: "Accounts" },
  savePayment: { summary: "Record a charged payment against its invoices", area: "Accounts" },
  lookup: { summary: "A lookup list (titles, towns, relationships, ethnicities and others) by type", area: "Profile" },
  addEmergencyContact: { summary: "Add an emergency contact", area: "Profile" },
  deleteEmergencyContact: { summary: "Remove an emergency contact", area: "Profile" },
  updateContactMethods: { summary: "Update phone numbers, e-mail and the preferred contact method", area: "Profile" },
  updateDemographics: { summary: "Update names, gender, ethnicity, date of birth and blood group", area: "Profile" },
  updateNotifications: { summary: "Turn e-mail and push notifications on or off", area: "Profile" },
  accountBalance: { summary: "The account holder's balance", area: "Profile" },
  terms: { summary: "The terms and conditions or a messaging disclaimer, by load type", area: "Profile" },
  messages: { summary: "Inbox, sent or draft messages, paged", area: "Messaging" },
  messageById: { summary: "One message with its thread", area: "Messaging" },
  sendMessage: { summary: "Send a message, or save it as a draft, with its attachments", area: "Messaging" },
  deleteMessage: { summary: "Delete one message, or several as a comma list with a trailing comma", area: "Messaging" },
  messagingRecipients: { summary: "The practitioners a patient can write to in one role", area: "Messaging" },
  appointments: { summary: "Upcoming or past appointments in a date range", area: "Appointments" },
  cancelAppointment: { summary: "Cancel an appointment with a reason", area: "Appointments" },
  availablePractitioners: { summary: "Practitioners with free slots for a date", area: "Appointments" },
  appointmentSlots: { summary: "A provider's free slots on one day at the chosen locations", area: "Appointments" },
  bookAppointment: { summary: "Book a slot for the patient or a linked family member", area: "Appointments" },
  nextAvailableDay: { summary: "The provider's next rostered day with a free slot (escaped JSON string)", area: "Appointments" },
  roles: { summary: "Roles: to write to (TypeID 1) or to book with, by location (TypeID 2)", area: "Appointments" },
  medications: { summary: "Current or past medications", area: "Medications" },
  pharmacies: { summary: "The pharmacies a repeat prescription can be sent to", area: "Medications" },
  repeatRequest: { summary: "Request repeat medications", area: "Medications" },
  labResults: { summary: "Test results, paged", area: "Records" },
  labResultById: { summary: "One test result", area: "Records" },
  labChart: { summary: "A test's values over time, for its chart", area: "Records" },
  letters: { summary: "Letters and documents, paged or in a date range (Token as a query parameter)", area: "Records" },
  letterById: { summary: "One letter or document (Token as a query parameter)", area: "Records" },
  media: { summary: "Health resources shared with the patient, paged", area: "Records" },
  mediaById: { summary: "One health resource", area: "Records" },
  conditions: { summary: "Diagnoses: all, recent or long term, paged", area: "Health" },
  allergies: { summary: "Allergies with type, severity, reaction and note, paged", area: "Health" },
  immunisations: { summary: "Immunisations: all, administered, overdue or due, paged", area: "Health" },
  timeline: { summary: "Timeline events in a date range, by text or provider, paged", area: "Health" },
  reminders: { summary: "Reminders (patient alerts) from the practice, paged", area: "Health" },
  vitals: { summary: "Vital observations: blood pressure, weight, height, BMI, heart rate", area: "Health" },
};
