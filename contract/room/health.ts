import type { healthEndpoints } from "@contract/health";
import { bundleRow } from "./bundle";
import { absent, bundleTotalWrong, changed, dateOnly, emptied, extensionsCut, inUtc, markedUp, nulled, valued, withoutOffset, type RoomRow, type Shape } from "./shapes";

/**
 * The room 2§7 leaves the health summary's calls (issue 68, decisions/396). 2§7 fixes only the calls'
 * queries and that each answers a bundle; 2§3 names the fields each screen reads and nothing of their
 * presence, so every named field but an id 2§3 gives may be absent, null or empty, each date written
 * as a date, a local date-time or in UTC, each text marked up or with macrons, each coded word one the
 * portal has not met, and each extension list shorter than the slots read by position.
 */

/** A field left out, sent null or sent empty. */
const missing = (path: string): Shape[] => [absent(path), nulled(path), emptied(path)];

/** A date-time missing, or written as a date, without its offset or in UTC. */
const dated = (path: string): Shape[] => [...missing(path), dateOnly(path), withoutOffset(path), inUtc(path)];

/** A slot's value (an extension by position) null, empty text, or marked up with macrons. */
const text = (path: string): Shape[] => [nulled(path), emptied(path), markedUp(path)];

/** A quantity's value written as numeric text, as some practice systems serialise decimals. */
const asText = (path: string): Shape => changed(path, `${path} as text`, (old) => (typeof old === "number" ? String(old) : old));

/** Every list here pages by the practice's total (2§9's page sizes): a total that counts what it did not send. */
const replies = [bundleTotalWrong];

