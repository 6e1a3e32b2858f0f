import type { z } from "zod";
import { BOOKED_REPLY, DEFAULT_REASON_FOR_VISIT_ID, NOT_PROVIDED_REASON, VIDEO_TYPE_NAME, type Practitioner } from "@contract/appointments";
import {
  type BookStepSchema,
  bookableDays,
  bookingFailureText,
  bookingSettingsOf,
  type BookReply,
  distinctNames,
  type BookingSettings,
  type Option,
  periodOf,
  type SlotView,
} from "./booking";
import { clockTime, practiceDateTime } from "~/lib/dates";
import { appointmentsTexts } from "./texts";
import { recordTexts } from "~/lib/texts/record";
import { rowOf, startOf } from "~/.server/appointment-rows.server";
import { mayHaveBeenCarriedOut } from "~/.server/answer-once.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import {
  bookAppointment,
  cancelAppointment,
  getAppointments,
  getBookingRoles,
  getLookup,
  getNextAvailableDays,
  getPractitioners,
  getSlots,
} from "~/.server/practice/appointments.server";
import { getPracticeSettings } from "~/.server/practice/patient.server";
import { recordAccessOf } from "~/.server/record-access.server";
import { isRefusal, refuse, stepDispatcher, type Refusal, type StepHandlers } from "~/.server/steps.server";
import { bookingSteps } from "./steps";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";
import { familyOf, todayOf } from "./page.server";

/**
 * POST /appointments/book: the booking machine's steps and the page's Cancel (2§4, 2§5; decisions/280, 377), for the
 * viewed patient; only a main account books for a linked family member, whose id travels in every call (decisions/102).
 */

const t = appointmentsTexts;

type Api = SignedIn["api"];
type User = SignedIn["user"];

/** What an action needs beyond the request; tests give their own sessions. */
export interface AppointmentDeps {
  requireSession: (request: Request) => Promise<Pick<SignedIn, "api" | "user">>;
}
const portalDeps: AppointmentDeps = { requireSession };

/** What every booking step is given: the session, the request it came with, and what the steps use. */
interface BookingStepContext {
  signedIn: Pick<SignedIn, "api" | "user">;
  request: Request;
  deps: AppointmentDeps;
}

/** Each step first reads the practice's settings now and whom it is for: a refusal when booking is off or the person is not one to book for. */
async function bookingOf({ api, user }: Pick<SignedIn, "api" | "user">, memberId: string): Promise<{ settings: BookingSettings; patientId: string } | Refusal> {
  const [settingsReply, patientId] = await Promise.all([getPracticeSettings(api, user.userId), patientFor(api, user, memberId)]);
  if (patientId === null) return refuse(t.notYourFamily);
  const settings = bookingSettingsOf(settingsReply);
  return settings.disabled ? refuse(t.disabled) : { settings, patientId };
}

const bookingHandlers: StepHandlers<typeof bookingSteps, BookingStepContext> = {
  roles: async (q, { signedIn }) => {
    const booking = await bookingOf(signedIn, q.for);
    if (isRefusal(booking)) return booking;
    const roles = await getBookingRoles(signedIn.api, booking.patientId, q.locationIds);
    const seen = new Map<string, Option>();
    // A role the practice sends without a name is still offered, as "Not recorded" (decisions/396): its id is what books.
    for (const r of roles) if (!seen.has(r.RoleID)) seen.set(r.RoleID, { id: r.RoleID, name: r.RoleName?.trim() || recordTexts.notRecorded });
    return distinctNames([...seen.values()]);
  },
  providers: async (q, { signedIn }) => {
    const booking = await bookingOf(signedIn, q.for);
    if (isRefusal(booking)) return booking;
    const providers = await getPractitioners(signedIn.api, booking.patientId, { ...q, bookWithId: signedIn.user.userId, reasonForVisitId: reasonForVisitOf(booking.settings, q.reasonForContactId) });
    return distinctNames(providers.map((p) => ({ id: p.id, name: practitionerName(p) ?? recordTexts.notRecorded, lockedDown: p.extension.lockedDown ?? false })));
  },
  slots: async (q, { signedIn }) => {
    const booking = await bookingOf(signedIn, q.for);
    if (isRefusal(booking)) return booking;
    return dayBookable(q.date, todayOf(), booking.settings) ? slotsOf(signedIn.api, booking.patientId, q) : [];
  },
  nextDay: async (q, { signedIn }) => {
    const booking = await bookingOf(signedIn, q.for);
    if (isRefusal(booking)) return booking;
    const today = todayOf();
    const days = await getNextAvailableDays(signedIn.api, booking.patientId, { typeId: q.typeId, providerId: q.providerId, start: q.start });
    for (const day of days.filter((d) => dayBookable(d, today, booking.settings))) {
      const slots = await slotsOf(signedIn.api, booking.patientId, { ...q, date: day });
      if (slots.length > 0) return { date: day, slots };
    }
    return { date: null, slots: [] };
  },
  book: async (q, { signedIn, request }) => {
    try {
      const booking = await bookingOf(signedIn, q.for);
      // Booking answers its own outcomes: a refusal before the practice is asked is a failed booking.
      if (isRefusal(booking)) return { outcome: "failed", message: booking.failure.message };
      const reply = await book(signedIn.api, { patientId: booking.patientId, bookWithId: signedIn.user.userId }, q, booking.settings, todayOf());
      // A booking made at the practice is a change to the record (decisions/274).
      if (reply.outcome === "booked") recordAccessOf(request, { area: "appointments", action: "change" });
      return reply;
    } catch (error) {
      if (error instanceof PracticeApiError) return { outcome: "failed", message: t.bookFailed };
      throw error;
    }
  },
  cancel: async (q, { signedIn: { api, user }, request }) => {
    // A cancellation the practice made is a change (decisions/274); a refusal is not.
    const cancelled = (message: string) => {
      recordAccessOf(request, { area: "appointments", action: "change" });
      return { message };
    };
    // Only the viewed patient's own upcoming appointments, and only those 2§2 lets them cancel.
    const upcoming = await getAppointments(api, user.userId, "upcoming", 1);
    const target = upcoming.resources.find((a) => a.id === q.appointmentId);
    // Pressed again after an answer that never came (decisions/385): already cancelled is what was asked.
    if (!target) return (await isCancelled(api, user.userId, q.appointmentId)) ? cancelled(t.cancelled) : refuse(t.notCancellable);
    if (!rowOf(target, Date.now()).cancellable) return refuse(t.notCancellable);
    let reply: string;
    try {
      reply = (await cancelAppointment(api, user.userId, target.id, q.reason)).trim();
    } catch (error) {
      if (!mayHaveBeenCarriedOut(error)) throw error;
      // The practice may have cancelled it and its answer been lost: its Cancelled list says.
      const found = await isCancelled(api, user.userId, target.id).catch(() => null);
      if (found) return cancelled(t.cancelled);
      return refuse(found === null ? t.cancelUnconfirmed : t.cancelFailed);
    }
    if (!/cancelled successfully/i.test(reply)) return refuse(reply || t.cancelFailed);
    return cancelled(reply);
  },
};

