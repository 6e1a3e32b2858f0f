import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { RepeatEvent } from "../../../machines/medications/repeat-medication.machine";
import { lazyModule } from "~/components/ui/lazy-module";
import type { RepeatSettings } from "./view";
import { earlyRepeat, REPEAT_START, repeatViewOf, type EarlyRepeatEvent, type RepeatView } from "./repeat-selection";
import type { RepeatActor, RepeatSnapshot } from "./repeat-actor";

// The repeat machine, xstate and the request's schemas and steps (decisions/358).
const repeatCode = lazyModule(() => import("./repeat-actor"));

/**
 * The Medications page's repeat request: the machine once it has arrived, fetched when the patient
 * reaches for it (`reach`: a medicine's box or Repeat pointed at or focused, or any event sent). Until
 * then the page's events are answered as the machine answers them in its starting state
 * (lib/repeat-selection.ts) and kept, to be handed to the machine in order when it starts, so nothing
 * chosen is lost and a Repeat pressed early opens the dialog, its content following. The machine lives
 * as long as the page (the choice stays across tabs and pages), as `useMachine` kept it.
 */
export function useRepeatMachine(settings: RepeatSettings): { state: RepeatSnapshot | null; view: RepeatView; send(event: RepeatEvent): void; reach(): void } {
  const [early, setEarly] = useState<RepeatView>(REPEAT_START);
  const queued = useRef<RepeatEvent[]>([]);
  const mounted = useRef(false);
  const started = useRef<RepeatActor | null>(null);
  // The page reads the machine as an outside store, never from React state: a press that lands after the
  // machine has started but before React has drawn it (a click is drawn before a fetch's callback) would
  // otherwise be drawn from the page's early answer, which never saw it, and the box would untick.
  const listeners = useRef(new Set<() => void>());
  const settingsNow = useRef(settings);
  useEffect(() => {
    settingsNow.current = settings;
  }, [settings]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      started.current?.stop();
      started.current = null;
    };
  }, []);

  const reach = useCallback(() => {
    if (started.current) return;
    void repeatCode.preload().then(
      ({ startRepeat }) => {
        if (!mounted.current || started.current) return;
        const actor = startRepeat(settingsNow.current, queued.current);
        queued.current = [];
        started.current = actor;
        const changed = () => listeners.current.forEach((listener) => listener());
        actor.subscribe(changed);
        changed();
      },
      // Not fetched (the network): the next reach fetches again; what was chosen stays meanwhile.
      () => undefined,
    );
  }, []);

  const send = useCallback(
    (event: RepeatEvent) => {
      if (started.current) {
        started.current.send(event);
        return;
      }
      queued.current.push(event);
      if (isEarly(event)) setEarly((view) => earlyRepeat(view, event));
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
  const state = useSyncExternalStore(
    subscribe,
    () => started.current?.getSnapshot() ?? null,
    () => null,
  );
  return { state, view: state ? repeatViewOf(state) : early, send, reach };
}

function isEarly(event: RepeatEvent): event is EarlyRepeatEvent {
  return event.type === "medicine.toggle" || event.type === "medicine.set" || event.type === "repeat.open" || event.type === "dialog.close";
}
