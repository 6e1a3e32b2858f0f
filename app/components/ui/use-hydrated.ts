import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False in the server's render and in the browser's hydrating render, true from then on: what only
 * works in a browser (a machine-driven form, pdf.js) is drawn after hydration, never as server HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
