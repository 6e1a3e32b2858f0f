import { describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";

/**
 * `contract/endpoints.ts` spreads each contract file's table of calls into one; a name two files
 * declare would be overwritten by the later spread without a word from `tsc`. Counted here from the
 * files themselves, every `*Endpoints` table a contract file exports.
 */
const contractFiles = import.meta.glob<Record<string, unknown>>("../../contract/*.ts", { eager: true });

describe("the practice API's calls", () => {
  it("are each declared by one contract file, and all gathered", () => {
    const declared = Object.entries(contractFiles).flatMap(([file, exports]) =>
      Object.entries(exports).flatMap(([exported, table]) => (exported.endsWith("Endpoints") && table && typeof table === "object" ? Object.keys(table).map((name) => `${name} (${file})`) : [])),
    );
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.map((entry) => entry.split(" ")[0]).sort()).toEqual(Object.keys(endpoints).sort());
  });
});

/**
 * The calls of 1§7 and 2§7, as their rows name them. The contract holds only these (decisions/372,
 * 374): a call the portal would add is one a practice built to the spec does not have, so it fails
 * here until its row in docs/spec-deviations.md and a way to work without it are agreed.
 */
const SPEC_CALLS: Record<string, string> = {
  "POST api/Authentication": "1§7: /api/Authentication on the identity server",
  "POST Patient/Authentication": "1§7",
  "POST Patient/Logout": "1§7",
  "GET ValidateToken": "1§7",
  "POST Patient/PatientMenu": "1§7",
  "GET Patient/ProxyUsers": "1§7",
  "GET Patient": "1§7: Patient?PatientID (profile)",
  "GET Patient/Organization": "1§7",
  "GET Patient/LoadImage": "1§7",
  "GET Patient/RefreshCounter": "1§7",
  "GET Lookup/LoadPracticeSetting": "1§7",
  "GET Patient/LoadRoles": "1§7 and 2§7 (roles lookup)",
  "POST Patient/ForgotPassword": "1§7",
  "POST Patient/ChangePassword": "1§7",
  "PUT Patient/ChangePassword": "1§7: a PUT helper variant takes a query",
  "POST SendHelpMessage": "1§7",
  "GET IndiciLookup": "1§7 (the product's lookup resource) and 2§7",
  "POST patient/AddEmergencyContact": "1§7",
  "POST Patient/UpdatePatientContactMethods": "1§7",
  "POST Patient/UpdatePatientDemographics": "1§7",
  "POST Patient": "1§7: Patient with Token query (the notification flags)",
  "DELETE Patient/EmergencyContact": "1§7",
  "GET Patient/AccountBalance": "1§7",
  "GET Patient/PaymentNotice": "1§7",
  "GET Patient/LoadInvoicePDF": "1§7",
  "POST patient/SaveTempPayment": "1§7",
  "POST payments/create-payment-intent": "1§7: external create-payment-intent function",
  "POST payments/confirm-card": "1§7: (card provider) confirms the card payment",
  "POST patient/SavePayment": "1§7",
  "POST video/signature": "1§7: external video function",
  "GET Patient/TermsAndCondition": "1§7 and 2§7",
  "GET Patient/Appointments": "2§7",
  "DELETE Patient/Appointment": "2§7",
  "GET Patient/AvailablePractitioner": "2§7",
  "GET Patient/AppointmentSlots": "2§7",
  "POST Patient/Appointment": "2§7",
  "GET Patient/NextAvailableDay": "2§7",
  "GET Patient/Medication": "2§7",
  "GET Patient/Pharmacies": "2§7",
  "POST Patient/SendRepeatMedicationRequest": "2§7",
  "GET Patient/Condition": "2§7",
  "GET Patient/LabResults": "2§7",
  "GET Patient/LabResultByID": "2§7",
  "GET Patient/LabResultChartById": "2§7",
  "GET Patient/AllergyIntolerance": "2§7",
  "GET Patient/Immunization": "2§7",
  "GET Patient/Timeline": "2§7",
  "GET Patient/PatientAlerts": "2§7",
  "GET Patient/Media": "2§7",
  "GET Patient/MediaByID": "2§7",
  "GET Patient/LetterAndDocument": "2§7",
  "GET Patient/LetterAndDocumentByID": "2§7",
  "GET Patient/Observation": "2§7",
  "GET Patient/Messaging": "2§7",
  "GET Patient/MessageByID": "2§7",
  "DELETE Patient/DeleteMessage": "2§7",
  "GET Patient/MessagingRecipients": "2§7",
  "POST Patient/Message": "2§7",
};

describe("the contract against 1§7 and 2§7", () => {
  it("holds only calls the spec's tables name", () => {
    const outside = Object.values(endpoints)
      .map((e) => `${e.method} ${e.path}`)
      .filter((call) => !(call in SPEC_CALLS));
    expect(outside).toEqual([]);
  });
});
