import { toBundle } from "@contract/fhir";
import { PROFILE_PHOTO_DOCUMENT_KEY } from "@contract/patient";
import { seededPng } from "../documents/png";
import { MENU_CODES } from "../../fixtures/builders/menu-items";
import { HttpError } from "../http";
import { menuItemResource, organizationResource, patientResource, proxyUserResource } from "../resources/patient";
import { mockArea, type AreaRoutes, type WorldOf } from "../area";
import { appointmentsArea } from "./appointments";
import { documentsArea } from "./documents";
import { messagingArea } from "./messaging";
import { balanceOf } from "./accounts";
import { withToken } from "./helpers";

/** The counters read the appointments, documents and messages. */
type World = WorldOf<typeof appointmentsArea | typeof documentsArea | typeof messagingArea>;

/** The patient-level calls the portal makes after sign-in (1§7). Patient ids are checked by the wrapper. */
const patientRoutes = {
  patientMenu: withToken(({ world, body }) => {
    // The menu is the one of the person being viewed: the proxy when one is chosen.
    const patient = patientOf(world, body.ProxyID || body.UserLoggedID);
    return toBundle(MENU_CODES.filter((code) => patient.menu.includes(code)).map(menuItemResource));
  }),

  proxyUsers: withToken(({ world, query }) => {
    const members = world.store.member.findMany({ where: { holderId: { equals: query.PatientID } }, orderBy: { position: "asc" } });
    // Someone who holds no account of their own (a linked child) acts only for themselves.
    const rows = members.length > 0 ? members : [{ patientId: query.PatientID, relationship: "Self" }];
    return toBundle(rows.map((m) => proxyUserResource(patientOf(world, m.patientId), m.relationship)));
  }),

  patient: withToken(({ world, query }) => {
    const patient = patientOf(world, query.PatientID);
    const contacts = world.store.emergencyContact.findMany({ where: { patientId: { equals: patient.id } }, orderBy: { position: "asc" } });
    return toBundle([patientResource(patient, contacts)]);
  }),

  organization: withToken(({ world }) => {
    return toBundle(world.store.practice.getAll().map(organizationResource));
  }),

  refreshCounter: withToken(({ world, query }) => {
    const c = world.store.counters.findFirst({ where: { patientId: { equals: query.PatientID } } });
    if (!c) throw new HttpError(404, { error: `No counters for patient ${query.PatientID}` });
    // Future appointments the world's clock has passed count as completed (decisions/012).
    const passed = world.appointments.passed(query.PatientID);
    // Bookings and cancellations made through the portal move the counts too (issue 14).
    const changed = world.appointments.changes(query.PatientID);
    return [
      {
        // Unread messages are counted from the inbox itself, so opening one lowers the badge.
        InboxCounter: world.messages.unreadCount(query.PatientID),
        MedicationsCounter: c.MedicationsCounter,
        TestResultsCounter: world.documents.unreadResults(query.PatientID),
        AppointmentsCounter: Math.max(0, c.AppointmentsCounter - passed + changed.future),
        completedcount: c.completedcount + passed,
        futurecount: Math.max(0, c.futurecount - passed + changed.future),
        missedcount: c.missedcount,
        facetofacecount: Math.max(0, c.facetofacecount + changed.faceToFace),
        videoconsultappointmentcount: Math.max(0, c.videoconsultappointmentcount + changed.video),
        phonetriagecount: Math.max(0, c.phonetriagecount + changed.phone),
        totalpatientappointments: Math.max(0, c.totalpatientappointments + changed.future),
      },
    ];
  }),

  practiceSettings: withToken(({ world, query }) => {
    const settings = world.store.setting.findMany({ where: {}, orderBy: { position: "asc" } });
    // Settings are read per patient: with IsOutstandingBalance on, OutstandingBalance is that
    // patient's unpaid total, so paying the invoices clears it.
    const outstandingOn = settings.some((s) => s.id === "IsOutstandingBalance" && s.value === "1");
    return settings.map((s) => ({ id: s.id, value: outstandingOn && s.id === "OutstandingBalance" ? balanceOf(world, query.PatientID).toFixed(2) : s.value }));
  }),

  loadImage: withToken(({ world, query }) => {
    // Ids reaching here passed the token check; the photo is drawn from the patient's seed, the same
    // picture at every call and in every run of the world.
    const patient = patientOf(world, query.PatientID);
    if (query.DocumentKey !== PROFILE_PHOTO_DOCUMENT_KEY || patient.photoSeed === null) return "";
    return seededPng(patient.photoSeed, PHOTO_SIZE, PHOTO_SIZE).toString("base64");
  }),
} satisfies AreaRoutes<World>;

/** Square, as a profile photo is: the portal shows it in a circle. */
const PHOTO_SIZE = 160;

function patientOf(world: World, id: string) {
  const patient = world.store.patient.findFirst({ where: { id: { equals: id } } });
  // Ids reaching here passed the token check, so a miss means the world's data is inconsistent.
  if (!patient) throw new HttpError(404, { error: `No patient ${id} in world ${world.id}` });
  return patient;
}

/** The area as the mock lists it (mock-server/areas.ts, decisions/359): its calls, reading other areas' stores. */
export const patientArea = mockArea({ routes: patientRoutes });