/** /appointments/book's action: the booking machine's steps and the page's Cancel. */
export function answerBookingSteps(request: Request, deps: AppointmentDeps = portalDeps): Promise<Response> {
  return stepDispatcher(bookingSteps, bookingHandlers, {
    begin: async (request) => ({ signedIn: await deps.requireSession(request), request, deps }),
    failed: (step) => (step === "cancel" ? t.cancelFailed : t.loadFailed),
  })(request);
}

/** The patient a step is for: the viewed patient, or a family member of a main account (null: not one to book for). */
async function patientFor(api: Api, user: User, memberId: string): Promise<string | null> {
  if (memberId === "") return user.userId;
  const family = await familyOf(api, user);
  return family.canChoose && family.members.some((m) => m.id === memberId) ? memberId : null;
}

function dayBookable(date: string, today: string, settings: BookingSettings): boolean {
  const { first, last } = bookableDays(today, settings.sameDayAllowed);
  return date >= first && date <= last;
}

/**
 * The slots offered on `q.date`: those still to come at the locations chosen, soonest first. A slot the
 * practice sends without its id cannot be booked (2§7 books by SlotID) and is not offered; one without
 * its location (the practice was asked for the chosen ones) is offered, its location "Not recorded"
 * (decisions/396).
 */
async function slotsOf(api: Api, patientId: string, q: { typeId: string; locationIds: readonly string[]; providerId: string; date: string }): Promise<SlotView[]> {
  const bundle = await getSlots(api, patientId, q);
  const nowMs = Date.now();
  const offered: SlotView[] = [];
  for (const s of bundle.resources) {
    const id = s.extension.slotId?.trim();
    const locationId = s.extension.locationId?.trim() ?? "";
    const start = practiceDateTime(s.start);
    if (!id || !start.isValid || start.toMillis() <= nowMs || start.toISODate() !== q.date || (locationId !== "" && !q.locationIds.includes(locationId))) continue;
    offered.push({ id, start: s.start, time: clockTime(start), period: periodOf(start.hour), locationId });
  }
  return offered.sort((a, b) => practiceDateTime(a.start).toMillis() - practiceDateTime(b.start).toMillis());
}

/** A practitioner's name[0].text, or null where the practice sent none (absent, null or empty, decisions/396). */
function practitionerName(p: Practitioner): string | null {
  return p.name?.[0]?.text?.trim() || null;
}

type BookStep = z.output<typeof BookStepSchema>;

/**
 * The reason for visit the practice is asked with (2§7): the reason for contact chosen when the practice
 * offers them, else 2§9's default 25.
 */
function reasonForVisitOf(settings: BookingSettings, reasonForContactId: string): string {
  return (settings.showReasonsForContact && reasonForContactId) || DEFAULT_REASON_FOR_VISIT_ID;
}

