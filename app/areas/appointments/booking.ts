import { z } from "zod";
import { appointmentsTexts } from "./texts";
import { bookingTexts } from "./booking-texts";
import { practiceWords } from "./practice-words";
import { addDays } from "~/lib/timeline-filter";
import { settingOn } from "@contract/truthy";

/** Booking an appointment (2§2, 2§4, 2§5, 2§8, 2§9): the settings, the COVID questionnaire, each step's schema and the reply; no luxon, for the first load (decisions/101, 280). */

const t = appointmentsTexts;

/** 2§9: the date picker shows 90 days; the next available day wraps after 60. */
export const BOOKING_DAYS = 90;
export const NEXT_DAY_WRAP = 60;

/** The portal settings of 2§3 that steer booking, read once by the loader. */
export interface BookingSettings {
  /** DisableAppointment: no booking online at all. */
  disabled: boolean;
  /**
   * The COVID questionnaire comes before the confirmation unless DisableAppointmentCOVID is "1": the
   * setting disables the screen, as its name says (decisions/101, Later).
   */
  covidScreening: boolean;
  sameDayAllowed: boolean;
  /** AppointmentShowReasonforContact: the reasons for contact (lookup 13) are offered. */
  showReasonsForContact: boolean;
  /**
   * Reasonforcontactprovidermapping (1§3) with the reasons shown: the practice narrows its providers by
   * the reason chosen, so the reason is asked before the provider and a new one reloads the providers.
   */
  reasonNarrowsProviders: boolean;
  /** ByPassLockDownPatientPortalAppointmentBookings. */
  bypassLockDown: boolean;
  /** IsShowBookAppointmentOptions: risk answers offer Virtual consult or Face 2 Face instead of refusing. */
  showConsultOptions: boolean;
  face2FaceMessage: string;
  terms: string;
}

/** The practice's settings as read (name to value); a missing one reads as empty. */
export function bookingSettingsOf(settings: Readonly<Record<string, string | undefined>>): BookingSettings {
  const value = (id: string) => settings[id]?.trim() ?? "";
  const on = (id: string) => settingOn(settings[id], false);
  return {
    disabled: on("DisableAppointment"),
    // 1§3: "1" means true, so DisableAppointmentCOVID "1" switches the screen off; "0" or empty leaves it on.
    covidScreening: !on("DisableAppointmentCOVID"),
    // Allowed unless the practice says no: a missing setting does not stop booking.
    sameDayAllowed: settingOn(settings.IsAllowSameDayBooking, true),
    showReasonsForContact: on("AppointmentShowReasonforContact"),
    reasonNarrowsProviders: on("AppointmentShowReasonforContact") && on("Reasonforcontactprovidermapping"),
    bypassLockDown: on("ByPassLockDownPatientPortalAppointmentBookings"),
    showConsultOptions: on("IsShowBookAppointmentOptions"),
    face2FaceMessage: value("Face2FaceConfirmationMessage"),
    terms: value("PortalAppointmentTermsAndConditions"),
  };
}

export interface Option {
  id: string;
  name: string;
}

/** The days the picker offers: from today (when same-day booking is allowed) or tomorrow, 90 days on. */
export function bookableDays(today: string, sameDayAllowed: boolean): { first: string; last: string } {
  return { first: sameDayAllowed ? today : addDays(today, 1), last: addDays(today, BOOKING_DAYS - 1) };
}

/**
 * Where "next available day" starts looking after `shown`: the day after it, unless that is more than
 * 60 days ahead, when the search wraps round to the first bookable day (2§9).
 */
export function nextSearchStart(shown: string, today: string, sameDayAllowed: boolean): string {
  const next = addDays(shown, 1);
  return next > addDays(today, NEXT_DAY_WRAP) ? bookableDays(today, sameDayAllowed).first : next;
}

/* ---------- the COVID questionnaire (2§4, 2§5, 2§9) ---------- */

