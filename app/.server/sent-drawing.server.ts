import { createContext, type RouterContextProvider } from "react-router";

/** The drawings a document's loaders hand to the server's render (app/lib/sent-drawing.ts), by name. */
export const documentDrawings = createContext<Map<string, string> | null>(null);

/**
 * A drawing as a loader sends it: in the data for a data request (`/vitals.data`: there is no HTML
 * then), else to the document's render alone, through the request's context (null in the data).
 * The request is the one the browser sent (React Router's `v8_passThroughRequests`), so a data
 * request's address still ends in `.data`.
 */
export function sendDrawing(request: Request, context: Readonly<RouterContextProvider>, name: string, markup: string): string | null {
  if (new URL(request.url).pathname.endsWith(".data")) return markup;
  let drawings = context.get(documentDrawings);
  if (!drawings) {
    drawings = new Map();
    context.set(documentDrawings, drawings);
  }
  drawings.set(name, markup);
  return null;
}
