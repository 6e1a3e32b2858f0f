import type { documentsEndpoints } from "@contract/documents";
import { bundleRow } from "./bundle";
import { absent, asSent, bundleTotalWrong, dateOnly, emptied, extensionsCut, inUtc, markedUp, nulled, RawReply, shape, together, valued, withoutOffset, type RoomRow, type Shape } from "./shapes";

/**
 * The room 2§7 leaves the records' calls: results, letters and resources (issue 68, decisions/396).
 * 2§3 names each record's fields and never says one is always there, so each may come absent, null or
 * empty; the id stays, as the portal must address the record by it.
 */

/** A text field absent, null, empty, or with markup, an entity and macrons. */
const text = (path: string): Shape[] => [absent(path), nulled(path), emptied(path), markedUp(path)];
/** A date-time absent, null, empty, as a date, without its offset, or in UTC. */
const dateTime = (path: string): Shape[] => [absent(path), nulled(path), emptied(path), dateOnly(path), withoutOffset(path), inUtc(path)];

/** The result's extensions by position (contract/documents.ts LabResultSlots). */
const LABORATORY = "extension.0.valueString";
const RESULT_DATE = "extension.1.valueDateTime";
const COMMENTS = "extension.2.valueString";
const FOLDER = "extension.3.valueString";
const READ = "extension.4.valueString";

/** A result as 2§3 names it, each field in the ways a practice may send it. */
const resultShapes: Shape[] = [
  ...text("description"),
  absent("author"),
  nulled("author.display"),
  emptied("author.display"),
  markedUp("author.display"),
  nulled("extension"),
  extensionsCut(0),
  extensionsCut(1),
  extensionsCut(4),
  nulled(LABORATORY),
  emptied(LABORATORY),
  markedUp(LABORATORY),
  ...dateTime(RESULT_DATE),
  together("comments and folder null", nulled(COMMENTS), nulled(FOLDER)),
  together("comments and folder with markup and macrons", markedUp(COMMENTS), markedUp(FOLDER)),
  // The read flag "as text True/False" (2§3), in the other spellings a practice system writes a yes or no.
  absent(READ),
  nulled(READ),
  emptied(READ),
  valued(READ, "true"),
  valued(READ, "1"),
  valued(READ, "false"),
  valued(READ, "0"),
];

/** The listing's fields of a result opened, grouped: the same room as the listing's, in fewer shapes. */
const openedResultShapes: Shape[] = [
  together("description, author, laboratory, comments and folder absent", absent("description"), absent("author"), absent(LABORATORY), absent(COMMENTS), absent(FOLDER)),
  together("description, author, laboratory, comments and folder null", nulled("description"), nulled("author"), nulled(LABORATORY), nulled(COMMENTS), nulled(FOLDER)),
  together("description, author's display and laboratory empty", emptied("description"), emptied("author.display"), emptied(LABORATORY)),
  together("description, author, laboratory and comments with markup and macrons", markedUp("description"), markedUp("author.display"), markedUp(LABORATORY), markedUp(COMMENTS)),
  extensionsCut(0),
  extensionsCut(1),
  dateOnly(RESULT_DATE),
  withoutOffset(RESULT_DATE),
  inUtc(RESULT_DATE),
];

/** A result's content (2§3 "Detail content is PDF, HTML, or a table of observations"), as a practice may word it. */
const contentShapes: Shape[] = [
  emptied("observation"),
  nulled("observation"),
  ...text("observation.0.ObservationValue"),
  valued("observation.0.ObservationValue", 48, "observation.0.ObservationValue as a number"),
  together("observation.0's text and summary absent", absent("observation.0.ObservationText"), absent("observation.0.ObservationSummary")),
  together("observation.0's text and summary null", nulled("observation.0.ObservationText"), nulled("observation.0.ObservationSummary")),
  together("observation.0's text and summary empty", emptied("observation.0.ObservationText"), emptied("observation.0.ObservationSummary")),
  together("observation.0's text and summary with markup and macrons", markedUp("observation.0.ObservationText"), markedUp("observation.0.ObservationSummary")),
  absent("observation.0.AbnormalFlagDesc"),
  nulled("observation.0.AbnormalFlagDesc"),
  // Flags beyond the three 2§3 shows in red (a laboratory's own code), and one of the three in other letters.
  valued("observation.0.AbnormalFlagDesc", "Critical"),
  valued("observation.0.AbnormalFlagDesc", "high"),
  emptied("presentedForm"),
  nulled("presentedForm"),
  nulled("presentedForm.0.contentType"),
  valued("presentedForm.0.contentType", "application/PDF"),
  valued("presentedForm.0.contentType", "text/html; charset=utf-8"),
  valued("presentedForm.0.contentType", "image/png"),
  emptied("presentedForm.0.data"),
  nulled("presentedForm.0.data"),
];

/** LabResultChartById's points (2§3 Lab chart point). */
const chartPointShapes: Shape[] = [
  asSent,
  ...text("observationtext"),
  ...text("observationvalue"),
  valued("observationvalue", 48, "observationvalue as a number"),
  valued("observationvalue", "Target cells seen", "observationvalue in words"),
  ...dateTime("resultdate"),
];

/** The letter's date slot (contract/documents.ts LetterSlots). */
const LETTER_DATE = "extension.0.valueDateTime";
const ATTACHMENT = "content.0.attachment";

