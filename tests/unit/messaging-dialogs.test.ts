import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { Option, SendReply } from "../../app/lib/messaging-compose";
import { earlyMessaging, MESSAGING_START, messagingDialogsOf, type EarlyMessagingEvent } from "../../app/lib/messaging-dialogs";
import type { MessageView, MessagingSettings } from "../../app/lib/messaging-view";
import { messagingMachine } from "../../machines/messaging.machine";

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

const message = (box: MessageView["box"]): MessageView => ({
  id: `${box}-1`,
  box,
  subject: "Your results",
  name: "Dr Ana Lee",
  longDate: "Monday 2 March 2026, 10:00 am",
  body: "All normal.",
  bodyHtml: null,
  roleId: "1",
  practitioner: { id: "7002", name: "Dr Ana Lee", reference: "Practitioner/7002" },
  attachments: [],
});

/** A seeded sequence of the events a page can send before the machine runs. */
function sequence(seed: number, length: number): EarlyMessagingEvent[] {
  let n = seed;
  // The generator's high bits: its low ones repeat within a few draws (n % 6 is never odd).
  const next = (m: number) => {
    n = (n * 1103515245 + 12345) % 2147483648;
    return Math.floor(n / 65536) % m;
  };
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

  it("keeps step with the machine over 200 sequences of the dialogs' buttons, under every setting", () => {
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
});
