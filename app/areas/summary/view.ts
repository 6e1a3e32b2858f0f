import type { SectionKey, SummaryDocument } from "./fhir";
import type { z } from "zod";
import type { ShareLinkListItemSchema } from "./steps";
import { summaryTexts } from "./texts";

/** What the "My health summary" screen shows (issue 32): whose summary, from where, and what each section holds. */

export interface SummarySectionView {
  key: SectionKey;
  title: string;
  /** Items in the section (as many as the downloads hold). */
  count: number;
  /** What the items are, for "12 problems". */
  noun: string;
  /** The practice holds more than the summary includes (total undefined: it may, and does not say how many). */
  partial?: { read: number; total?: number };
}

export interface SummaryPageData {
  patientName: string;
  nhi: string;
  birthDate: string;
  practiceName: string;
  /** DD-MM-YYYY HH:mm, practice time. */
  generated: string;
  sections: SummarySectionView[];
}

/** The screen's view of a summary: the same tables the downloads hold, counted, in the screen's words (the documents' own stay English). */
export function summaryViewOf(doc: Pick<SummaryDocument, "heading" | "tables">): SummaryPageData {
  const { heading, tables } = doc;
  return {
    patientName: heading.patientName,
    nhi: heading.nhi,
    birthDate: heading.birthDate,
    practiceName: heading.practiceName,
    generated: heading.generated,
    sections: tables.map((table) => ({
      key: table.key,
      title: summaryTexts.sections[table.key],
      count: table.rows.length,
      noun: summaryTexts.nouns[table.key][table.rows.length === 1 ? 0 : 1],
      ...(table.partial ? { partial: table.partial } : {}),
    })),
  };
}

/* ---------- Share by link (decisions/305-309) ---------- */

/** A link as the list shows it, as the page's loader and the share steps answer it (steps.ts). */
export type ShareLinkListItem = z.output<typeof ShareLinkListItemSchema>;