/** A letter as 2§3 names it (id, type coding display, an extension date-time, content attachment). */
const letterShapes: Shape[] = [
  ...text("type.coding.0.display"),
  emptied("type.coding"),
  absent("type"),
  nulled("extension"),
  extensionsCut(0),
  ...dateTime(LETTER_DATE),
  emptied("content"),
  absent("content"),
  absent(`${ATTACHMENT}.contentType`),
  nulled(`${ATTACHMENT}.contentType`),
  emptied(`${ATTACHMENT}.contentType`),
  valued(`${ATTACHMENT}.contentType`, "application/PDF"),
  valued(`${ATTACHMENT}.contentType`, "application/msword"),
];

/** A resource as 2§3 names it (id, content title, contentType "PDF or a link", url). */
const mediaShapes: Shape[] = [
  absent("content"),
  nulled("content"),
  ...text("content.title"),
  absent("content.contentType"),
  nulled("content.contentType"),
  emptied("content.contentType"),
  valued("content.contentType", "Link"),
  valued("content.contentType", "application/PDF"),
  valued("content.contentType", "video/mp4"),
  absent("content.url"),
  nulled("content.url"),
  emptied("content.url"),
  valued("content.url", "javascript:alert(1)", "content.url not a web address"),
];

/** A base64 text wrapped in lines of 76, as MIME writes it. */
const wrapped = (value: unknown) => (typeof value === "string" ? (value.match(/.{1,76}/g) ?? []).join("\r\n") : value);

export const documentsRoom = {
  labResults: bundleRow({
    fixes:
      "2§3 Lab result: id, description (the test's name, also the chart's labcode), author display, extensions by position laboratory name, date-time, comments, folder name, and the read flag as the text True or False (2§4: read if True, else unread).",
    open: "Which of those fields a record carries (absent, null or empty; the id stays); the extension list cut short; the date with or without its time and offset; text with markup and macrons; the read flag in other spellings (true, 1, false, 0, empty, absent). The wrapper's total is read as a hint: the screen pages by it, or without one by full pages.",
    records: resultShapes,
    // The screen pages by the total (2§9): one counted wrong must neither offer a "more" that brings nothing nor hide a record.
    replies: [bundleTotalWrong],
  }),
  labResultById: bundleRow({
    fixes:
      "2§7 \"stored locally for modal\": the result as in the listing, with its content (2§3) a PDF, HTML, or a table of observations (ObservationText, ObservationValue, AbnormalFlagDesc, ObservationSummary); Abnormal, Low and High are shown in red (2§3). HTML stays sanitised.",
    open: "The listing's fields vary as there (grouped here); which content a result carries, empty or null; a content type in other letters or with parameters, or one the portal cannot show; each observation's fields absent, null, empty, marked up, a value as a number; abnormal flags beyond Abnormal, Low and High, and those three in other letters.",
    records: [...openedResultShapes, ...contentShapes],
  }),
  labChart: {
    fixes: "2§7: a list of observationtext, observationvalue and resultdate (2§3 Lab chart point); empty or failed: \"No Chart Data Available\" (2§8).",
    open: "Any field of a point absent, null, empty or marked up; a value as a number, or words that are not a number; the date with or without its time and offset; an empty list.",
    replies: [asSent, shape("an empty list", () => [])],
    records: { at: "list", shapes: chartPointShapes },
  },
  letters: bundleRow({
    fixes: "2§3 Letter: id, type coding display, an extension date-time (the letter's date), content attachment (contentType, base64 data). The listing is paged or in a date range (2§5).",
    open: "Which of those a record carries (absent, null or empty; the id stays); the type with markup and macrons; the date with or without its time and offset; the content type in other letters, or one that is not a PDF. The wrapper's total is read as a hint: the screen pages by it, or without one by full pages.",
    records: letterShapes,
    // The screen pages by the total (2§9): one counted wrong must neither offer a "more" that brings nothing nor hide a record.
    replies: [bundleTotalWrong],
  }),
  letterById: bundleRow({
    fixes: "2§7 \"letter content\": the letter as in the listing, with its attachment's base64 data.",
    open: "As the listing's record; the attachment's data empty or absent; its content type in other letters or not a PDF (then only downloaded).",
    records: [...letterShapes, emptied(`${ATTACHMENT}.data`), absent(`${ATTACHMENT}.data`)],
  }),
  media: bundleRow({
    fixes: "2§3 Resource/media: id, content title, contentType (PDF or a link), url; a PDF opens in the portal, a link in a new tab (2§2).",
    open: "Which of those a record carries (absent, null or empty; the id stays); the title with markup and macrons; content types in other letters or beyond the two; a url that is not a web address. The wrapper's total is read as a hint: the screen pages by it, or without one by full pages.",
    records: mediaShapes,
    // The screen pages by the total (2§9): one counted wrong must neither offer a "more" that brings nothing nor hide a record.
    replies: [bundleTotalWrong],
  }),
  mediaById: {
    fixes: "2§7 \"base64 content\": the PDF's bytes as base64.",
    open: "How the text is written: a JSON string (ours), wrapped in lines as MIME writes base64, as a data: address, or bare text that is not JSON.",
    replies: [
      asSent,
      shape("base64 in lines of 76", wrapped),
      shape("as a data: address", (value) => (typeof value === "string" ? `data:application/pdf;base64,${value}` : value)),
      shape("bare text, not JSON", (value) => (typeof value === "string" ? new RawReply(200, "text/plain", value) : value)),
    ],
  },
} satisfies { [K in keyof typeof documentsEndpoints]: RoomRow };
