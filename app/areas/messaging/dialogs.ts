import type { Draft } from "./compose";
import type { MessageView, MessagingSettings } from "./view";

/** What the /emails page draws of the messaging machine, before and after it arrives; no xstate and no zod here, for the first load (decisions/361). */

/** The written message's dialog: the machine's `writing.form` states. */
export type WritingStep = "editing" | "sending" | "confirmingClose" | "removingOldDraft" | "oldDraftLeft" | "unconfirmed" | "closingUnconfirmed";
/** Send Message on a draft as it is: the machine's `sendingDraft` states. */
export type DraftStep = "confirming" | "sending" | "failed" | "unconfirmed" | "removing" | "left";

export interface MessagingDialogs {
  /** The machine's top state: no dialog (`closed`), the written message's (`writing`), a draft sent as it is (`sendingDraft`). */
  open: "closed" | "writing" | "sendingDraft";
  /** What is written: a new message, a reply, an edited draft (the dialog's title). */
  mode: Draft["mode"];
  formStep: WritingStep;
  draftStep: DraftStep;
  /** A post or a removal is out (the machine's "busy" tag). */
  busy: boolean;
  /** The last post met an ended session. */
  sessionEnded: boolean;
}

/** The machine's starting state, as the page draws it before the machine runs. */
export const MESSAGING_START: MessagingDialogs = { open: "closed", mode: "compose", formStep: "editing", draftStep: "confirming", busy: false, sessionEnded: false };

/**
 * The events the page can send before the machine runs: the buttons that open a dialog, and in the
 * dialog drawn before the machine arrives, Send (`confirm`, a draft's) and closing it.
 */
export type EarlyMessagingEvent =
  { type: "compose.open" } | { type: "reply.open"; message: MessageView } | { type: "draft.edit"; message: MessageView } | { type: "draft.send"; id: string } | { type: "confirm" } | { type: "close" };

/**
 * One event as the machine answers it from `closed` and the first steps of its dialogs. The written
 * message's form is drawn only once the machine runs (its fields are the machine's), so before then
 * nothing has been typed and closing closes; a draft's Send pressed early is the machine's `sending`.
 */
export function earlyMessaging(view: MessagingDialogs, event: EarlyMessagingEvent, settings: MessagingSettings): MessagingDialogs {
  switch (view.open) {
    case "closed":
      if (event.type === "compose.open") return settings.compose ? { ...view, open: "writing", mode: "compose", formStep: "editing" } : view;
      if (event.type === "reply.open") return settings.reply ? { ...view, open: "writing", mode: "reply", formStep: "editing" } : view;
      if (event.type === "draft.edit") return { ...view, open: "writing", mode: "draft", formStep: "editing" };
      if (event.type === "draft.send") return { ...view, open: "sendingDraft", draftStep: "confirming", sessionEnded: false };
      return view;
    case "writing":
      return event.type === "close" ? MESSAGING_START : view;
    case "sendingDraft":
      // `failed` answers as `confirming` does, in the machine as here.
      if (view.draftStep !== "confirming" && view.draftStep !== "failed") return view;
      if (event.type === "confirm") return { ...view, draftStep: "sending", busy: true };
      return event.type === "close" ? MESSAGING_START : view;
  }
}

/** Whether an event is one the page answers before the machine runs. */
export function isEarlyMessagingEvent(event: { type: string }): event is EarlyMessagingEvent {
  return ["compose.open", "reply.open", "draft.edit", "draft.send", "confirm", "close"].includes(event.type);
}

/** The machine's code could not be fetched: a draft's early Send is told as a failed send, and taken out of the kept events (decisions/361). */
export function notFetched<E extends { type: string }>(view: MessagingDialogs, early: readonly E[], settings: MessagingSettings): { view: MessagingDialogs; early: E[] } {
  if (view.open !== "sendingDraft" || view.draftStep !== "sending") return { view, early: [...early] };
  // The press that began the sending: the first event after which the page's answer is sending.
  let answer = MESSAGING_START;
  const pressed = early.findIndex((event) => {
    if (isEarlyMessagingEvent(event)) answer = earlyMessaging(answer, event, settings);
    return answer.open === "sendingDraft" && answer.draftStep === "sending";
  });
  return { view: { ...view, draftStep: "failed", busy: false }, early: early.slice(0, pressed) };
}

/** The machine's state value, as far as the page reads it. */
type MessagingValue = "closed" | { writing: { form: WritingStep } } | { sendingDraft: DraftStep };

/** The page's view of a running machine's state. */
export function messagingDialogsOf(state: { value: MessagingValue; hasTag(tag: "busy"): boolean; context: { draft: { mode: Draft["mode"] }; sessionEnded: boolean } }): MessagingDialogs {
  const { value } = state;
  const base = { mode: state.context.draft.mode, busy: state.hasTag("busy"), sessionEnded: state.context.sessionEnded };
  if (value === "closed") return { ...base, open: "closed", formStep: "editing", draftStep: "confirming" };
  if ("writing" in value) return { ...base, open: "writing", formStep: value.writing.form, draftStep: "confirming" };
  return { ...base, open: "sendingDraft", formStep: "editing", draftStep: value.sendingDraft };
}
