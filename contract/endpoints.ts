import { z } from "zod";
import {
  IdentityAuthReplySchema,
  IdentityAuthRequestSchema,
  LogoutQuerySchema,
  LogoutReplySchema,
  PatientAuthReplySchema,
  PatientAuthRequestSchema,
  ValidateTokenReplySchema,
} from "./auth";
import * as accounts from "./accounts";
import * as video from "./video";
import { InvoicePdfQuerySchema, InvoicePdfReplySchema, PaymentNoticeQuerySchema, PaymentNoticeReplySchema } from "./accounts";
import {
  ChangePasswordReplySchema,
  ChangePasswordRequestSchema,
  ForgotPasswordQuerySchema,
  ForgotPasswordReplySchema,
  HelpRequestSchema,
  SendHelpMessageReplySchema,
} from "./account";
import {
  LoadImageQuerySchema,
  LoadImageReplySchema,
  OrganizationReplySchema,
  PatientIdQuerySchema,
  PatientMenuReplySchema,
  PatientMenuRequestSchema,
  PatientReplySchema,
  PracticeSettingsQuerySchema,
  PracticeSettingsReplySchema,
  ProxyUsersReplySchema,
  RefreshCounterReplySchema,
} from "./patient";
import * as appointments from "./appointments";
import * as documents from "./documents";
import * as health from "./health";
import * as medications from "./medications";
import * as messaging from "./messaging";
import * as profile from "./profile";
import * as roles from "./roles";

/**
 * Every call of the practice API in one table: method, path under the practice base address,
 * query, body and reply schemas. The portal's client, the mock's request validation and the
 * contract checks all read this table, so a call is described exactly once.
 */
export interface Endpoint<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  /** false for the calls made before a token exists. */
  needsToken: boolean;
  /** A POST that only reads (its parameters travel in the body); GET calls read by their method. */
  readOnly?: true;
  query?: Q;
  body?: B;
  reply: R;
}

function endpoint<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(e: Endpoint<Q, B, R>) {
  return e;
}

