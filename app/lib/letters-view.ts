import type { SubmissionResult } from "@conform-to/react";
import type { Letter } from "@contract/documents";
import { contentTypeOf } from "@contract/record-words";
import { formatDate, practiceDateTime } from "./dates";
import { recordTexts } from "./texts/record";

/**
 * The Letters screen's view types, shared by its server half and its components; the mapper runs in the loader only
 * and the page imports only types, so luxon stays off its bundle (decisions/066).
 */

/** One letter tile (2§2): its type and date, and whether the portal can show it. Each shown field holds a value or "Not recorded". */
export interface LetterTile {
  id: string;
  /** The type coding's display: "Referral Letter", "Discharge Summary"…, or "Not recorded". */
  type: string;
  /** DD-MM-YYYY in Pacific/Auckland, the practice's text when unreadable, or "Not recorded". */
  date: string;
  /** YYYY-MM-DD in Pacific/Auckland, for <time dateTime> and the order; empty when the practice's date is absent or unreadable. */
  isoDate: string;
  /** A PDF opens in the viewer; anything else can only be downloaded. */
  pdf: boolean;
  /** What a letter that is not a PDF is, as the practice named it ("application/msword"), or "Not recorded"; "" for a PDF. */
  format: string;
}

/**
 * The letter's date slot (extension[0], contract/documents.ts LetterSlots) read as the tile shows it. A
 * practice may leave any field out, null or empty (issue 68, decisions/396): the tile says "Not
 * recorded" there, and a letter whose content type is not PDF (in any letters) is a download.
 */
export function letterTileOf(letter: Letter): LetterTile {
  const date = letter.extension.date?.trim() ?? "";
  const when = practiceDateTime(date);
  const sentType = letter.content?.find((c) => c.attachment?.contentType?.trim())?.attachment?.contentType?.trim() ?? "";
  const pdf = contentTypeOf(sentType) === "application/pdf";
  return {
    id: letter.id,
    type: letter.type?.coding?.find((c) => c.display?.trim())?.display?.trim() || recordTexts.notRecorded,
    date: date ? formatDate(date) : recordTexts.notRecorded,
    isoDate: when.isValid ? when.toISODate()! : "",
    pdf,
    format: pdf ? "" : sentType || recordTexts.notRecorded,
  };
}

/** Newest first, whatever order the practice sent; letters with no date or an unreadable one go last, in the order sent. */
export function newestFirst(tiles: readonly LetterTile[]): LetterTile[] {
  return [...tiles].sort((a, b) => (a.isoDate === b.isoDate ? 0 : a.isoDate === "" ? 1 : b.isoDate === "" ? -1 : a.isoDate < b.isoDate ? 1 : -1));
}

/** The file name a downloaded letter gets: its type and date as recorded, nothing the practice could use to reach outside the name. */
export function letterFileName(tile: Pick<LetterTile, "type" | "date" | "pdf">): string {
  const recorded = [tile.type, tile.date].filter((v) => v !== recordTexts.notRecorded).join(" ");
  const base = recorded.replace(/[^\w\- ]+/g, "").trim().replace(/\s+/g, "-") || "letter";
  return tile.pdf ? `${base}.pdf` : base;
}

/** A refusal of the date range, as conform's result, for the form to show with what was typed. */
export type LetterRangeResult = SubmissionResult<string[]> | null;

/** What /letters hands its page. */
export interface LettersPageData {
  letters: LetterTile[];
  /** Letters the practice has for this view (the range's, or every letter); undefined when it does not say and there may be more. */
  total: number | undefined;
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
