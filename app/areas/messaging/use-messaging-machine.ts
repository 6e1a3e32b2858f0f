import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import type { Announcement, MessagingEvent } from "../../../machines/messaging/messaging.machine";
import { lazyModule } from "~/components/ui/lazy-module";
import { earlyMessaging, isEarlyMessagingEvent, MESSAGING_START, messagingDialogsOf, notFetched, type MessagingDialogs } from "./dialogs";
import type { MessagingSettings } from "./view";
import type { MessagingActor, MessagingSnapshot } from "./messaging-actor";

// The messaging machine, xstate, and the writing steps with their zod schemas (decisions/361).
const messagingCode = lazyModule(() => import("./messaging-actor"));

/** The running machine: the actor (for what it emits as it happens) and its last snapshot. */
export interface RunningMessaging {
  actor: MessagingActor;
  state: MessagingSnapshot;
}

interface Writer {
  running: RunningMessaging | null;
  /** The page's own answer to its events until the machine runs. */
  early: MessagingDialogs;
  /** The last fetch of the machine's code failed; the next reach fetches it again. */
  unavailable: boolean;
}

/**
 * The /emails page's writing machine (compose, reply, drafts: machines/messaging/messaging.machine.ts), fetched
 * when the patient reaches for it (`reach`: Compose Message or a message's actions pointed at or
 * focused, or any event sent). Until then the page's events are answered as the machine answers them
 * in its starting state (lib/messaging-dialogs.ts) and kept, to be handed to the machine in order when
 * it starts, so a Compose pressed early opens the dialog, its form following, and a draft's Send
 * pressed early is sent once. The machine lives as long as the page, as `useMachine` kept it; every
 * post's outcome goes to `onAnnounced`.
 */
export function useMessagingMachine(
  settings: MessagingSettings,
  onAnnounced: (announcement: Announcement) => void,
): { running: RunningMessaging | null; view: MessagingDialogs; unavailable: boolean; send(event: MessagingEvent): void; reach(): void } {
  // One outside store for the page's early answer and the started machine, never React state
  // (decisions/358's race): a press landing after the machine has started but before React has drawn
  // it is drawn from the machine, and the events kept always match the answer drawn.
  const writer = useRef<Writer>({ running: null, early: MESSAGING_START, unavailable: false });
  const queued = useRef<MessagingEvent[]>([]);
  const listeners = useRef(new Set<() => void>());
  const mounted = useRef(false);
  const settingsNow = useRef(settings);
  const announced = useRef(onAnnounced);
  useEffect(() => {
    settingsNow.current = settings;
    announced.current = onAnnounced;
  }, [settings, onAnnounced]);

  const update = useCallback((change: Partial<Writer>) => {
    writer.current = { ...writer.current, ...change };
    listeners.current.forEach((listener) => listener());
  }, []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      writer.current.running?.actor.stop();
      writer.current = { running: null, early: MESSAGING_START, unavailable: false };
    };
  }, []);

  const reach = useCallback(() => {
    if (writer.current.running) return;
    if (writer.current.unavailable) update({ unavailable: false });
    void messagingCode.preload().then(
      ({ startMessaging }) => {
        if (!mounted.current || writer.current.running) return;
        const actor = startMessaging(settingsNow.current, queued.current, (announcement) => announced.current(announcement));
        queued.current = [];
        const changed = () => update({ running: { actor, state: actor.getSnapshot() } });
        actor.subscribe(changed);
        changed();
      },
      // Not fetched (the network): a draft's Send pressed early is told as not sent (`notFetched`), the
      // written message's dialog says its form could not be loaded, and the next reach fetches again.
      () => {
        if (!mounted.current || writer.current.running) return;
        const kept = notFetched(writer.current.early, queued.current, settingsNow.current);
        queued.current = kept.early;
        update({ early: kept.view, unavailable: true });
      },
    );
  }, [update]);

  const send = useCallback(
    (event: MessagingEvent) => {
      const { running } = writer.current;
      if (running) {
        running.actor.send(event);
        return;
      }
      queued.current.push(event);
      if (isEarlyMessagingEvent(event)) update({ early: earlyMessaging(writer.current.early, event, settingsNow.current) });
      reach();
    },
    [reach, update],
  );

  const subscribe = useCallback((onChange: () => void) => {
    listeners.current.add(onChange);
    return () => {
      listeners.current.delete(onChange);
    };
  }, []);
  const now = useSyncExternalStore(
    subscribe,
    () => writer.current,
    () => writer.current,
  );
  return { running: now.running, view: now.running ? messagingDialogsOf(now.running.state) : now.early, unavailable: !now.running && now.unavailable, send, reach };
}
