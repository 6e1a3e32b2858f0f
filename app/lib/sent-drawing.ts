import { createContext, useContext, useId, useState } from "react";

/** A chart's server-drawn SVG goes to the browser once: in the HTML of a document, in the data only for a data request (decisions/379). */

/** The drawings of the page being rendered on the server, by name; none in the browser. */
export const ServerDrawings = createContext<ReadonlyMap<string, string> | null>(null);

/** Drawings taken from the server's HTML on hydration, by name, for a later mount before new data. */
const hydrated = new Map<string, string>();

/**
 * The markup of the drawing `name` and the id of the element that holds it: the markup sent in the
 * data when there is some, else the server's (in its render) or the one the server drew into the page
 * (in the browser, on hydration).
 */
export function useSentDrawing(name: string, sent: string | null): { id: string; html: string } {
  const id = useId();
  const server = useContext(ServerDrawings);
  const [kept] = useState(() => {
    if (sent !== null) return sent;
    if (server) return server.get(name) ?? "";
    if (typeof document === "undefined") return "";
    const drawn = hydrated.get(name) ?? document.getElementById(id)?.innerHTML ?? "";
    hydrated.set(name, drawn);
    return drawn;
  });
  return { id, html: sent ?? kept };
}
