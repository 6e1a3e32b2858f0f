import { lazy, type ComponentType } from "react";

/**
 * A module that a page fetches only when it is needed (issue 12: dialogs and the sign-in steps stay
 * off a page's first load), with `preload` to start the fetch a moment earlier, when the patient
 * points at or focuses what will need it, so the wait on opening is usually over already. A failed
 * fetch is forgotten, so the next attempt fetches again instead of repeating the failure.
 */
export function lazyModule<M>(load: () => Promise<M>) {
  let pending: Promise<M> | undefined;
  const preload = (): Promise<M> => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  /** One export of the module as a component for React's `lazy` (render it inside a Suspense). */
  const component = <P extends object>(pick: (module: M) => ComponentType<P>) => lazy(() => preload().then((module) => ({ default: pick(module) })));
  return { preload, component };
}
