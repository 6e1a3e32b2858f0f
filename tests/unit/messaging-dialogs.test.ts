import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { Option, SendReply } from "~/areas/messaging/compose";
import { earlyMessaging, MESSAGING_START, messagingDialogsOf, notFetched, type EarlyMessagingEvent, type MessagingDialogs } from "~/areas/messaging/dialogs";
import type { MessageView, MessagingSettings } from "~/areas/messaging/view";
import { messagingMachine } from "~/areas/messaging/messaging.machine";
import { messageView } from "../helpers/message-view";
import { seededDraws } from "../helpers/seeded-draws";

/**
 * Before the messaging machine arrives, the /emails page answers its events with `earlyMessaging`
 * (decisions/361) and hands them to the machine when it starts: each step of the page's view must be
 * what the machine itself shows after the same events.
 */

// The steps never answer here: what the page draws before the machine runs is what it draws at once.
const pending = <T>() => new Promise<T>(() => undefined);

function machine(settings: MessagingSettings) {
  const provided = messagingMachine.provide({
    actors: {
      loadRoles: fromPromise(() => pending<Option[]>()),
      loadRecipients: fromPromise(() => pending<Option[]>()),
      sendMessage: fromPromise(() => pending<SendReply>()),
      sendDraft: fromPromise(() => pending<SendReply>()),
      deleteMessages: fromPromise(() => pending<unknown>()),
    },
  });
  return createActor(provided, { input: { settings } }).start();
}

const message = (box: MessageView["box"]) => messageView({ id: `${box}-1`, box });

/** A seeded sequence of the events a page can send before the machine runs. */
function sequence(seed: number, length: number): EarlyMessagingEvent[] {
  const next = seededDraws(seed);
  return Array.from({ length }, (): EarlyMessagingEvent => {
    switch (next(6)) {
      case 0:
        return { type: "compose.open" };
      case 1:
        return { type: "reply.open", message: message("inbox") };
      case 2:
        return { type: "draft.edit", message: message("drafts") };
      case 3:
        return { type: "draft.send", id: "drafts-1" };
      case 4:
        return { type: "confirm" };
      default:
        return { type: "close" };
    }
  });
}

const EVERY_SETTING: MessagingSettings[] = [
  { compose: true, reply: true },
  { compose: false, reply: true },
  { compose: true, reply: false },
  { compose: false, reply: false },
];

describe("the /emails page's messaging dialogs before the machine runs", () => {
  it("starts as the machine starts", () => {
    const actor = machine({ compose: true, reply: true });
    expect(messagingDialogsOf(actor.getSnapshot())).toEqual(MESSAGING_START);
    actor.stop();
  });

  it("opens Compose Message only where the practice allows it, and a draft's Send pressed early is the machine's sending", () => {
    expect(earlyMessaging(MESSAGING_START, { type: "compose.open" }, { compose: false, reply: true })).toEqual(MESSAGING_START);
    const compose = earlyMessaging(MESSAGING_START, { type: "compose.open" }, { compose: true, reply: true });
    expect(compose).toEqual({ ...MESSAGING_START, open: "writing" });
    expect(earlyMessaging(compose, { type: "close" }, { compose: true, reply: true })).toEqual(MESSAGING_START);
    const confirming = earlyMessaging(MESSAGING_START, { type: "draft.send", id: "d1" }, { compose: true, reply: true });
    expect(earlyMessaging(confirming, { type: "confirm" }, { compose: true, reply: true })).toEqual({ ...MESSAGING_START, open: "sendingDraft", draftStep: "sending", busy: true });
  });

  // Thousands of actors each (10-13 s here beside three mutation runs): a minute, so a busy machine
  // does not fail them on time alone, as it did twice in session 30.
  it("keeps step with the machine over 200 sequences of the dialogs' buttons, under every setting", { timeout: 60_000 }, () => {
    for (const settings of EVERY_SETTING) {
      for (let seed = 1; seed <= 200; seed++) {
        const actor = machine(settings);
        let view = MESSAGING_START;
        for (const event of sequence(seed, 10)) {
          view = earlyMessaging(view, event, settings);
          actor.send(event);
          expect(view, `${JSON.stringify(settings)} seed ${seed} after ${JSON.stringify(event)}`).toEqual(messagingDialogsOf(actor.getSnapshot()));
        }
        actor.stop();
      }
    }
  });

  it("tells a draft's Send as not sent when the machine's code could not be fetched, and the machine started later with the events kept answers as the page did", { timeout: 60_000 }, () => {
    const settings: MessagingSettings = { compose: true, reply: true };
    const confirming = earlyMessaging(MESSAGING_START, { type: "draft.send", id: "d1" }, settings);
    const sending = earlyMessaging(confirming, { type: "confirm" }, settings);
    const failed = notFetched(sending, [{ type: "draft.send", id: "d1" }, { type: "confirm" }], settings);
    expect(failed).toEqual({ view: { ...sending, draftStep: "failed", busy: false }, early: [{ type: "draft.send", id: "d1" }] });
    // Nothing else changes: a written message's dialog waits for the form, the events all kept.
    const writing = earlyMessaging(MESSAGING_START, { type: "compose.open" }, settings);
    expect(notFetched(writing, [{ type: "compose.open" }], settings)).toEqual({ view: writing, early: [{ type: "compose.open" }] });

    // The machine cannot show a code that did not arrive: its `confirming` answers every press as `failed`.
    const shown = (view: MessagingDialogs) => (view.draftStep === "failed" ? { ...view, draftStep: "confirming" } : view);
    for (let seed = 1; seed <= 200; seed++) {
      const next = seededDraws(seed * 7919);
      const events = sequence(seed, 12);
      const failAt = next(events.length);
      let view = MESSAGING_START;
      let kept: EarlyMessagingEvent[] = [];
      events.forEach((event, i) => {
        view = earlyMessaging(view, event, settings);
        kept.push(event);
        if (i === failAt) ({ view, early: kept } = notFetched(view, kept, settings));
        const actor = machine(settings);
        for (const early of kept) actor.send(early);
        expect(shown(view), `seed ${seed} failed after ${failAt}, now after ${JSON.stringify(event)}`).toEqual(messagingDialogsOf(actor.getSnapshot()));
        actor.stop();
      });
    }
  });
});