export const endpoints = {
  /** On the identity server, not the practice API. */
  identityAuthentication: endpoint({ method: "POST", path: "api/Authentication", needsToken: false, body: IdentityAuthRequestSchema, reply: IdentityAuthReplySchema }),
  patientAuthentication: endpoint({ method: "POST", path: "Patient/Authentication", needsToken: false, body: PatientAuthRequestSchema, reply: PatientAuthReplySchema }),
  logout: endpoint({ method: "POST", path: "Patient/Logout", needsToken: false, query: LogoutQuerySchema, reply: LogoutReplySchema }),
  forgotPassword: endpoint({ method: "POST", path: "Patient/ForgotPassword", needsToken: false, query: ForgotPasswordQuerySchema, reply: ForgotPasswordReplySchema }),
  changePassword: endpoint({ method: "POST", path: "Patient/ChangePassword", needsToken: true, body: ChangePasswordRequestSchema, reply: ChangePasswordReplySchema }),
  sendHelpMessage: endpoint({ method: "POST", path: "SendHelpMessage", needsToken: false, body: HelpRequestSchema, reply: SendHelpMessageReplySchema }),
  validateToken: endpoint({ method: "GET", path: "ValidateToken", needsToken: true, reply: ValidateTokenReplySchema }),
  patientMenu: endpoint({ method: "POST", path: "Patient/PatientMenu", needsToken: true, readOnly: true, body: PatientMenuRequestSchema, reply: PatientMenuReplySchema }),
  proxyUsers: endpoint({ method: "GET", path: "Patient/ProxyUsers", needsToken: true, query: PatientIdQuerySchema, reply: ProxyUsersReplySchema }),
  patient: endpoint({ method: "GET", path: "Patient", needsToken: true, query: PatientIdQuerySchema, reply: PatientReplySchema }),
  organization: endpoint({ method: "GET", path: "Patient/Organization", needsToken: true, query: PatientIdQuerySchema, reply: OrganizationReplySchema }),
  refreshCounter: endpoint({ method: "GET", path: "Patient/RefreshCounter", needsToken: true, query: PatientIdQuerySchema, reply: RefreshCounterReplySchema }),
  practiceSettings: endpoint({ method: "GET", path: "Lookup/LoadPracticeSetting", needsToken: true, query: PracticeSettingsQuerySchema, reply: PracticeSettingsReplySchema }),
  /** 1§7 puts it "on a second base address", which it does not name: asked at the practice API (decisions/171). */
  loadImage: endpoint({ method: "GET", path: "Patient/LoadImage", needsToken: true, query: LoadImageQuerySchema, reply: LoadImageReplySchema }),
  paymentNotice: endpoint({ method: "GET", path: "Patient/PaymentNotice", needsToken: true, query: PaymentNoticeQuerySchema, reply: PaymentNoticeReplySchema }),
  invoicePdf: endpoint({ method: "GET", path: "Patient/LoadInvoicePDF", needsToken: true, query: InvoicePdfQuerySchema, reply: InvoicePdfReplySchema }),
  saveTempPayment: endpoint({ method: "POST", path: "patient/SaveTempPayment", needsToken: true, query: accounts.SaveTempPaymentQuerySchema, body: accounts.SaveTempPaymentBodySchema, reply: accounts.SaveTempPaymentReplySchema }),
  /** The card provider's calls, played by the mock for the built-in test provider (1§7). */
  createPaymentIntent: endpoint({ method: "POST", path: "payments/create-payment-intent", needsToken: true, body: accounts.PaymentIntentBodySchema, reply: accounts.PaymentIntentReplySchema }),
  confirmCardPayment: endpoint({ method: "POST", path: "payments/confirm-card", needsToken: true, body: accounts.ConfirmCardBodySchema, reply: accounts.ConfirmCardReplySchema }),
  /** Not in 1§7: the portal closes an attempt as not charged only once its intent is cancelled (issue 36). */
  cancelPaymentIntent: endpoint({ method: "POST", path: "payments/cancel-payment-intent", needsToken: true, body: accounts.CancelPaymentIntentBodySchema, reply: accounts.CancelPaymentIntentReplySchema }),
  /** The practice's video function (1§7), called at VIDEO_SIGNATURE_URL when that is set. */
  videoSignature: endpoint({ method: "POST", path: "video/signature", needsToken: true, body: video.VideoSignatureBodySchema, reply: video.VideoSignatureReplySchema }),
  savePayment: endpoint({ method: "POST", path: "patient/SavePayment", needsToken: true, query: accounts.SavePaymentQuerySchema, reply: accounts.SavePaymentReplySchema }),
  lookup: endpoint({ method: "GET", path: "IndiciLookup", needsToken: true, query: profile.LookupQuerySchema, reply: profile.LookupReplySchema }),
  addEmergencyContact: endpoint({ method: "POST", path: "patient/AddEmergencyContact", needsToken: true, query: PatientIdQuerySchema, body: profile.EmergencyContactPayloadSchema, reply: profile.AddEmergencyContactReplySchema }),
  deleteEmergencyContact: endpoint({ method: "DELETE", path: "Patient/EmergencyContact", needsToken: true, query: profile.DeleteEmergencyContactQuerySchema, reply: profile.DeleteEmergencyContactReplySchema }),
  updateContactMethods: endpoint({ method: "POST", path: "Patient/UpdatePatientContactMethods", needsToken: true, body: profile.UpdateContactMethodsRequestSchema, reply: profile.UpdateContactMethodsReplySchema }),
  updateDemographics: endpoint({ method: "POST", path: "Patient/UpdatePatientDemographics", needsToken: true, body: profile.UpdateDemographicsRequestSchema, reply: profile.UpdateDemographicsReplySchema }),
  updateNotifications: endpoint({ method: "POST", path: "Patient", needsToken: true, body: profile.UpdateNotificationsRequestSchema, reply: profile.UpdateNotificationsReplySchema }),
  accountBalance: endpoint({ method: "GET", path: "Patient/AccountBalance", needsToken: true, query: PatientIdQuerySchema, reply: profile.AccountBalanceReplySchema }),
  terms: endpoint({ method: "GET", path: "Patient/TermsAndCondition", needsToken: true, query: profile.TermsQuerySchema, reply: profile.TermsReplySchema }),
  messages: endpoint({ method: "GET", path: "Patient/Messaging", needsToken: true, query: messaging.MessagingQuerySchema, reply: messaging.MessagingReplySchema }),
  appointments: endpoint({ method: "GET", path: "Patient/Appointments", needsToken: true, query: appointments.AppointmentsQuerySchema, reply: appointments.AppointmentsReplySchema }),
  cancelAppointment: endpoint({ method: "DELETE", path: "Patient/Appointment", needsToken: true, query: appointments.CancelAppointmentQuerySchema, reply: appointments.CancelAppointmentReplySchema }),
  availablePractitioners: endpoint({ method: "GET", path: "Patient/AvailablePractitioner", needsToken: true, query: appointments.AvailablePractitionerQuerySchema, reply: appointments.AvailablePractitionerReplySchema }),
  appointmentSlots: endpoint({ method: "GET", path: "Patient/AppointmentSlots", needsToken: true, query: appointments.AppointmentSlotsQuerySchema, reply: appointments.AppointmentSlotsReplySchema }),
  bookAppointment: endpoint({ method: "POST", path: "Patient/Appointment", needsToken: true, query: appointments.BookAppointmentQuerySchema, reply: appointments.BookAppointmentReplySchema }),
  nextAvailableDay: endpoint({ method: "GET", path: "Patient/NextAvailableDay", needsToken: true, query: appointments.NextAvailableDayQuerySchema, reply: appointments.NextAvailableDayReplySchema }),
  roles: endpoint({ method: "GET", path: "Patient/LoadRoles", needsToken: true, query: roles.RolesQuerySchema, reply: roles.RolesReplySchema }),
  medications: endpoint({ method: "GET", path: "Patient/Medication", needsToken: true, query: medications.MedicationsQuerySchema, reply: medications.MedicationsReplySchema }),
  pharmacies: endpoint({ method: "GET", path: "Patient/Pharmacies", needsToken: true, query: medications.PharmaciesQuerySchema, reply: medications.PharmaciesReplySchema }),
  repeatRequest: endpoint({ method: "POST", path: "Patient/SendRepeatMedicationRequest", needsToken: true, body: medications.RepeatRequestSchema, reply: medications.RepeatReplySchema }),
  labResults: endpoint({ method: "GET", path: "Patient/LabResults", needsToken: true, query: documents.LabResultsQuerySchema, reply: documents.LabResultsReplySchema }),
  labResultById: endpoint({ method: "GET", path: "Patient/LabResultByID", needsToken: true, query: documents.LabResultByIdQuerySchema, reply: documents.LabResultByIdReplySchema }),
  labChart: endpoint({ method: "GET", path: "Patient/LabResultChartById", needsToken: true, query: documents.LabChartQuerySchema, reply: documents.LabChartReplySchema }),
  /** The letter calls carry the Token as a query parameter (2§7). */
  letters: endpoint({ method: "GET", path: "Patient/LetterAndDocument", needsToken: false, query: documents.LettersQuerySchema, reply: documents.LettersReplySchema }),
  letterById: endpoint({ method: "GET", path: "Patient/LetterAndDocumentByID", needsToken: false, query: documents.LetterByIdQuerySchema, reply: documents.LetterByIdReplySchema }),
  media: endpoint({ method: "GET", path: "Patient/Media", needsToken: true, query: documents.MediaQuerySchema, reply: documents.MediaReplySchema }),
  mediaById: endpoint({ method: "GET", path: "Patient/MediaByID", needsToken: true, query: documents.MediaByIdQuerySchema, reply: documents.MediaByIdReplySchema }),
  conditions: endpoint({ method: "GET", path: "Patient/Condition", needsToken: true, query: health.ConditionsQuerySchema, reply: health.ConditionsReplySchema }),
  allergies: endpoint({ method: "GET", path: "Patient/AllergyIntolerance", needsToken: true, query: health.AllergiesQuerySchema, reply: health.AllergiesReplySchema }),
  immunisations: endpoint({ method: "GET", path: "Patient/Immunization", needsToken: true, query: health.ImmunisationsQuerySchema, reply: health.ImmunisationsReplySchema }),
  timeline: endpoint({ method: "GET", path: "Patient/Timeline", needsToken: true, query: health.TimelineQuerySchema, reply: health.TimelineReplySchema }),
  reminders: endpoint({ method: "GET", path: "Patient/PatientAlerts", needsToken: true, query: health.RemindersQuerySchema, reply: health.RemindersReplySchema }),
  vitals: endpoint({ method: "GET", path: "Patient/Observation", needsToken: true, query: health.VitalsQuerySchema, reply: health.VitalsReplySchema }),
  messageById: endpoint({ method: "GET", path: "Patient/MessageByID", needsToken: true, query: messaging.MessageByIdQuerySchema, reply: messaging.MessageByIdReplySchema }),
  sendMessage: endpoint({ method: "POST", path: "Patient/Message", needsToken: true, query: messaging.SendMessageQuerySchema, body: messaging.OutgoingMessageSchema, reply: messaging.SendMessageReplySchema }),
  deleteMessage: endpoint({ method: "DELETE", path: "Patient/DeleteMessage", needsToken: true, query: messaging.DeleteMessageQuerySchema, reply: messaging.DeleteMessageReplySchema }),
  messagingRecipients: endpoint({ method: "GET", path: "Patient/MessagingRecipients", needsToken: true, query: messaging.MessagingRecipientsQuerySchema, reply: messaging.MessagingRecipientsReplySchema }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
