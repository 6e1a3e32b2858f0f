import { and, assertEvent, assign, setup } from "xstate";
import type { Delivery, PharmacyOption, RepeatSettings } from "./view";
import { medicationsTexts } from "./texts";
import { toggledMedicine, withMedicines } from "./repeat-selection";
import { checkRepeatChoice, type RepeatChoice, type RepeatErrors, type RepeatReply } from "./repeat-request";
import { StepSessionEndedError } from "~/lib/step-errors";
import { newAttemptKey } from "~/lib/attempt-key";
import { unprovided } from "~/lib/unprovided";

/**
 * Requesting repeat prescriptions (2§4, 2§5): one key per attempt, answered once (decisions/091); an unknown outcome is `unconfirmed`
 * and never sent again unasked, since the practice cannot be asked whether it has it (decisions/216).
 */

const t = medicationsTexts;

export interface RepeatInput {
  settings: RepeatSettings;
}

export interface RepeatContext extends RepeatChoice {
  settings: RepeatSettings;
  /** The pharmacy's name as the list shows it, for the summary. */
  pharmacyName: string | null;
  pharmacies: PharmacyOption[] | null;
  pharmaciesError: string | null;
  errors: RepeatErrors;
  key: string | null;
  ignoreLeave: boolean;
  /** The prescribers on leave (302). */
  onLeave: string[];
  /** The practice's answer (sent) or why nothing was sent (failed, refused). */
  message: string | null;
  /**
   * The last step met an ended session (issue 21): nothing was sent, everything chosen stays, and the
   * dialog offers to sign in again in a new tab before trying again.
   */
  sessionEnded: boolean;
}

export type RepeatEvent =
  | { type: "medicine.toggle"; id: string }
  | { type: "medicine.set"; ids: readonly string[]; selected: boolean }
  | { type: "repeat.open" }
  | { type: "delivery.select"; delivery: Delivery }
  | { type: "pharmacy.select"; id: string; name: string }
  | { type: "urgent.toggle" }
  | { type: "fax.toggle" }
  | { type: "notes.change"; text: string }
  | { type: "request.submit" }
  | { type: "request.retry" }
  | { type: "request.edit" }
  | { type: "request.sendAgain" }
  | { type: "leave.resend" }
  | { type: "leave.back" }
  | { type: "pharmacies.retry" }
  | { type: "dialog.close" };

/** The pharmacy to preselect: the practice's record of the patient's preferred one, else the favourite. */
export function preferredPharmacy(list: readonly PharmacyOption[], settings: Pick<RepeatSettings, "preferredPharmacyId" | "preferredPharmacyName">): PharmacyOption | null {
  const byId = settings.preferredPharmacyId ? list.find((p) => p.id === settings.preferredPharmacyId) : undefined;
  const byName = settings.preferredPharmacyName ? list.find((p) => p.name.toLowerCase() === settings.preferredPharmacyName!.toLowerCase()) : undefined;
  return byId ?? byName ?? list.find((p) => p.favourite) ?? null;
}

/** Changing what is asked for is a new attempt: its key is dropped, and so is a stale message. */
const changed = { key: null, errors: {}, message: null, sessionEnded: false } as const;

