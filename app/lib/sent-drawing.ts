import { createContext, useContext, useId, useState } from "react";

/**
 * A chart's drawing (SVG markup made on the server: app/components/charts/chart-drawing.server.tsx)
 * goes to the browser once (issue 53, decisions/379). A page's document carries it in its HTML only:
 * the loader hands it to the server's render beside its data rather than in it (`sendDrawing`,
 * app/.server/sent-drawing.server.ts), and the browser keeps, on hydration, the markup the server
 * drew. A data request (a client navigation, a page read again) carries it in the data, as there is
 * no HTML then. Before, the dashboard's two drawings were three-quarters of its hydration data (10.6
 * of 14.4 KB), sent again under the HTML that held them.
 */

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
