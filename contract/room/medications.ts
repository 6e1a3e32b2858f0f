import type { medicationsEndpoints } from "@contract/medications";
import { bundleRow } from "./bundle";
import { absent, asSent, changed, shape, dateOnly, emptied, extensionsCut, extras, inUtc, markedUp, nulled, withoutOffset, type RoomRow } from "./shapes";

/**
 * The room 2§7 leaves the medication calls (issue 68, decisions/396). 2§3 names a Medication's fields
 * and the positions of its extensions, never that any of them is present: a practice may leave out,
 * null or empty any of them, or send fewer extensions than the seven read by position. The id is the
 * record's identity (a repeat request names medicines by it), so it is never varied.
 */

/** The message with markup and macrons; a 302's message is the providers' JSON list 2§7 fixes, so it is left as it is. */
const messageMarkedUp = shape("ResponseMessage with markup and macrons", (reply, request) => ((reply as { StatusCode?: unknown } | null)?.StatusCode === "302" ? reply : markedUp("ResponseMessage").apply(reply, request)));

/** A date-time the screen shows, in each form a practice may write it in, or not at all. */
const dateForms = (path: string) => [absent(path), nulled(path), emptied(path), dateOnly(path), withoutOffset(path), inUtc(path)];

export const medicationsRoom = {
  medications: bundleRow({
    fixes:
      "2§3 Medication: the id (a repeat request names medicines by it); the fields authoredOn, medicationCodeableConcept.coding (display and code), dosageInstruction text, dispenseRequest.quantity.value, and the extensions by position: 0 the long-term flag (boolean), 1 period, 2 prescribed by, 3 practice name, 4 dose, 5 end date, 6 unit. 2§9: 50 a page, 10 for the repeated list.",
    open:
      "Which of those fields a record carries: each may be absent, null or empty; the extension list may stop before any position; the record's resourceType (2§3 names none); authoredOn and the end date as a day, a local date-time or one in UTC; the quantity as a number or as text; the texts (name, instructions, prescriber) with markup, entities and macrons. The screen shows name, dose and unit, instructions, quantity, prescriber, prescribed and end dates, and the long-term flag.",
    records: [
      absent("resourceType"),
      ...dateForms("authoredOn"),
      absent("medicationCodeableConcept"),
      emptied("medicationCodeableConcept.coding"),
      absent("medicationCodeableConcept.coding.0.display"),
      emptied("medicationCodeableConcept.coding.0.display"),
      markedUp("medicationCodeableConcept.coding.0.display"),
      absent("medicationCodeableConcept.coding.0.code"),
      nulled("medicationCodeableConcept.coding.0.code"),
      absent("dosageInstruction"),
      emptied("dosageInstruction"),
      nulled("dosageInstruction.0.text"),
      markedUp("dosageInstruction.0.text"),
      absent("dispenseRequest"),
      nulled("dispenseRequest.quantity.value"),
      changed("dispenseRequest.quantity.value", "dispenseRequest.quantity.value as text", (old) => (typeof old === "number" ? String(old) : old)),
      nulled("extension"),
      extensionsCut(0),
      extensionsCut(2),
      extensionsCut(4),
      extensionsCut(5),
      nulled("extension.0.valueBoolean"),
      emptied("extension.2.valueString"),
      markedUp("extension.2.valueString"),
      nulled("extension.4.valueString"),
      ...dateForms("extension.5.valueDateTime"),
      nulled("extension.6.valueString"),
    ],
  }),
  pharmacies: bundleRow({
    fixes: "2§3 Pharmacy: the id (the request sends it as PharmacyID), the name, the favourite flag as the first extension (boolean). 2§7: one page of 1,965.",
    open: "Whether a record carries its name and flag: the name absent, null, empty or with markup and macrons; the extension list empty or missing; the resourceType.",
    records: [absent("resourceType"), absent("name"), nulled("name"), emptied("name"), markedUp("name"), extensionsCut(0), nulled("extension"), nulled("extension.0.valueBoolean")],
  }),
  repeatRequest: {
    fixes:
      "2§7: a message shown in a Medication dialog; status 302 is a provider on leave, its body a JSON string list with ProviderID and ProviderName. The portal reads StatusCode and ResponseMessage (decisions/090); the spec gives no success text, so none is varied.",
    open: "The message's words, which may carry markup, entities and macrons (shown as text), and fields beside them.",
    replies: [asSent, messageMarkedUp, extras],
  },
} satisfies { [K in keyof typeof medicationsEndpoints]: RoomRow };
