import { and, assertEvent, assign, not, setup } from "xstate";
import {
  EMPTY_QUESTIONNAIRE,
  bookableDays,
  nextSearchStart,
  questionnaireComplete,
  reasonWithAnswers,
  riskAnswers,
  type Answer,
  type BookFields,
  type BookReply,
  type BookingSettings,
  type Option,
  type ProviderView,
  type QuestionId,
  type Questionnaire,
  type Selection,
  type SlotView,
} from "./booking";
import { appointmentsTexts } from "./texts";
import { StepSessionEndedError, stepMayHaveBeenDone } from "~/lib/step-errors";
import { failureMessage } from "~/lib/steps";
import { DEFAULT_REASON_FOR_VISIT_ID, NOT_PROVIDED_REASON, VIDEO_TYPE_NAME } from "@contract/appointments";
import { unprovided } from "~/lib/unprovided";

/** Booking an appointment (2§2, 2§4, 2§5, 2§8): each choice loads the next in a child state, so a stale reply never lands on a newer list (decisions/101). */

const t = appointmentsTexts;

export interface BookingInput {
  settings: BookingSettings;
  /** The practice's today, YYYY-MM-DD. */
  today: string;
  types: readonly Option[];
  locations: readonly Option[];
  reasonsForContact: readonly Option[];
  /** Only a main account with more than one linked account chooses Book For Self or Family Member (2§2). */
  family: { canChoose: boolean; members: readonly Option[] };
}

export type FieldName = "member" | "type" | "location" | "provider" | "date" | "slot" | "reason";
export type Screening = "none" | "clear" | "face2face" | "virtual";

export interface BookingContext extends BookingInput {
  forWhom: "self" | "family";
  memberId: string;
  typeId: string;
  locationIds: string[];
  roles: Option[];
  roleId: string;
  providers: ProviderView[];
  providerId: string;
  lockedDown: boolean;
  date: string;
  slots: SlotView[];
  slotId: string;
  reason: string;
  reasonForContactId: string;
  questionnaire: Questionnaire;
  screening: Screening;
  /** What the lists say about themselves: no slots, no provider, no next day. */
  notice: string | null;
  /** What went wrong: a refused step, a failed booking, a slot taken meanwhile, a missing answer. */
  error: string | null;
  /** The failed read was "Next available day": Try again looks for it again, not for the lists before it. */
  nextDayFailed: boolean;
  errors: Partial<Record<FieldName, string>>;
  /** The practice's answer to a booking that worked. */
  booked: string | null;
  /**
   * The booking met an ended session (issue 21): nothing reached the practice, every choice stays, and
   * the dialog offers to sign in again in a new tab before Try again.
   */
  sessionEnded: boolean;
  /** The booking went out and what became of it is not known (decisions/385): Check again looks before it books. */
  unconfirmed: boolean;
}

export type BookingEvent =
  | { type: "who.select"; forWhom: "self" | "family" }
  | { type: "member.select"; id: string }
  | { type: "type.select"; id: string }
  | { type: "location.toggle"; id: string }
  | { type: "role.select"; id: string }
  | { type: "provider.select"; id: string }
  | { type: "date.select"; date: string }
  | { type: "day.next" }
  | { type: "slot.select"; id: string }
  | { type: "reason.change"; text: string }
  | { type: "contact.select"; id: string }
  | { type: "load.retry" }
  | { type: "book.start" }
  | { type: "symptom.toggle"; name: string }
  | { type: "noSymptoms.toggle" }
  | { type: "answer.set"; id: QuestionId; answer: Answer }
  | { type: "questionnaire.submit" }
  | { type: "consult.choose"; kind: "virtual" | "face2face" }
  | { type: "confirm.accept" }
  | { type: "back" }
  | { type: "done.close" };

/** The selection as the steps read it: the member's id when booking for the family. */
export function selectionOf(c: BookingContext): Selection {
  return { for: c.forWhom === "family" ? c.memberId : "", typeId: c.typeId, locationIds: c.locationIds, roleId: c.roleId, reasonForContactId: c.reasonForContactId, providerId: c.providerId, date: c.date };
}

