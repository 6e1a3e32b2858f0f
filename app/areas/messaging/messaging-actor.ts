import { createActor, fromPromise, type SnapshotFrom } from "xstate";
import { messagingMachine, type Announcement, type MessagingEvent } from "./messaging.machine";
import { messageFields } from "./compose";
import type { MessagingSettings } from "./view";
import { callStep } from "~/lib/steps";
import { messagingSteps } from "./steps";
import { deleteMessages } from "./use-delete-messages";

/**
 * The messaging machine with its steps, fetched when the patient reaches for it on /emails
 * (decisions/361): started with the events the page took before it arrived, in order, and telling
 * `onAnnounced` of every post's outcome from the start.
 */
export function startMessaging(settings: MessagingSettings, early: readonly MessagingEvent[], onAnnounced: (announcement: Announcement) => void) {
  const machine = messagingMachine.provide({
    actors: {
      loadRoles: fromPromise(() => callStep(messagingSteps, "roles", {})),
      loadRecipients: fromPromise(({ input }) => callStep(messagingSteps, "recipients", { roleId: input.roleId })),
      sendMessage: fromPromise(({ input }) => callStep(messagingSteps, "send", messageFields(input.draft, input.key, input.intent))),
      sendDraft: fromPromise(({ input }) => callStep(messagingSteps, "sendDraft", { draftId: input.draftId, key: input.key })),
      deleteMessages: fromPromise(async ({ input }) => {
        const reply = await deleteMessages(input.ids, "drafts");
        // The old draft's removal not confirmed, or the draft still there: offered again, as a failed one (a delete is safe to repeat).
        if (reply.deleted === null || reply.deleted < reply.requested) throw new Error(reply.message);
        return reply;
      }),
    },
  });
  const actor = createActor(machine, { input: { settings } });
  actor.on("outcome.announced", onAnnounced);
  actor.start();
  for (const event of early) actor.send(event);
  return actor;
}

export type MessagingActor = ReturnType<typeof startMessaging>;
export type MessagingSnapshot = SnapshotFrom<typeof messagingMachine>;