/** Each symptom's identity is the name the practice reads; `label` is the patient's word for it. */
export const SYMPTOMS = practiceWords.symptoms.map((name, i) => ({ name, label: bookingTexts.symptoms[i]! }));

/**
 * 2§9: look back 14 days; two vaccine doses; the vaccine question is for people over 12. The 14 days
 * are read as the look-back of 2§4's "risk answers" (COVID-19 met or tested positive); a question on
 * overseas travel has no source in 2§4 or 2§9 and is not asked (issue 52, decisions/368).
 */
export const LOOK_BACK_DAYS = 14;
export const QUESTIONS = [
  { id: "contact", text: bookingTexts.contactQuestion(LOOK_BACK_DAYS), practiceText: practiceWords.contactQuestion(LOOK_BACK_DAYS), risk: "yes" },
  { id: "positive", text: bookingTexts.positiveQuestion(LOOK_BACK_DAYS), practiceText: practiceWords.positiveQuestion(LOOK_BACK_DAYS), risk: "yes" },
  { id: "vaccinated", text: bookingTexts.vaccinatedQuestion, practiceText: practiceWords.vaccinatedQuestion, risk: "no" },
] as const;
export type QuestionId = (typeof QUESTIONS)[number]["id"];
export type Answer = "yes" | "no" | "n/a";

export interface Questionnaire {
  symptoms: readonly string[];
  noSymptoms: boolean;
  answers: Partial<Record<QuestionId, Answer>>;
}

export const EMPTY_QUESTIONNAIRE: Questionnaire = { symptoms: [], noSymptoms: false, answers: {} };

/** "Fill mandatory field" (2§5): a symptom or No Symptoms, and an answer to every question. */
export function questionnaireComplete(q: Questionnaire): boolean {
  return (q.noSymptoms || q.symptoms.length > 0) && QUESTIONS.every((question) => q.answers[question.id] !== undefined);
}

/** The answers that show risk, as the practice reads them: any symptom, or an answer a question flags. */
export function riskAnswers(q: Questionnaire): string[] {
  const w = practiceWords;
  const found = q.symptoms.map((s) => w.symptomAnswer(s));
  for (const question of QUESTIONS) if (q.answers[question.id] === question.risk) found.push(w.riskAnswer(question.practiceText, question.risk === "yes" ? w.yes : w.no));
  return found;
}

/** The reason prefilled from risky answers (2§4), after whatever the patient wrote; the answers in English (practice-words.ts). */
export function reasonWithAnswers(reason: string, q: Questionnaire): string {
  const answers = riskAnswers(q);
  return [reason.trim(), answers.length > 0 ? practiceWords.screening(answers) : ""].filter(Boolean).join("\n").slice(0, 500);
}

/**
 * A reason's lines, each saying whether it is the screening's answers: English in either language (practice-words.ts),
 * so a te reo page marks them `lang="en"` for a screen reader.
 */
export function reasonLines(reason: string): { text: string; practiceWords: boolean }[] {
  const screening = practiceWords.screening([]);
  return reason.split("\n").map((text) => ({ text, practiceWords: text.startsWith(screening) }));
}

/* ---------- the steps posted to /appointments/book ---------- */

const Id = z.string().regex(/^[\w-]{1,64}$/);
const IdList = z
  .string()
  .transform((text) => text.split(",").filter(Boolean))
  .pipe(z.array(Id).min(1, t.chooseLocation).max(20));
const IsoDate = z.iso.date();

/** Who the booking is for: empty for the signed-in patient, else a linked family member's id. */
const For = z.union([z.literal(""), Id]).default("");

export const RolesStepSchema = z.object({ for: For, locationIds: IdList });
/** The reason for contact goes with the providers' step: the practice may narrow its providers by it (1§3). */
export const ProvidersStepSchema = z.object({ for: For, typeId: Id, locationIds: IdList, roleId: z.union([z.literal(""), Id]).default(""), reasonForContactId: z.union([z.literal(""), Id]).default("") });
export const SlotsStepSchema = z.object({ for: For, typeId: Id, locationIds: IdList, providerId: Id, date: IsoDate });
export const NextDayStepSchema = z.object({ for: For, typeId: Id, locationIds: IdList, providerId: Id, start: IsoDate });

