import type { patientEndpoints } from "@contract/patient";
import { bundleRow } from "./bundle";
import { absent, asSent, changed, emptied, extensionsCut, extras, leftOut, markedUp, nulled, shape, together, valued, type RoomRow, type Shape } from "./shapes";

/**
 * The room 1§7 leaves the patient, menu, practice, counter and setting calls (issue 68, decisions/396).
 * 1§3 names the Patient profile's and the Practice's fields and the order of their extensions, but not
 * which a record must carry; 1§7 names a menu item's three values and the counters' names, not that
 * each is sent. A record's id stays: the portal addresses the record by it.
 *
 * The spec practice in the end-to-end tests is seed 1 (decisions/396): seed 1 gives the nth record the
 * (n + 1)th shape, so the shapes a list's first records take there come first, and change only words
 * (a label the portal does not show, a date's form, markup), never what a test follows (a type code, an amount).
 */

/** The Patient's extensions by position (1§3; contract/patient.ts PatientSlots). */
const P = {
  ethnicity: "extension.0.valueString",
  bloodGroup: "extension.1.valueString",
  contactMethods: "extension.2.valueString",
  nhi: "extension.3.valueString",
  enableEmail: "extension.4.valueBoolean",
  enableNotification: "extension.5.valueBoolean",
} as const;

const patientRecords: Shape[] = [
  // The name: none, or only some of its parts (the display name is made from the others), or with markup.
  ...leftOut("name"),
  absent("name.0.text"),
  together("a name with no parts", absent("name.0.text"), absent("name.0.given"), absent("name.0.family"), absent("name.0.prefix")),
  markedUp("name.0.text"),
  markedUp("name.0.family"),
  // Gender and birth date: absent, null or empty; a gender code the portal does not know.
  ...leftOut("gender"),
  valued("gender", "intersex"),
  ...leftOut("birthDate"),
  // The lists: telecom, address and emergency contacts, each absent, null or empty.
  ...leftOut("telecom"),
  nulled("telecom.0.value"),
  valued("telecom.0.system", "pager", "telecom.0.system a system the portal does not know"),
  absent("telecom.0.use"),
  ...leftOut("address"),
  together("an address with no text, only its parts", absent("address.0.text")),
  together("an address with its text alone", emptied("address.0.line"), absent("address.0.city"), absent("address.0.postalCode"), absent("address.0.country")),
  markedUp("address.0.text"),
  ...leftOut("contact"),
  together("an emergency contact with only its id", absent("contact.0.name"), absent("contact.0.relationship"), absent("contact.0.telecom")),
  nulled("contact.0.relationship.0.coding.0.display"),
  markedUp("contact.0.name.family"),
  // The extensions: none, cut before the NHI, or the shown ones null, empty or in words the portal has not met.
  ...leftOut("extension"),
  extensionsCut(1),
  extensionsCut(3),
  ...leftOut(P.nhi),
  ...leftOut(P.ethnicity),
  markedUp(P.ethnicity),
  valued(P.bloodGroup, "Rh-null", "a blood group the portal does not know"),
  valued(P.contactMethods, "not json", "contact methods that are not JSON"),
  nulled(P.enableEmail),
  nulled(P.enableNotification),
];

/** The Practice's extensions by position (1§3; contract/patient.ts PracticeSlots). */
const O = { openingStart: "extension.0.valueString", openingEnd: "extension.1.valueString", gpName: "extension.2.valueString" } as const;

const practiceRecords: Shape[] = [
  ...leftOut("name"),
  markedUp("name"),
  ...leftOut("telecom"),
  nulled("telecom.0.value"),
  ...leftOut("address"),
  together("an address with its parts alone", absent("address.0.text")),
  markedUp("address.0.text"),
  ...leftOut("extension"),
  extensionsCut(1),
  extensionsCut(2),
  ...leftOut(O.openingStart),
  ...leftOut(O.openingEnd),
  ...leftOut(O.gpName),
  markedUp(O.gpName),
  // 1§3 says "opening start and end times", not how they are written: shown as sent where not HH:MM.
  valued(O.openingStart, "8:00 AM", "opening start in words"),
];

/** A menu item's extensions by position (1§7: name, unused, type code; contract/patient.ts MenuItemSlots). */
const M = { name: "extension.0.valueString", unused: "extension.1.valueString", typeCode: "extension.2.valueString" } as const;

const menuRecords: Shape[] = [
  // The menu's 13 items take shapes 1 to 13 at seed 1: words the portal does not show (the label is its own) come first.
  ...leftOut(M.name),
  ...leftOut(M.unused),
  markedUp(M.name),
  valued(M.name, "Ngā Rongoā", "a name in te reo Māori"),
  ...leftOut("resourceType"),
  valued("resourceType", "MenuItem", "another resourceType"),
  changed(M.typeCode, "type code padded with spaces", (old) => (typeof old === "string" ? ` ${old} ` : old)),
  // Then what leaves an item out of the menu: no type code, one the portal has never met, no extensions.
  ...leftOut(M.typeCode),
  valued(M.typeCode, "99", "a type code the portal does not know"),
  extensionsCut(2),
  ...leftOut("extension"),
];

