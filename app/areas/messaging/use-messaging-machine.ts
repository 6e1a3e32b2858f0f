import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Announcement, MessagingEvent } from "../../../machines/messaging.machine";
import { lazyModule } from "../../components/ui/lazy-module";
import { earlyMessaging, MESSAGING_START, messagingDialogsOf, type EarlyMessagingEvent, type MessagingDialogs } from "../../lib/messaging-dialogs";
import type { MessagingSettings } from "../../lib/messaging-view";
import type { MessagingActor, MessagingSnapshot } from "./messaging-actor";

// The messaging machine, xstate, and the writing steps with their zod schemas (decisions/361).
const messagingCode = lazyModule(() => import("./messaging-actor"));

/** The running machine: the actor (for what it emits as it happens) and its last snapshot. */
export interface RunningMessaging {
  actor: MessagingActor;
  state: MessagingSnapshot;
}

/**
 * The /emails page's writing machine (compose, reply, drafts: machines/messaging.machine.ts), fetched
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
): { running: RunningMessaging | null; view: MessagingDialogs; send(event: MessagingEvent): void; reach(): void } {
  const [early, setEarly] = useState<MessagingDialogs>(MESSAGING_START);
  const queued = useRef<MessagingEvent[]>([]);
  const mounted = useRef(false);
  // The page reads the machine as an outside store, never from React state (decisions/358's race): a
  // press landing after the machine has started but before React has drawn it is drawn from the machine.
  const running = useRef<RunningMessaging | null>(null);
  const listeners = useRef(new Set<() => void>());
  const settingsNow = useRef(settings);
  const announced = useRef(onAnnounced);
  useEffect(() => {
    settingsNow.current = settings;
    announced.current = onAnnounced;
  }, [settings, onAnnounced]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      running.current?.actor.stop();
      running.current = null;
    };
  }, []);

  const reach = useCallback(() => {
    if (running.current) return;
    void messagingCode.preload().then(
      ({ startMessaging }) => {
        if (!mounted.current || running.current) return;
        const actor = startMessaging(settingsNow.current, queued.current, (announcement) => announced.current(announcement));
        queued.current = [];
        const changed = () => {
          running.current = { actor, state: actor.getSnapshot() };
          listeners.current.forEach((listener) => listener());
        };
        actor.subscribe(changed);
        changed();
      },
      // Not fetched (the network): the next reach fetches again; the dialog opened early stays meanwhile.
      () => undefined,
    );
  }, []);

  const send = useCallback(
    (event: MessagingEvent) => {
      if (running.current) {
        running.current.actor.send(event);
        return;
      }
      queued.current.push(event);
      const { current: settingsThen } = settingsNow;
      if (isEarly(event)) setEarly((view) => earlyMessaging(view, event, settingsThen));
      reach();
    },
    [reach],
  );

  const subscribe = useCallback((onChange: () => void) => {
    listeners.current.add(onChange);
    return () => {
      listeners.current.delete(onChange);
    };
  }, []);
  const now = useSyncExternalStore(
    subscribe,
    () => running.current,
    () => null,
  );
  return { running: now, view: now ? messagingDialogsOf(now.state) : early, send, reach };
}

function isEarly(event: MessagingEvent): event is EarlyMessagingEvent {
  return event.type === "compose.open" || event.type === "reply.open" || event.type === "draft.edit" || event.type === "draft.send" || event.type === "confirm" || event.type === "close";
}
