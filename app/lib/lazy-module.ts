import { lazy, type ComponentType } from "react";

/**
 * A module that a page fetches only when it is needed (issue 12: dialogs, a flow's machine, the sign-in
 * steps stay off a page's first load), with `preload` to start the fetch a moment earlier, when the
 * patient points at or focuses what will need it. A failed fetch is forgotten, so the next attempt
 * fetches again instead of repeating the failure.
 */
export interface LazyModule<M> {
  /** The module, once it has arrived (an earlier visit of the page): what needs it can start at once. */
  readonly arrived: M | null;
  preload(): Promise<M>;
  /** One export of the module as a component for React's `lazy` (render it inside a Suspense). */
  component<P extends object>(pick: (module: M) => ComponentType<P>): ComponentType<P>;
}

export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let pending: Promise<M> | undefined;
  let arrived: M | null = null;
  const preload = (): Promise<M> =>
    (pending ??= load().then(
      (module) => (arrived = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return {
    get arrived() {
      return arrived;
    },
    preload,
    component: (pick) => lazy(() => preload().then((module) => ({ default: pick(module) }))),
  };
}