export const repeatMedicationMachine = setup({
  types: {} as { context: RepeatContext; events: RepeatEvent; input: RepeatInput },
  actors: {
    loadPharmacies: unprovided<void, PharmacyOption[]>("loadPharmacies"),
    sendRequest: unprovided<{ choice: RepeatChoice; key: string; ignoreLeave: boolean }, RepeatReply>("sendRequest"),
  },
  guards: {
    hasSelection: ({ context }) => context.medicationIds.length > 0,
    hasKey: ({ context }) => context.key !== null,
    choiceValid: ({ context }) => Object.keys(checkRepeatChoice(context, context.settings)).length === 0,
    sent: (_, reply: RepeatReply) => reply.outcome === "sent",
    onLeave: (_, reply: RepeatReply) => reply.outcome === "onLeave",
    refused: (_, reply: RepeatReply) => reply.outcome === "refused",
    unknown: (_, reply: RepeatReply) => reply.outcome === "unknown",
    needsPharmacies: ({ context }) => context.pharmacies === null,
    sessionEnded: (_, { error }: { error: unknown }) => error instanceof StepSessionEndedError,
  },
  actions: {
    toggleMedicine: assign(({ context, event }) => {
      assertEvent(event, "medicine.toggle");
      return { ...changed, medicationIds: toggledMedicine(context.medicationIds, event.id) };
    }),
    setMedicines: assign(({ context, event }) => {
      assertEvent(event, "medicine.set");
      return { ...changed, medicationIds: withMedicines(context.medicationIds, event.ids, event.selected) };
    }),
    refuseEmpty: assign({ errors: { medicationIds: t.selectOne } }),
    clearErrors: assign({ errors: {}, message: null }),
    chooseDelivery: assign(({ event }) => {
      assertEvent(event, "delivery.select");
      return { ...changed, delivery: event.delivery };
    }),
    choosePharmacy: assign(({ event }) => {
      assertEvent(event, "pharmacy.select");
      return { ...changed, pharmacyId: event.id, pharmacyName: event.name };
    }),
    toggleUrgent: assign(({ context }) => ({ ...changed, urgent: !context.urgent })),
    toggleFax: assign(({ context }) => ({ ...changed, fax: !context.fax })),
    typeNotes: assign(({ event }) => {
      assertEvent(event, "notes.change");
      return { ...changed, notes: event.text };
    }),
    showErrors: assign(({ context }) => ({ errors: checkRepeatChoice(context, context.settings) })),
    mintKey: assign({ key: () => newAttemptKey() }),
    beginAttempt: assign({ ignoreLeave: false, errors: {}, message: null, sessionEnded: false }),
    resendIgnoringLeave: assign({ ignoreLeave: true, message: null }),
    // The patient's own choice after an unknown outcome: a new request, IgnoreLeave as it was.
    sendAgainAnyway: assign({ message: null }),
    keepUnknown: assign((_, reply: RepeatReply) => ({ message: reply.outcome === "unknown" ? reply.message : null })),
    keepPharmacies: assign(({ context }, list: PharmacyOption[]) => {
      // The preferred pharmacy is preselected only when the patient has not chosen one already.
      const preferred = context.pharmacyId === null ? preferredPharmacy(list, context.settings) : null;
      return { pharmacies: list, pharmaciesError: null, ...(preferred ? { pharmacyId: preferred.id, pharmacyName: preferred.name } : {}) };
    }),
    failPharmacies: assign({ pharmaciesError: (_, { error }: { error: unknown }) => (error instanceof StepSessionEndedError ? t.pharmaciesSessionEnded : t.pharmaciesFailed) }),
    clearPharmaciesError: assign({ pharmaciesError: null }),
    keepSent: assign((_, reply: RepeatReply) => ({ message: reply.outcome === "sent" ? reply.message : null })),
    keepOnLeave: assign((_, reply: RepeatReply) => ({ onLeave: reply.outcome === "onLeave" ? reply.providers : [] })),
    // A refusal sent nothing: its key is spent with it, and the fields it names show why.
    keepRefusal: assign((_, reply: RepeatReply) => {
      if (reply.outcome !== "refused") return {};
      return { key: null, message: reply.fields && Object.keys(reply.fields).length > 0 ? null : reply.message, errors: reply.fields ?? {} };
    }),
    keepFailure: assign((_, { reply }: { reply?: RepeatReply }) => ({ message: reply?.outcome === "failed" ? reply.message : t.sendFailed, sessionEnded: false })),
    // The same key stays: nothing reached the practice, and trying again once signed in is this attempt.
    keepSessionEnded: assign({ message: t.sessionEnded, sessionEnded: true }),
    // IgnoreLeave and the prescribers on leave are set on the way into sending and onLeave: nothing of them is left to forget.
    forgetRequest: assign(({ context }) => ({
      medicationIds: [],
      key: null,
      message: null,
      errors: {},
      urgent: false,
      fax: false,
      notes: "",
      delivery: context.settings.showDeliveryChoice ? context.delivery : context.settings.defaultDelivery,
    })),
  },
}).createMachine({
  id: "repeatMedication",
  context: ({ input }) => ({
    settings: input.settings,
    medicationIds: [],
    // Without the choice the practice decides; with it, pick up is offered first unless the patient owes.
    delivery: input.settings.showDeliveryChoice ? (input.settings.outstandingBalanceCents > 0 ? "pharmacy" : "pickup") : input.settings.defaultDelivery,
    pharmacyId: null,
    pharmacyName: null,
    urgent: false,
    fax: false,
    notes: "",
    pharmacies: null,
    pharmaciesError: null,
    errors: {},
    key: null,
    ignoreLeave: false,
    onLeave: [],
    message: null,
    sessionEnded: false,
  }),
  initial: "choosing",
  states: {
    choosing: {
      on: {
        "medicine.toggle": { actions: "toggleMedicine" },
        "medicine.set": { actions: "setMedicines" },
        "repeat.open": [{ guard: "hasSelection", target: "requesting", actions: "clearErrors" }, { actions: "refuseEmpty" }],
      },
    },
    requesting: {
      type: "parallel",
      states: {
        pharmacies: {
          initial: "check",
          states: {
            check: { always: [{ guard: "needsPharmacies", target: "loading" }, { target: "loaded" }] },
            loading: {
              invoke: {
                src: "loadPharmacies",
                onDone: { target: "loaded", actions: { type: "keepPharmacies", params: ({ event }) => event.output } },
                onError: { target: "failed", actions: { type: "failPharmacies", params: ({ event }) => ({ error: event.error }) } },
              },
            },
            loaded: {},
            failed: { on: { "pharmacies.retry": { target: "loading", actions: "clearPharmaciesError" } } },
          },
        },
        form: {
          initial: "editing",
          states: {
            editing: {
              on: {
                "delivery.select": { actions: "chooseDelivery" },
                "pharmacy.select": { actions: "choosePharmacy" },
                "urgent.toggle": { actions: "toggleUrgent" },
                "fax.toggle": { actions: "toggleFax" },
                "notes.change": { actions: "typeNotes" },
                "request.submit": [
                  // Sending again what was not changed (after a failure, or closed and reopened) is the same attempt.
                  { guard: and(["choiceValid", "hasKey"]), target: "sending", actions: "beginAttempt" },
                  { guard: "choiceValid", target: "sending", actions: ["beginAttempt", "mintKey"] },
                  { actions: "showErrors" },
                ],
                "dialog.close": { target: "#repeatMedication.choosing" },
              },
            },
            sending: {
              invoke: {
                src: "sendRequest",
                input: ({ context }) => ({
                  choice: { medicationIds: context.medicationIds, delivery: context.delivery, pharmacyId: context.pharmacyId, urgent: context.urgent, fax: context.fax, notes: context.notes },
                  key: context.key!,
                  ignoreLeave: context.ignoreLeave,
                }),
                onDone: [
                  { guard: { type: "sent", params: ({ event }) => event.output }, target: "sent", actions: { type: "keepSent", params: ({ event }) => event.output } },
                  { guard: { type: "onLeave", params: ({ event }) => event.output }, target: "onLeave", actions: { type: "keepOnLeave", params: ({ event }) => event.output } },
                  { guard: { type: "refused", params: ({ event }) => event.output }, target: "editing", actions: { type: "keepRefusal", params: ({ event }) => event.output } },
                  { guard: { type: "unknown", params: ({ event }) => event.output }, target: "unconfirmed", actions: { type: "keepUnknown", params: ({ event }) => event.output } },
                  { target: "failed", actions: { type: "keepFailure", params: ({ event }) => ({ reply: event.output }) } },
                ],
                onError: [
                  { guard: { type: "sessionEnded", params: ({ event }) => ({ error: event.error }) }, target: "failed", actions: "keepSessionEnded" },
                  { target: "failed", actions: { type: "keepFailure", params: {} } },
                ],
              },
            },
            onLeave: {
              on: {
                "leave.resend": { target: "sending", actions: ["resendIgnoringLeave", "mintKey"] },
                "leave.back": { target: "editing", actions: assign({ key: null, onLeave: [] }) },
                "dialog.close": { target: "#repeatMedication.choosing", actions: assign({ key: null, onLeave: [] }) },
              },
            },
            // The same attempt, the same key: a reply lost on the way back cannot become two requests.
            // Changing anything instead is a new attempt, back in the form.
            failed: {
              on: {
                "delivery.select": { target: "editing", actions: "chooseDelivery" },
                "pharmacy.select": { target: "editing", actions: "choosePharmacy" },
                "urgent.toggle": { target: "editing", actions: "toggleUrgent" },
                "fax.toggle": { target: "editing", actions: "toggleFax" },
                "notes.change": { target: "editing", actions: "typeNotes" },
                "request.retry": { target: "sending", actions: assign({ message: null, sessionEnded: false }) },
                "request.edit": { target: "editing", actions: assign({ message: null, sessionEnded: false }) },
                "dialog.close": { target: "#repeatMedication.choosing" },
              },
            },
            // Closing keeps the attempt and its key: reopened and sent, it is asked about again, not resent.
            unconfirmed: {
              on: {
                "request.sendAgain": { target: "sending", actions: ["sendAgainAnyway", "mintKey"] },
                "dialog.close": { target: "#repeatMedication.choosing" },
              },
            },
            sent: {
              on: { "dialog.close": { target: "#repeatMedication.choosing", actions: "forgetRequest" } },
            },
          },
        },
      },
    },
  },
});
