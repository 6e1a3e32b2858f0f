import { useEffect, useState, useSyncExternalStore } from "react";
import type { LazyModule } from "./lazy-module";

/**
 * A flow's machine fetched when the patient reaches for it: one that only waits in its starting state need not
 * weigh on the first load, and every page that takes events before it arrives loads it this way (decisions/348, 358, 361, 402).
 */

/** What the hook needs of a started actor (xstate's `Actor`). */
export interface ReachedActor<E, S> {
  send(event: E): void;
  stop(): void;
  getSnapshot(): S;
  subscribe(listener: () => void): { unsubscribe(): void };
}

export interface MachineWhenReached<M, E, V, A extends ReachedActor<E, unknown>> {
  /** The machine's module (`lazyModule(() => import(...))`). */
  code: Pick<LazyModule<M>, "arrived" | "preload">;
  /** Makes and starts the actor, then hands it the events the page took before, in order. */
  start(module: M, early: readonly E[]): A;
  /** The page's answer before the machine runs: the machine's starting state as the page draws it. */
  initial: V;
  /** The page's answer to an event before the machine runs, as the machine answers it in its starting state. */
  answer(view: V, event: E): V;
  /** The code did not arrive: what the page's answer and the events kept become (default: as they are). */
  notFetched?(view: V, early: readonly E[]): { view: V; early: E[] };
}

interface Held<M, V, A extends ReachedActor<unknown, unknown>> {
  module: M | null;
  actor: A | null;
  snapshot: ReturnType<A["getSnapshot"]> | null;
  early: V;
  /** The last fetch of the code failed; the next reach fetches it again. */
  unavailable: boolean;
}

export interface ReachedMachine<M, E, V, A extends ReachedActor<E, unknown>> {
  /** The machine's module, once it has arrived (for what else it holds, such as the test card's checks). */
  module: M | null;
  actor: A | null;
  /** The running actor's snapshot; null until it runs. */
  snapshot: ReturnType<A["getSnapshot"]> | null;
  /** The page's own answer, for drawing before the machine runs. */
  early: V;
  unavailable: boolean;
  /** To the machine when it runs; kept, answered by the page and handed over in order before (and the code fetched). */
  send(event: E): void;
  /** The patient reached for the flow (pointed at, focused): its code is fetched now. */
  reach(): void;
}

/**
 * The one way a page loads a flow's machine when the patient reaches for it: until it runs, events are answered as its starting
 * state would and kept, then handed over in order. Read as one outside store, never React state (decisions/358's race).
 */
export function useMachineWhenReached<M, E, V, A extends ReachedActor<E, unknown>>(options: MachineWhenReached<M, E, V, A>): ReachedMachine<M, E, V, A> {
  const [store] = useState(() => machineStore(options));
  // What the page gives (its early answers, how to start) as of its last drawing, for what comes next.
  useEffect(() => store.use(options));
  const now = useSyncExternalStore(store.subscribe, store.get, store.get);
  const { module } = now;
  useEffect(() => (module ? store.start(module) : undefined), [module, store]);
  return { module, actor: now.actor, snapshot: now.snapshot, early: now.early, unavailable: !now.actor && now.unavailable, send: store.send, reach: store.reach };
}

/**
 * The outside store the hook reads: the module, the running actor and its snapshot, the page's early
 * answer, and the events kept for the machine. One per page, made once.
 */
function machineStore<M, E, V, A extends ReachedActor<E, unknown>>(first: MachineWhenReached<M, E, V, A>) {
  const { code } = first;
  let latest = first;
  const options = () => latest;
  let held: Held<M, V, A> = { module: code.arrived, actor: null, snapshot: null, early: first.initial, unavailable: false };
  let queued: E[] = [];
  const listeners = new Set<() => void>();
  const update = (change: Partial<Held<M, V, A>>) => {
    held = { ...held, ...change };
    listeners.forEach((listener) => listener());
  };
  const reach = () => {
    if (held.module) return;
    if (held.unavailable) update({ unavailable: false });
    code.preload().then(
      (module) => held.module || update({ module }),
      () => {
        if (held.module) return;
        const kept = options().notFetched?.(held.early, queued) ?? { view: held.early, early: queued };
        queued = kept.early;
        update({ early: kept.view, unavailable: true });
      },
    );
  };
  return {
    use(options: MachineWhenReached<M, E, V, A>) {
      latest = options;
    },
    get: () => held,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    reach,
    send(event: E) {
      if (held.actor) return held.actor.send(event);
      queued.push(event);
      update({ early: options().answer(held.early, event) });
      reach();
    },
    /** Starts the machine with the events kept; the returned function stops it (the page has gone). */
    start(module: M) {
      const actor = options().start(module, queued);
      queued = [];
      const changed = () => update({ actor, snapshot: actor.getSnapshot() as ReturnType<A["getSnapshot"]> });
      const subscription = actor.subscribe(changed);
      changed();
      return () => {
        subscription.unsubscribe();
        actor.stop();
        held = { ...held, actor: null, snapshot: null };
      };
    },
  };
}
