import type { SubmissionResult } from "@conform-to/react";
import type { Letter } from "@contract/documents";
import { formatDate, practiceDateTime } from "./dates";

/**
 * The Letters screen's view types, shared by its server half (app/areas/letters/page.server.ts)
 * and its components. The mapper runs in the loader only: the page imports the types, so luxon
 * stays off its bundle.
 */

/** One letter tile (2§2): its type and date, and whether the portal can show it. */
export interface LetterTile {
  id: string;
  /** The type coding's display: "Referral Letter", "Discharge Summary"… */
  type: string;
  /** DD-MM-YYYY in Pacific/Auckland. */
  date: string;
  /** YYYY-MM-DD in Pacific/Auckland, for <time dateTime>; empty when the practice's date is unreadable. */
  isoDate: string;
  /** A PDF opens in the viewer; anything else can only be downloaded. */
  pdf: boolean;
}

/** The letter's date slot (extension[0], contract/documents.ts LetterSlots) read as the tile shows it. */
export function letterTileOf(letter: Letter): LetterTile {
  const when = practiceDateTime(letter.extension.date);
  const [content] = letter.content;
  return {
    id: letter.id,
    type: letter.type.coding[0]?.display.trim() || "Letter",
    date: formatDate(letter.extension.date),
    isoDate: when.isValid ? when.toISODate()! : "",
    pdf: content.attachment.contentType.toLowerCase() === "application/pdf",
  };
}

/** Newest first, whatever order the practice sent; letters with unreadable dates go last. */
export function newestFirst(tiles: readonly LetterTile[]): LetterTile[] {
  return [...tiles].sort((a, b) => (a.isoDate === b.isoDate ? 0 : a.isoDate === "" ? 1 : b.isoDate === "" ? -1 : a.isoDate < b.isoDate ? 1 : -1));
}

/** The file name a downloaded letter gets: its type and date, nothing the practice could use to reach outside the name. */
export function letterFileName(tile: Pick<LetterTile, "type" | "date" | "pdf">): string {
  const base = `${tile.type} ${tile.date}`.replace(/[^\w\- ]+/g, "").trim().replace(/\s+/g, "-") || "letter";
  return tile.pdf ? `${base}.pdf` : base;
}

/** A refusal of the date range, as conform's result, for the form to show with what was typed. */
export type LetterRangeResult = SubmissionResult<string[]> | null;

/** What /letters hands its page. */
export interface LettersPageData {
  letters: LetterTile[];
  /** Letters the practice has for this view (the range's, or every letter). */
  total: number;
  /** Pages of 100 shown, without a range. */
  pages: number;
  /** Whether a further page can be shown ("more"). */
  more: boolean;
  /** The range as typed (DD-MM-YYYY), from the address. */
  range: { from: string; to: string };
  /** Whether the letters shown are a range's. */
  ranged: boolean;
  rangeResult: LetterRangeResult;
}