/** 2§5: a chosen date, provider and slot (and type, locations, and the member when for the family). */
export function selectionErrors(c: BookingContext): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  if (c.forWhom === "family" && !c.memberId) errors.member = t.chooseMember;
  if (!c.typeId) errors.type = t.chooseType;
  if (c.locationIds.length === 0) errors.location = t.chooseLocation;
  if (!c.providerId) errors.provider = t.chooseProvider;
  if (!c.date) errors.date = t.chooseDate;
  if (!c.slotId || !c.slots.some((s) => s.id === c.slotId)) errors.slot = t.chooseSlot;
  if (c.reason.length > 500) errors.reason = t.reasonTooLong;
  return errors;
}

/** The fields the book step posts: an empty reason is "Not Provided", the reason for contact 25 unless chosen (2§5, 2§9). */
export function bookFields(c: BookingContext): BookFields {
  const s = selectionOf(c);
  return {
    for: s.for,
    typeId: s.typeId,
    locationIds: s.locationIds.join(","),
    providerId: s.providerId,
    date: s.date,
    slotId: c.slotId,
    slotStart: c.slots.find((s) => s.id === c.slotId)?.start ?? "",
    reason: c.reason.trim() || NOT_PROVIDED_REASON,
    reasonForContactId: (c.settings.showReasonsForContact && c.reasonForContactId) || DEFAULT_REASON_FOR_VISIT_ID,
    screening: c.screening,
  };
}

const videoTypeOf = (c: BookingContext) => c.types.find((x) => x.name === VIDEO_TYPE_NAME)?.id ?? null;
const roleName = (c: BookingContext) => c.roles.find((r) => r.id === c.roleId)?.name ?? "Practitioner";
/** A step's failure says why in its own words; anything else (a network failure, a bad reply) is the general text. */
const failure = (error: unknown) => failureMessage(error, t.loadFailed);

/** Choosing something earlier makes the later choices stale. */
const afterType: Pick<BookingContext, "providerId" | "slots" | "slotId" | "notice" | "error"> = { providerId: "", slots: [], slotId: "", notice: null, error: null };