/**
 * The booking (2§5): a fully chosen type, provider, date and slot; the reason as typed (an empty one
 * is sent as "Not Provided"); a reason for contact (25 by default).
 */
export const BookStepSchema = z.object({
  for: For,
  typeId: Id,
  locationIds: IdList,
  providerId: Id,
  date: IsoDate,
  slotId: Id,
  /** The slot's start as the practice gave it: a booking already made is known by it (decisions/385). */
  slotStart: z.iso.datetime({ offset: true }),
  reason: z.string().max(500, t.reasonTooLong).default(""),
  reasonForContactId: z.union([z.literal(""), Id]).default(""),
  /** The questionnaire's outcome, when the practice screens: the action refuses a blocked booking. */
  screening: z.enum(["none", "clear", "face2face", "virtual"]).default("none"),
});

/** What the machine posts to book: the fields as text (a form's, comma-separated locations). */
export type BookFields = z.input<typeof BookStepSchema>;

/** A slot as the page shows it: its time already in the practice's zone. */
/** `start` is the practice's own instant, by which a booking whose answer was lost is found again. */
/** 2§9: a time is Morning before noon, practice time, and Afternoon from noon (12:00 to 12:59 included). */
/**
 * Choices a patient can tell apart: a name two or more options share (two roles or providers the
 * practice sent without one, both "Not recorded"; decisions/396) is numbered in the order given.
 */
export function distinctNames<T extends { name: string }>(options: readonly T[]): T[] {
  const counts = new Map<string, number>();
  for (const o of options) counts.set(o.name, (counts.get(o.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return options.map((o) => {
    if (counts.get(o.name) === 1) return o;
    const n = (seen.get(o.name) ?? 0) + 1;
    seen.set(o.name, n);
    return { ...o, name: `${o.name} (${n})` };
  });
}

export function periodOf(hour: number): "Morning" | "Afternoon" {
  return hour < 12 ? "Morning" : "Afternoon";
}

/** `locationId` is empty where the practice did not say (decisions/396): the page says "Not recorded". */
export const SlotViewSchema = z.object({ id: z.string(), start: z.string(), time: z.string(), period: z.enum(["Morning", "Afternoon"]), locationId: z.string() });
export type SlotView = z.output<typeof SlotViewSchema>;

export const ProviderViewSchema = z.object({ id: z.string(), name: z.string(), lockedDown: z.boolean() });
export type ProviderView = z.output<typeof ProviderViewSchema>;

/** `unknown`: the booking went out and neither an answer nor the patient's appointments say what became of it; posting again looks before it books (decisions/385). */
export const BookReplySchema = z.discriminatedUnion("outcome", [
  z.object({ outcome: z.literal("booked"), message: z.string() }),
  z.object({ outcome: z.literal("taken"), message: z.string(), slots: z.array(SlotViewSchema) }),
  z.object({ outcome: z.literal("sameDay"), message: z.string() }),
  z.object({ outcome: z.literal("failed"), message: z.string() }),
  z.object({ outcome: z.literal("unknown"), message: z.string() }),
]);
export type BookReply = z.output<typeof BookReplySchema>;

/** 2§8: the practice's failure codes in words; any other text is shown as it came. */
export function bookingFailureText(reply: string): string {
  if (reply.includes("NotCreatedEmailMissing")) return t.emailMissing;
  if (reply.includes("NotCreatedZoomEnd")) return t.zoomEnd;
  return reply.trim() || t.bookFailed;
}

/** What the patient has chosen so far, as the machine hands it to its steps. */
export interface Selection {
  for: string;
  typeId: string;
  locationIds: readonly string[];
  roleId: string;
  reasonForContactId: string;
  providerId: string;
  date: string;
}
