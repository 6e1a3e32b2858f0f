import type { pdfViewerTexts as english } from "./pdf-viewer";
import { teReo } from "~/lib/te-reo";

/** The PDF viewer's own words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const pdfViewerTexts = teReo<typeof english>({
  pageOf: [(title: string, page: number, pages: number) => `${title}, whārangi ${page} o ${pages}`, "drafted"],
  zoomGroup: [(title: string) => `Te rahi o ${title}`, "drafted"],
  zoomOut: ["Whakaiti", "drafted"],
  zoomIn: ["Whakanui", "drafted"],
  // A number and its unit: the same in both languages.
  zoomLevel: [(percent: number) => `${percent}%`, "usage"],
  ofFittingWidth: ["o te whānui e uru ana", "drafted"],
  zoomed: [(title: string) => `${title}, kua whakanuia`, "drafted"],
});