export const bookingMachine = setup({
  types: {} as { context: BookingContext; events: BookingEvent; input: BookingInput },
  actors: {
    loadRoles: unprovided<Selection, Option[]>("loadRoles"),
    loadProviders: unprovided<Selection, ProviderView[]>("loadProviders"),
    loadSlots: unprovided<Selection, SlotView[]>("loadSlots"),
    loadNextDay: unprovided<{ selection: Selection; start: string }, { date: string | null; slots: SlotView[] }>("loadNextDay"),
    book: unprovided<BookFields, BookReply>("book"),
  },
  guards: {
    disabled: ({ context }) => context.settings.disabled,
    hasLocations: ({ context }) => context.locationIds.length > 0,
    locationsLeftAfterToggle: ({ context, event }) => {
      assertEvent(event, "location.toggle");
      return context.locations.some((l) => l.id === event.id) && (context.locationIds.length > 1 || !context.locationIds.includes(event.id));
    },
    readyForProviders: ({ context }) => context.typeId !== "" && context.locationIds.length > 0,
    // Guards are read before the choice is kept: the type chosen is the event's, so a place ticked first still counts.
    typeReadyForProviders: ({ context, event }) => {
      assertEvent(event, "type.select");
      return event.id !== "" && context.locationIds.length > 0;
    },
    readyForSlots: ({ context }) => context.typeId !== "" && context.locationIds.length > 0 && context.providerId !== "" && context.date !== "",
    canAskNextDay: ({ context }) => context.typeId !== "" && context.locationIds.length > 0 && context.providerId !== "",
    pickersLocked: ({ context }) => context.lockedDown,
    // The practice maps reasons to providers (1§3): a new reason, once type and places are chosen, asks again.
    reasonNarrowsProviders: ({ context, event }) => {
      assertEvent(event, "contact.select");
      const known = event.id === "" || context.reasonsForContact.some((r) => r.id === event.id);
      return context.settings.reasonNarrowsProviders && known && event.id !== context.reasonForContactId && context.typeId !== "" && context.locationIds.length > 0;
    },
    sameDayRefused: ({ context, event }) => {
      assertEvent(event, "date.select");
      return event.date === context.today && !context.settings.sameDayAllowed;
    },
    dateOutOfRange: ({ context, event }) => {
      assertEvent(event, "date.select");
      const { first, last } = bookableDays(context.today, context.settings.sameDayAllowed);
      return !/^\d{4}-\d{2}-\d{2}$/.test(event.date) || event.date < first || event.date > last;
    },
    selectionComplete: ({ context }) => Object.keys(selectionErrors(context)).length === 0,
    screens: ({ context }) => context.settings.covidScreening,
    questionnaireComplete: ({ context }) => questionnaireComplete(context.questionnaire),
    risky: ({ context }) => riskAnswers(context.questionnaire).length > 0,
    offersConsultChoice: ({ context }) => context.settings.showConsultOptions,
    typeIsVideo: ({ context }) => context.typeId === videoTypeOf(context),
    booked: (_, reply: BookReply) => reply.outcome === "booked",
    taken: (_, reply: BookReply) => reply.outcome === "taken",
  },
  actions: {
    // Who it is for changes whose slots are read, not what was chosen: the lists load again for them.
    chooseWho: assign(({ context, event }) => {
      assertEvent(event, "who.select");
      return { forWhom: context.family.canChoose ? event.forWhom : "self", memberId: "", slots: [], slotId: "", errors: {} };
    }),
    chooseMember: assign(({ context, event }) => {
      assertEvent(event, "member.select");
      return context.family.members.some((m) => m.id === event.id) ? { memberId: event.id, slots: [], slotId: "", errors: {} } : {};
    }),
    chooseType: assign(({ context, event }) => {
      assertEvent(event, "type.select");
      return { typeId: event.id, providers: [], ...afterType, providerId: context.lockedDown ? context.providerId : "", errors: {} };
    }),
    toggleLocation: assign(({ context, event }) => {
      assertEvent(event, "location.toggle");
      if (!context.locations.some((l) => l.id === event.id)) return {};
      const has = context.locationIds.includes(event.id);
      return { locationIds: has ? context.locationIds.filter((id) => id !== event.id) : [...context.locationIds, event.id], roles: [], roleId: "", providers: [], lockedDown: false, ...afterType, errors: {} };
    }),
    chooseRole: assign(({ event }) => {
      assertEvent(event, "role.select");
      return { roleId: event.id, providers: [], ...afterType, errors: {} };
    }),
    chooseProvider: assign(({ event }) => {
      assertEvent(event, "provider.select");
      return { providerId: event.id, slots: [], slotId: "", notice: null, error: null, errors: {} };
    }),
    chooseDate: assign(({ event }) => {
      assertEvent(event, "date.select");
      return { date: event.date, slots: [], slotId: "", notice: null, error: null, errors: {} };
    }),
    refuseSameDay: assign({ errors: { date: t.sameDayRefused }, error: null }),
    refuseDate: assign({ errors: { date: t.dateOutOfRange }, error: null }),
    chooseSlot: assign(({ context, event }) => {
      assertEvent(event, "slot.select");
      return context.slots.some((s) => s.id === event.id) ? { slotId: event.id, errors: {}, error: null } : {};
    }),
    typeReason: assign(({ event }) => {
      assertEvent(event, "reason.change");
      return { reason: event.text };
    }),
    chooseContact: assign(({ context, event }) => {
      assertEvent(event, "contact.select");
      return event.id === "" || context.reasonsForContact.some((r) => r.id === event.id) ? { reasonForContactId: event.id } : {};
    }),
    // The providers offered follow the reason: the one chosen and its times go until they are loaded again.
    chooseNarrowingContact: assign(({ context, event }) => {
      assertEvent(event, "contact.select");
      return { reasonForContactId: event.id, providers: [], ...afterType, providerId: context.lockedDown ? context.providerId : "", errors: {} };
    }),
    // A load that works leaves `error` alone: it may say why the lists are loading again (a virtual consult).
    keepRoles: assign((_, roles: Option[]) => ({ roles })),
    keepProviders: assign(({ context }, providers: ProviderView[]) => {
      const lockedDown = !context.settings.bypassLockDown && providers[0]?.lockedDown === true;
      // Locked down, the first provider is the one to book with; otherwise a provider no longer offered is let go.
      const providerId = lockedDown ? providers[0].id : providers.some((p) => p.id === context.providerId) ? context.providerId : "";
      return { providers, lockedDown, providerId, roleId: lockedDown ? "" : context.roleId, notice: providers.length === 0 ? t.noProvider(roleName(context)) : null };
    }),
    // A same day the practice refuses is refused at the field (`sameDayRefused`), so no list is read for it.
    keepSlots: assign((_, slots: SlotView[]) => ({ slots, notice: slots.length === 0 ? t.noSlots : null })),
    keepNextDay: assign((_, { date, slots }: { date: string | null; slots: SlotView[] }) => {
      return date ? { date, slots, slotId: "", notice: slots.length === 0 ? t.noSlots : null } : { notice: t.noNextDay };
    }),
    failLoad: assign((_, { error, nextDay = false }: { error: unknown; nextDay?: boolean }) => ({ error: failure(error), nextDayFailed: nextDay })),
    showSelectionErrors: assign(({ context }) => ({ errors: selectionErrors(context) })),
    // Every way to a booking passes here, so the screening of an earlier one is never sent again.
    startQuestionnaire: assign({ questionnaire: EMPTY_QUESTIONNAIRE, error: null, screening: "none" }),
    toggleSymptom: assign(({ context, event }) => {
      assertEvent(event, "symptom.toggle");
      const q = context.questionnaire;
      const has = q.symptoms.includes(event.name);
      return { questionnaire: { ...q, noSymptoms: false, symptoms: has ? q.symptoms.filter((s) => s !== event.name) : [...q.symptoms, event.name] }, error: null };
    }),
    toggleNoSymptoms: assign(({ context }) => ({ questionnaire: { ...context.questionnaire, noSymptoms: !context.questionnaire.noSymptoms, symptoms: [] }, error: null })),
    setAnswer: assign(({ context, event }) => {
      assertEvent(event, "answer.set");
      return { questionnaire: { ...context.questionnaire, answers: { ...context.questionnaire.answers, [event.id]: event.answer } }, error: null };
    }),
    refuseQuestionnaire: assign({ error: t.fillMandatory }),
    screenClear: assign({ screening: "clear" }),
    prefillReason: assign(({ context }) => ({ reason: reasonWithAnswers(context.reason, context.questionnaire) })),
    chooseFace2Face: assign({ screening: "face2face", error: null }),
    chooseVirtual: assign({ screening: "virtual", error: null }),
    // A virtual consult needs a video type (2§5): the type changes to it and a new time is chosen.
    switchToVideo: assign(({ context }) => ({ typeId: videoTypeOf(context) ?? context.typeId, providers: [], ...afterType, providerId: context.lockedDown ? context.providerId : "", error: t.virtualNeedsVideo })),
    noScreening: assign({ screening: "none" }),
    keepBooked: assign((_, reply: BookReply) => ({ booked: reply.message, error: null })),
    keepTaken: assign((_, reply: BookReply) =>
      reply.outcome === "taken" ? { slots: reply.slots, slotId: "", error: reply.message, notice: reply.slots.length === 0 ? t.noSlots : null } : {},
    ),
    keepRefusal: assign((_, { reply, error }: { reply?: BookReply; error?: unknown }) => {
      // The portal refused the step before asking the practice anything, so Try again once signed in
      // books this one time (a slot booked meanwhile would be answered as taken).
      if (error instanceof StepSessionEndedError) return { error: t.sessionEnded, sessionEnded: true, unconfirmed: false };
      // No answer from the portal may still be a booking made: unconfirmed, so Check again looks first.
      if (!reply && stepMayHaveBeenDone(error)) return { error: t.bookUnconfirmed, sessionEnded: false, unconfirmed: true };
      return { error: reply ? reply.message : failureMessage(error, t.bookFailed), sessionEnded: false, unconfirmed: reply?.outcome === "unknown" };
    }),
    clearError: assign({ error: null, sessionEnded: false, unconfirmed: false, nextDayFailed: false }),
    // After a booking the form starts again (2§4 "cleanup"); who it is for, the type and places stay.
    // Where the reason narrows the providers it stays too, so the providers shown still match it.
    cleanUp: assign(({ context }) => ({
      date: "",
      slots: [],
      slotId: "",
      reason: "",
      reasonForContactId: context.settings.reasonNarrowsProviders ? context.reasonForContactId : "",
      questionnaire: EMPTY_QUESTIONNAIRE,
      notice: null,
      error: null,
      errors: {},
      booked: null,
    })),
  },
}).createMachine({
  id: "booking",
  context: ({ input }) => ({
    ...input,
    forWhom: "self",
    memberId: "",
    typeId: "",
    locationIds: [],
    roles: [],
    roleId: "",
    providers: [],
    providerId: "",
    lockedDown: false,
    date: "",
    slots: [],
    slotId: "",
    reason: "",
    reasonForContactId: "",
    questionnaire: EMPTY_QUESTIONNAIRE,
    screening: "none",
    notice: null,
    error: null,
    nextDayFailed: false,
    errors: {},
    booked: null,
    sessionEnded: false,
    unconfirmed: false,
  }),
  initial: "start",
  states: {
    start: { always: [{ guard: "disabled", target: "disabled" }, { target: "choosing" }] },
    /** DisableAppointment (2§8): "Please ring the practice", no booking controls. */
    disabled: {},
    choosing: {
      initial: "idle",
      on: {
        "who.select": [{ guard: "readyForProviders", target: ".loadingProviders", actions: "chooseWho" }, { target: ".idle", actions: "chooseWho" }],
        "member.select": [{ guard: "readyForProviders", target: ".loadingProviders", actions: "chooseMember" }, { target: ".idle", actions: "chooseMember" }],
        "type.select": [{ guard: "typeReadyForProviders", target: ".loadingProviders", actions: "chooseType" }, { target: ".idle", actions: "chooseType" }],
        "location.toggle": [{ guard: "locationsLeftAfterToggle", target: ".loadingRoles", actions: "toggleLocation" }, { target: ".idle", actions: "toggleLocation" }],
        "role.select": { guard: ({ context }) => !context.lockedDown, target: ".loadingProviders", actions: "chooseRole" },
        "provider.select": [
          { guard: "pickersLocked" },
          { guard: ({ context, event }) => context.date !== "" && event.id !== "", target: ".loadingSlots", actions: "chooseProvider" },
          { target: ".idle", actions: "chooseProvider" },
        ],
        "date.select": [
          { guard: "sameDayRefused", actions: "refuseSameDay" },
          { guard: "dateOutOfRange", actions: "refuseDate" },
          { guard: ({ context }) => context.providerId !== "" && context.typeId !== "" && context.locationIds.length > 0, target: ".loadingSlots", actions: "chooseDate" },
          // A list still being read goes on: the day is kept for the times asked once a provider is chosen.
          { actions: "chooseDate" },
        ],
        "day.next": { guard: "canAskNextDay", target: ".loadingNextDay", actions: "clearError" },
        "slot.select": { actions: "chooseSlot" },
        "reason.change": { actions: "typeReason" },
        "contact.select": [{ guard: "reasonNarrowsProviders", target: ".loadingProviders", actions: "chooseNarrowingContact" }, { actions: "chooseContact" }],
        "book.start": [
          { guard: "selectionComplete", target: "questionnaire", actions: "startQuestionnaire" },
          { actions: "showSelectionErrors" },
        ],
      },
      states: {
        idle: {
          on: {
            "load.retry": [
              { guard: ({ context }) => context.nextDayFailed && context.providerId !== "", target: "loadingNextDay", actions: "clearError" },
              { guard: "readyForSlots", target: "loadingSlots", actions: "clearError" },
              { guard: "readyForProviders", target: "loadingProviders", actions: "clearError" },
              { guard: "hasLocations", target: "loadingRoles", actions: "clearError" },
            ],
          },
        },
        loadingRoles: {
          invoke: {
            src: "loadRoles",
            input: ({ context }) => selectionOf(context),
            onDone: [
              { guard: ({ context }) => context.typeId !== "", target: "loadingProviders", actions: { type: "keepRoles", params: ({ event }) => event.output } },
              { target: "idle", actions: { type: "keepRoles", params: ({ event }) => event.output } },
            ],
            onError: { target: "idle", actions: { type: "failLoad", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loadingProviders: {
          // A provider chosen from the list shown while a new one is read (for another member, say)
          // is taken, and the read goes on: the list that arrives keeps the choice only if it offers it.
          on: { "provider.select": [{ guard: "pickersLocked" }, { actions: "chooseProvider" }] },
          invoke: {
            src: "loadProviders",
            input: ({ context }) => selectionOf(context),
            onDone: { target: "afterProviders", actions: { type: "keepProviders", params: ({ event }) => event.output } },
            onError: { target: "idle", actions: { type: "failLoad", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        afterProviders: { always: [{ guard: "readyForSlots", target: "loadingSlots" }, { target: "idle" }] },
        loadingSlots: {
          invoke: {
            src: "loadSlots",
            input: ({ context }) => selectionOf(context),
            onDone: { target: "idle", actions: { type: "keepSlots", params: ({ event }) => event.output } },
            onError: { target: "idle", actions: { type: "failLoad", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loadingNextDay: {
          invoke: {
            src: "loadNextDay",
            // From the day after the one shown; with none shown yet, from the first bookable day.
            input: ({ context }) => ({
              selection: selectionOf(context),
              start: context.date ? nextSearchStart(context.date, context.today, context.settings.sameDayAllowed) : bookableDays(context.today, context.settings.sameDayAllowed).first,
            }),
            onDone: { target: "idle", actions: { type: "keepNextDay", params: ({ event }) => event.output } },
            onError: { target: "idle", actions: { type: "failLoad", params: ({ event }) => ({ error: event.error, nextDay: true }) } },
          },
        },
      },
    },
    /** The COVID questionnaire (2§4), only when the practice screens. */
    questionnaire: {
      always: { guard: not("screens"), target: "confirming", actions: "noScreening" },
      on: {
        "symptom.toggle": { actions: "toggleSymptom" },
        "noSymptoms.toggle": { actions: "toggleNoSymptoms" },
        "answer.set": { actions: "setAnswer" },
        "questionnaire.submit": [
          { guard: not("questionnaireComplete"), actions: "refuseQuestionnaire" },
          { guard: and(["risky", "offersConsultChoice"]), target: "consultChoice", actions: "prefillReason" },
          { guard: "risky", target: "blocked" },
          { target: "confirming", actions: "screenClear" },
        ],
        back: { target: "choosing" },
      },
    },
    /** Answers show risk and the practice offers the choice: Virtual consult or Face 2 Face (2§4). */
    consultChoice: {
      on: {
        "consult.choose": [
          { guard: ({ event }) => event.kind === "face2face", target: "confirming", actions: "chooseFace2Face" },
          { guard: "typeIsVideo", target: "confirming", actions: "chooseVirtual" },
          { target: "choosing.loadingProviders", actions: "switchToVideo" },
        ],
        back: { target: "choosing" },
      },
    },
    /** Answers show risk and the practice offers no choice: the blocking text of 2§8. */
    blocked: {
      on: { "done.close": { target: "choosing" }, back: { target: "choosing" } },
    },
    confirming: {
      on: {
        "confirm.accept": { target: "booking" },
        back: { target: "choosing", actions: "noScreening" },
      },
    },
    booking: {
      invoke: {
        src: "book",
        input: ({ context }) => bookFields(context),
        onDone: [
          { guard: { type: "booked", params: ({ event }) => event.output }, target: "booked", actions: { type: "keepBooked", params: ({ event }) => event.output } },
          // The slot went meanwhile: the times still free are offered (2§4).
          { guard: { type: "taken", params: ({ event }) => event.output }, target: "choosing", actions: { type: "keepTaken", params: ({ event }) => event.output } },
          { target: "failed", actions: { type: "keepRefusal", params: ({ event }) => ({ reply: event.output }) } },
        ],
        onError: { target: "failed", actions: { type: "keepRefusal", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    booked: {
      on: { "done.close": { target: "choosing", actions: "cleanUp" } },
    },
    failed: {
      on: { "done.close": { target: "choosing", actions: "noScreening" }, "confirm.accept": { target: "booking", actions: "clearError" } },
    },
  },
});