async function book(api: Api, who: { patientId: string; bookWithId: string }, step: BookStep, settings: BookingSettings, today: string): Promise<BookReply> {
  const { patientId } = who;
  // The rules again, as the practice's settings say now (the browser's check is only a convenience).
  if (step.date === today && !settings.sameDayAllowed) return { outcome: "sameDay", message: t.sameDayRefused };
  if (!dayBookable(step.date, today, settings)) return { outcome: "failed", message: t.dateOutOfRange };
  if (settings.covidScreening && step.screening === "none") return { outcome: "failed", message: t.fillMandatory };
  const [types, providers] = await Promise.all([getLookup(api, patientId, "appointmentTypes"), getPractitioners(api, patientId, { ...step, roleId: "", bookWithId: who.bookWithId, reasonForVisitId: reasonForVisitOf(settings, step.reasonForContactId) })]);
  const videoType = types.find((x) => x.name === VIDEO_TYPE_NAME)?.id;
  if (step.screening === "virtual" && step.typeId !== videoType) return { outcome: "failed", message: t.virtualNeedsVideo };
  const first = providers[0];
  if (!settings.bypassLockDown && first?.extension.lockedDown && step.providerId !== first.id) return { outcome: "failed", message: t.lockedDown };
  // A provider the reason for contact does not map to is not one to book with (1§3).
  const provider = providers.find((p) => p.id === step.providerId);
  if (!provider) return { outcome: "failed", message: t.chooseProvider };

  // A slot no longer free may be the patient's own: this booking, posted again after its answer was
  // lost (Check again, another tab), is then booked already, and is not booked twice (decisions/385).
  const ownBooking = { patientId, start: step.slotStart, providerName: practitionerName(provider) };
  const notFree = async (slots: SlotView[]): Promise<BookReply> => {
    const held = await holdsAppointment(api, ownBooking);
    if (held === "yes") return { outcome: "booked", message: t.alreadyBooked };
    return held === "unclear" ? { outcome: "unknown", message: t.bookUnclear } : { outcome: "taken", message: t.slotTaken, slots };
  };
  const free = await slotsOf(api, patientId, step);
  if (!free.some((s) => s.id === step.slotId)) return notFree(free);
  let reply: string;
  try {
    reply = (await bookAppointment(api, patientId, { slotId: step.slotId, reason: step.reason.trim() || NOT_PROVIDED_REASON, typeId: step.typeId, reasonForVisitId: step.reasonForContactId || DEFAULT_REASON_FOR_VISIT_ID })).trim();
  } catch (error) {
    if (!mayHaveBeenCarriedOut(error)) throw error;
    // The booking went out and no answer came back that says what became of it: the patient's
    // appointments do, when they can be read. Not there after an answer (a server error, a garbled
    // reply), it was not booked; not there after none (a timeout, a cut connection), the practice may
    // still be booking it, so it is not known, and said so.
    const found = await holdsAppointment(api, ownBooking).catch(() => null);
    if (found === "yes") return { outcome: "booked", message: t.booked };
    if (found === "unclear") return { outcome: "unknown", message: t.bookUnclear };
    const unanswered = error instanceof PracticeApiError && (error.kind === "timeout" || error.kind === "network");
    return found === null || unanswered ? { outcome: "unknown", message: t.bookUnconfirmed } : { outcome: "failed", message: t.bookFailed };
  }
  if (reply === BOOKED_REPLY || /booked successfully/i.test(reply)) return { outcome: "booked", message: t.booked };
  if (/same day/i.test(reply)) return { outcome: "sameDay", message: t.sameDayRefused };
  // Taken between the check and the booking (another patient, another tab): the times still free are offered.
  const left = await slotsOf(api, patientId, step);
  if (!left.some((s) => s.id === step.slotId)) return notFree(left);
  return { outcome: "failed", message: bookingFailureText(reply) };
}

/**
 * Whether the patient has an upcoming appointment at this instant with this provider: how a booking
 * is known without its answer, since an appointment does not name the slot it took ("unclear": one
 * listed on its day without a time). Page 1 of the upcoming list, which holds the soonest: a booking
 * later than all of them is not found there.
 */
async function holdsAppointment(api: Api, b: { patientId: string; start: string; providerName: string | null }): Promise<"yes" | "unclear" | "no"> {
  const slot = practiceDateTime(b.start);
  const upcoming = await getAppointments(api, b.patientId, "upcoming", 1);
  // The provider, where both name one, must be the same; a name left out does not disagree (decisions/396).
  const mayBeIt = upcoming.resources.filter((a) => {
    const provider = a.extension.providerName?.trim();
    return !provider || b.providerName === null || provider === b.providerName;
  });
  const starts = mayBeIt.map(startOf);
  if (starts.some((start) => start?.timed && start.at.toMillis() === slot.toMillis())) return "yes";
  // A day alone cannot say it is this booking, nor that it is not: booking again could make two.
  return starts.some((start) => start && !start.timed && start.at.hasSame(slot, "day")) ? "unclear" : "no";
}

/** Whether the practice lists this appointment among the patient's cancelled ones (page 1, the latest). */
async function isCancelled(api: Api, patientId: string, appointmentId: string): Promise<boolean> {
  const cancelled = await getAppointments(api, patientId, "cancelled", 1);
  return cancelled.resources.some((a) => a.id === appointmentId);
}
