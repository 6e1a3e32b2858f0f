import { useCallback, useRef } from "react";

/**
 * Print for a PDF being drawn: printing before its pages are drawn gives blank sheets (the spec's
 * "after 500 ms"; decisions/065), so a Print pressed early waits for the viewer's `onRendered`.
 * `wanted`: printing was asked for on opening. `drawn`: there is nothing to wait for (no PDF).
 */
export function usePrintWhenDrawn({ wanted = false, drawn = false }: { wanted?: boolean; drawn?: boolean } = {}) {
  const printWanted = useRef(wanted);
  const ready = useRef(drawn);
  const onRendered = useCallback(() => {
    ready.current = true;
    if (printWanted.current) {
      printWanted.current = false;
      window.print();
    }
  }, []);
  const print = useCallback(() => {
    if (ready.current) window.print();
    else printWanted.current = true;
  }, []);
  return { print, onRendered };
}
