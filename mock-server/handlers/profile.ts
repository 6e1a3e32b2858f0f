import { randomBytes } from "node:crypto";
import { toBundle } from "@contract/fhir";
import { LookupSlots, type ContactMethodRecord } from "@contract/profile";
import { LOOKUPS } from "../../fixtures/builders/lookups";
import { rosterLocations } from "../../fixtures/builders/roster";
import { hashSeed } from "../../fixtures/builders/random";
import { HttpError } from "../http";
import { mockArea, type AreaRoutes, type WorldOf } from "../area";
import { healthArea } from "./health";
import { balanceOf } from "./accounts";
import { practiceOf, withToken } from "./helpers";

/** The profile calls (1§7). Every change lands in the world's store, so the next profile read shows it. */

const MAX_EMERGENCY_CONTACTS = 5;

/** The profile's vitals come from the health summary. */
type World = WorldOf<typeof healthArea>;

const profileRoutes = {
  lookup: withToken(({ world, query }) => {
    // Type 14, the timeline's providers, is the practice's own team; 11 its locations; the other lists are fixed.
    const entries =
      query.TypeID === "14"
        ? world.health.providers.map((s) => ({ id: s.id, name: s.name }))
        : query.TypeID === "11"
          ? rosterLocations(practiceOf(world)).map((l) => ({ id: l.id, name: l.name }))
          : (LOOKUPS[query.TypeID] ?? []);
    return toBundle(entries.map((e) => ({ resourceType: "Basic" as const, extension: LookupSlots.write({ id: e.id, name: e.name }) })));
  }),

  addEmergencyContact: withToken(({ world, query, body }) => {
    const patient = patientOf(world, query.PatientID);
    if (body.PatientID !== patient.id) return { StatusCode: "3", StatusMessage: "The contact's PatientID does not match the query." };
    const existing = world.store.emergencyContact.findMany({ where: { patientId: { equals: patient.id } }, orderBy: { position: "asc" } });
    if (existing.length >= MAX_EMERGENCY_CONTACTS) {
      return { StatusCode: "3", StatusMessage: `A patient can have up to ${MAX_EMERGENCY_CONTACTS} emergency contacts. Please remove one first.` };
    }
    const c = body.PatientContact;
    const id = `${patient.id}${randomBytes(3).toString("hex")}`;
    world.store.emergencyContact.create({
      id,
      patientId: patient.id,
      position: (existing.at(-1)?.position ?? -1) + 1,
      title: body.Title || null,
      given: body.FirstName,
      family: body.FamilyName,
      preferred: body.PreferredName || null,
      relationship: body.RelationshipName,
      mobile: c.CellPhoneNumber,
      homePhone: c.HomePhoneNumber || null,
      workPhone: c.WorkPhoneNumber || null,
      email: c.EmailAddress || null,
    });
    return { StatusCode: "1", StatusMessage: "Emergency contact added.", EmergencyContactID: id };
  }),

  deleteEmergencyContact: withToken(({ world, query }) => {
    const where = { id: { equals: query.EmergencyContactID }, patientId: { equals: query.PatientID } };
    if (!world.store.emergencyContact.findFirst({ where })) return { StatusCode: "3", StatusMessage: "That emergency contact was not found." };
    world.store.emergencyContact.delete({ where });
    return { StatusCode: "1", StatusMessage: "Emergency contact removed." };
  }),

  updateContactMethods: withToken(({ world, body }) => {
    const patient = patientOf(world, body.PatientID);
    const chosen = new Map(body.SelectedContacttMethods.map((m) => [m.ContactMethodID, m.ContactMethod]));
    if (!chosen.has(body.PrefferedContactMethodID)) return { StatusCode: "3", StatusMessage: "The preferred contact method must be one of the selected methods." };
    const previous = JSON.parse(patient.contactMethods || "[]") as ContactMethodRecord[];
    const now = world.clock.now().toISO({ includeOffset: false, suppressMilliseconds: true })!;
    const records = [...chosen].map(([id, name], i): ContactMethodRecord => {
      const kept = previous.find((r) => r.ContactMethodID === id && !r.IsDeleted);
      return kept
        ? { ...kept, IsActive: true }
        : {
            ContactMethod: name,
            ContactMethodID: id,
            IsActive: true,
            IsDeleted: false,
            ProfileContactMethodID: 100000 + (hashSeed(world.seed, "contact-method", patient.id, id, i, now) % 900000),
            ProfileID: Number(patient.id) || 0,
            InsertedAt: now,
            UpdatedAt: now,
            InsertedBY: Number(patient.id) || 0,
            UpdatedBY: Number(patient.id) || 0,
          };
    });
    world.store.patient.update({
      where: { id: { equals: patient.id } },
      data: {
        mobile: body.CellPhoneNumber || null,
        homePhone: body.HomePhoneNumber || null,
        workPhone: body.WorkPhoneNumber || null,
        email: body.EmailAddress || null,
        contactMethods: JSON.stringify(records),
        preferredContactMethod: String(body.PrefferedContactMethodID),
      },
    });
    return { StatusCode: "1", StatusMessage: "Contact details updated." };
  }),

  updateDemographics: withToken(({ world, body }) => {
    const patient = patientOf(world, body.PatientID);
    world.store.patient.update({
      where: { id: { equals: patient.id } },
      data: {
        title: body.Title || patient.title,
        // Middle names are not in the payload: only the first given name is replaced.
        given: [body.FirstName, ...patient.given.slice(1)],
        family: body.FamilyName,
        preferred: body.PreferredName || null,
        bloodGroup: body.BloodGroupName || null,
      },
    });
    return { StatusCode: "1", StatusMessage: "Profile updated." };
  }),

  updateNotifications: withToken(({ world, body, session }) => {
    // The patient is named by the resource id here, which the wrapper's PatientID check cannot see.
    if (!session.patientIds.has(body.id)) throw new HttpError(403, { error: "Forbidden", message: `Patient ${body.id} is not this sign-in's patient or one of its linked accounts` });
    const patient = patientOf(world, body.id);
    world.store.patient.update({
      where: { id: { equals: patient.id } },
      data: { enableEmail: body.extension.enableEmail, enableNotification: body.extension.enableNotification, deviceToken: body.extension.deviceToken ?? patient.deviceToken },
    });
    return { StatusCode: "1", StatusMessage: "Notification settings saved." };
  }),

  accountBalance: withToken(({ world, query }) => {
    // The sum of the pending invoices' balances, so a payment lowers it.
    return [{ Balance: balanceOf(world, patientOf(world, query.PatientID).id) }];
  }),

  terms: withToken(({ world, query }) => {
    const practice = practiceOf(world)?.name ?? "the practice";
    return query.loadtype === "1" ? termsText(practice) : draftsText(practice);
  }),
} satisfies AreaRoutes<World>;

function patientOf(world: World, id: string) {
  const patient = world.store.patient.findFirst({ where: { id: { equals: id } } });
  if (!patient) throw new HttpError(404, { error: `No patient ${id} in world ${world.id}` });
  return patient;
}

function termsText(practice: string): string {
  return [
    `Patient portal terms of use for ${practice}.`,
    "The portal lets you see parts of your health record, message the practice and manage your details. It is not for emergencies: in an emergency call 111.",
    "Messages are read by the practice team during opening hours and may take up to three working days to be answered. Please do not send urgent or time-critical information.",
    "Keep your password to yourself. If you act for a family member, only use their record with their agreement or as their legal guardian.",
    "The practice may record what you send in your health record. You can ask for a correction of anything you believe is wrong.",
  ].join("\n\n");
}

function draftsText(practice: string): string {
  return [
    `Drafts are kept by ${practice}'s portal until you send or delete them.`,
    "A draft is not seen by the practice. Please send your message once it is complete.",
  ].join("\n\n");
}

/** The area as the mock lists it (mock-server/areas.ts, decisions/359): its calls, reading the health store. */
export const profileArea = mockArea({ routes: profileRoutes });