export const healthRoom = {
  conditions: bundleRow({
    fixes: "2§7: Patient/Condition by PatientID, PageSize, PageNumber and TypeID (0 all, 1 recent, 2 long term). 2§3 Condition names onsetDateTime, note text and the long-term flag as its extension; it names no id.",
    open: "Each of the three may be absent, null or empty (the note list empty, its text null, marked up or with macrons), the extension list shorter than the flag's position; no id and no resourceType; onsetDateTime a date, a local date-time without an offset or in UTC; a total that counts more than was sent.",
    replies,
    records: [absent("id"), absent("resourceType"), ...dated("onsetDateTime"), ...missing("note"), nulled("note.0.text"), emptied("note.0.text"), markedUp("note.0.text"), absent("extension"), nulled("extension"), extensionsCut(0), nulled("extension.0.valueBoolean")],
  }),
  allergies: bundleRow({
    fixes: "2§7: Patient/AllergyIntolerance by PatientID, PageSize (30, 2§9) and PageNumber. 2§3 Allergy names id, code text, extensions type and severity, an optional reaction manifestation text and an optional note text; 2§4 reads a missing severity as Mild, and Severe, Moderate and Mild as the levels High, Moderate and Low. The id is the record's own and is always sent.",
    open: "The substance, type, severity, reaction and note may each be absent, null or empty, and the texts marked up or with macrons; the extension list may stop before the type or the severity; a type or a severity may be a word the spec does not name; no resourceType; a total that counts more than was sent.",
    replies,
    records: [
      absent("resourceType"),
      absent("code"),
      nulled("code"),
      ...missing("code.text"),
      markedUp("code.text"),
      absent("extension"),
      nulled("extension"),
      extensionsCut(0),
      extensionsCut(1),
      nulled("extension.0.valueString"),
      emptied("extension.0.valueString"),
      valued("extension.0.valueString", "Insect venom"),
      nulled("extension.1.valueString"),
      emptied("extension.1.valueString"),
      valued("extension.1.valueString", "Critical"),
      ...missing("reaction"),
      emptied("reaction.0.manifestation"),
      nulled("reaction.0.manifestation.0.text"),
      markedUp("reaction.0.manifestation.0.text"),
      ...missing("note"),
      nulled("note.0.text"),
      markedUp("note.0.text"),
    ],
  }),
  immunisations: bundleRow({
    fixes: "2§7: Patient/Immunization by PatientID, PageSize (100), PageNumber and TypeID (0 all, 1 administered, 2 overdue, 3 due). 2§3 Immunisation names id, date, status and the extensions name, indication, vaccinator, due date-time, ImmType (overdue, due, other), booleans at positions 10 and 11, a month date-time and a message at position 13; 2§4 colours Overdue, Due and Administered. The id is the record's own and is always sent.",
    open: "The date, status and every extension may be absent, null or empty, and the list may stop before any position; ImmType and status may be words the spec does not name; the texts may be marked up or with macrons; the date, the due date-time and the month a date, a local date-time or in UTC; no resourceType; a total that counts more than was sent.",
    replies,
    records: [
      absent("resourceType"),
      ...dated("date"),
      absent("status"),
      nulled("status"),
      valued("status", "entered-in-error"),
      absent("extension"),
      nulled("extension"),
      extensionsCut(0),
      extensionsCut(4),
      extensionsCut(10),
      extensionsCut(13),
      ...text("extension.0.valueString"),
      nulled("extension.1.valueString"),
      markedUp("extension.1.valueString"),
      nulled("extension.2.valueString"),
      markedUp("extension.2.valueString"),
      nulled("extension.3.valueDateTime"),
      dateOnly("extension.3.valueDateTime"),
      withoutOffset("extension.3.valueDateTime"),
      inUtc("extension.3.valueDateTime"),
      valued("extension.4.valueString", "Scheduled"),
      nulled("extension.4.valueString"),
      emptied("extension.4.valueString"),
      nulled("extension.10.valueBoolean"),
      nulled("extension.11.valueBoolean"),
      dateOnly("extension.12.valueDateTime"),
      inUtc("extension.12.valueDateTime"),
      nulled("extension.13.valueString"),
      markedUp("extension.13.valueString"),
    ],
  }),
  timeline: bundleRow({
    fixes: "2§7: Patient/Timeline by PatientID, PageSize (100), PageNumber, FromDate and toDate, with SearchText and ProviderID optional. 2§3 Timeline event names id, created, code display (the kind), code text and the provider's name as the first extension; 2§2 groups by date and provider. The id is the record's own and is always sent.",
    open: "created, the code, its display and text, and the provider may each be absent, null or empty; the kind may be one the portal has not met; the text and the provider's name marked up or with macrons; created a date, a local date-time or in UTC; no resourceType; a total that counts more than was sent.",
    replies,
    records: [
      absent("resourceType"),
      ...dated("created"),
      absent("code"),
      nulled("code"),
      absent("code.coding"),
      emptied("code.coding"),
      nulled("code.coding.0.display"),
      emptied("code.coding.0.display"),
      valued("code.coding.0.display", "Referral"),
      ...missing("code.text"),
      markedUp("code.text"),
      absent("extension"),
      nulled("extension"),
      extensionsCut(0),
      ...text("extension.0.valueString"),
    ],
  }),
  reminders: bundleRow({
    fixes: "2§7: Patient/PatientAlerts by PatientID, PageSize (100) and PageNumber. 2§3 Reminder names the extensions description, title and priority (High, Medium, Normal; 2§4 colours them), the sender's display, the sent date and an optional note text; it names no id.",
    open: "Each may be absent, null or empty, the extension list may stop before any position, the priority may be a word the spec does not name, the texts marked up or with macrons; sent a date, a local date-time or in UTC; no id and no resourceType; a total that counts more than was sent.",
    replies,
    records: [
      absent("id"),
      absent("resourceType"),
      ...dated("sent"),
      absent("sender"),
      nulled("sender"),
      nulled("sender.display"),
      emptied("sender.display"),
      markedUp("sender.display"),
      absent("extension"),
      nulled("extension"),
      extensionsCut(0),
      extensionsCut(1),
      extensionsCut(2),
      ...text("extension.0.valueString"),
      ...text("extension.1.valueString"),
      valued("extension.2.valueString", "Urgent"),
      nulled("extension.2.valueString"),
      emptied("extension.2.valueString"),
      ...missing("note"),
      nulled("note.0.text"),
      markedUp("note.0.text"),
    ],
  }),
  vitals: bundleRow({
    fixes: "2§7: Patient/Observation by PatientID, PageSize 30, PageNumber and ChartType 0. 2§3 Vital observation names the code display (Blood Pressure, Weight, Body Weight, BMI, Height, Heart Rate, Body Height, Body Mass Index), two component quantity values (systolic and diastolic for pressure) and the effective date-time; it names no id and no unit.",
    open: "The code, its display, the date and the components may each be absent, null or empty; a display may name a vital the spec does not list; a blood pressure may come with one component; a value may be null, absent or numeric text, and its unit absent or another unit; the date a date, a local date-time or in UTC; no id and no resourceType; a total that counts more than was sent.",
    replies,
    records: [
      absent("id"),
      absent("resourceType"),
      absent("code"),
      nulled("code"),
      emptied("code.coding"),
      nulled("code.coding.0.display"),
      emptied("code.coding.0.display"),
      valued("code.coding.0.display", "Temperature"),
      ...dated("effectiveDateTime"),
      ...missing("component"),
      absent("component.1"),
      nulled("component.0.valueQuantity"),
      nulled("component.0.valueQuantity.value"),
      absent("component.1.valueQuantity.value"),
      asText("component.0.valueQuantity.value"),
      absent("component.0.valueQuantity.unit"),
      valued("component.0.valueQuantity.unit", "lb"),
    ],
  }),
} satisfies { [K in keyof typeof healthEndpoints]: RoomRow };