/** The counters of 1§3, each of which a practice may send as text, null, empty or not at all. */
const COUNTERS = ["InboxCounter", "MedicationsCounter", "TestResultsCounter", "AppointmentsCounter", "completedcount", "futurecount", "missedcount", "facetofacecount", "videoconsultappointmentcount", "phonetriagecount", "totalpatientappointments"] as const;

/** Every counter changed by `change`, named for the summary. */
function everyCount(name: string, change: (old: unknown) => unknown): Shape {
  return shape(name, (value) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
    const counters: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const counter of COUNTERS) {
      const next = change(counters[counter]);
      if (next === undefined) delete counters[counter];
      else counters[counter] = next;
    }
    return counters;
  });
}

const counterRecords: Shape[] = [
  everyCount("every count as text", (old) => (typeof old === "number" ? String(old) : old)),
  everyCount("every count null", () => null),
  everyCount("every count empty", () => ""),
  everyCount("every count absent", () => undefined),
  ...COUNTERS.flatMap((counter) => [nulled(counter), absent(counter)]),
  extras,
];

/** Each setting's value changed by `change` (1§3: "an id with a string value"), named for the summary. */
function everySetting(name: string, change: (value: unknown) => unknown): Shape {
  return shape(name, (reply) =>
    Array.isArray(reply)
      ? reply.map((setting: { id?: unknown; value?: unknown }) => {
          if (setting === null || typeof setting !== "object") return setting;
          const next = change(setting.value);
          if (next !== undefined) return { ...setting, value: next };
          const { value: _left, ...rest } = setting;
          return rest;
        })
      : reply,
  );
}

export const patientRoom = {
  patientMenu: bundleRow({
    fixes: "1§7: an entry list of menu items, each carrying (by position) a name, an unused value and a type code; 1§2 names the codes the portal links (26, 16, 11, 14, 15, 17, 18, 19, 24, 28, 29, 56, 50).",
    open: "Which of the three an item carries, null or empty; the name's words (the portal shows its own label); the resource type, which 1§7 does not name; type codes the spec does not list, padded or missing (the item is then left out: a feature not built is not linked).",
    records: menuRecords,
  }),
  proxyUsers: bundleRow({
    fixes: "1§7: a list with total and entry, each a resource with its id, name[0].text and the relationship at extension[0].valueString, which the chooser reads.",
    open: "The name's other parts; the words of the name and of the relationship (markup, macrons, a relationship the portal has not met, an empty one).",
    records: [absent("name.0.given"), absent("name.0.family"), absent("name.0.prefix"), markedUp("name.0.text"), emptied("extension.0.valueString"), valued("extension.0.valueString", "Whāngai", "a relationship the portal has not met")],
  }),
  patient: bundleRow({
    fixes: "1§3 Patient profile, as the first entry, with its id.",
    open: "Every field of 1§3 may be absent, null or empty: the name or its parts, gender (or a code the portal does not know), birth date, telecom entries (or their value, system or use), the address (its text or its parts), emergency contacts (all but their id), the extensions (cut short, or NHI, ethnicity and the flags null or empty); free text with markup and macrons.",
    records: patientRecords,
  }),
  organization: bundleRow({
    fixes: "1§3 Practice, as the first entry, with its id.",
    open: "Which of name, opening start and end, telecom phone, address text and GP name (third extension) it carries, each absent, null or empty; the extension list cut short; how an opening time is written; text with markup and macrons.",
    records: practiceRecords,
  }),
  refreshCounter: {
    fixes: "1§7: \"First item holds the counters\"; 1§3 names them.",
    open: "Each count a number or numeric text, null, empty or not sent (a count not sent is not recorded, never 0); fields beside them.",
    replies: [asSent],
    records: { at: "list", shapes: [asSent, ...counterRecords] },
  },
  practiceSettings: {
    fixes: "1§7: \"a list of settings by id\"; 1§3: each an id with a string value, \"1\" meaning true, and the defaults when empty.",
    open: "Settings the portal does not read; an empty value sent null or not at all; fields beside them; every value null (1§3's defaults then apply).",
    replies: [
      asSent,
      shape("a setting the portal does not read", (reply) => (Array.isArray(reply) ? [...reply, { id: "PortalNewFeature", value: "1" }] : reply)),
      everySetting("empty values null", (value) => (value === "" ? null : value)),
      everySetting("empty values absent", (value) => (value === "" ? undefined : value)),
      shape("fields beside each setting", (reply) => (Array.isArray(reply) ? reply.map((setting: object) => ({ ...setting, PortalSettingTypeID: 1, description: "set by the practice" })) : reply)),
      everySetting("every value null", () => null),
    ],
  },
  loadImage: {
    fixes: "1§7: \"returns text\": the image, base64.",
    open: "Bare base64 or a data: address; empty or null for none.",
    replies: [
      asSent,
      shape("a data: address", (reply) => (typeof reply === "string" && reply !== "" ? `data:image/png;base64,${reply}` : reply)),
      shape("null for none", (reply) => (reply === "" ? null : reply)),
    ],
  },
} satisfies { [K in keyof typeof patientEndpoints]: RoomRow };
