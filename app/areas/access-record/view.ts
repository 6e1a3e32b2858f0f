import type { SubmissionResult } from "@conform-to/react";
import type { AccessAction, AccessArea } from "~/lib/access-kinds";
import { accessRecordTexts as t, ACTION_WORDS, AREA_WORDS } from "./texts";

/** What an access was, in words: "Viewed Letters", "Opened an item in Test Results", "Made a change in Appointments". */
export function describeAccess(area: AccessArea, action: AccessAction, hasItem: boolean): string {
  const words = ACTION_WORDS[action];
  return `${hasItem ? words.item : words.page} ${AREA_WORDS[area]}`;
}

/**
 * Who made an access, as the viewer reads it: "You" for the signed-in account holder, the proxy's name
 * as recorded for someone acting for the person, the person's own name for their own sign-ins.
 */
export function whoOf(entry: { holderKey: string; proxyName: string | null }, viewer: { holderKey: string; names: ReadonlyMap<string, string> }): string {
  if (entry.holderKey === viewer.holderKey) return t.you;
  return entry.proxyName ?? viewer.names.get(entry.holderKey) ?? t.someoneElse;
}

/** One line of the screen and of the CSV. */
export interface AccessRow {
  id: number;
  /** The practice's date and time, "24-11-2026 at 3:05 pm". */
  when: string;
  /** The same moment as ISO 8601 in the practice's zone, for a <time> and the CSV. */
  iso: string;
  who: string;
  what: string;
  area: string;
  action: AccessAction;
  itemId: string | null;
  device: string;
}

export interface PersonOption {
  value: string;
  label: string;
}

/** What /access-record hands its page. */
export interface AccessRecordPageData {
  rows: AccessRow[];
  /** The filters as typed, shown back in the form. */
  filters: { person: string; area: string; from: string; to: string };
  /** The person whose record is listed (the `person` shown selected). */
  person: string;
  people: PersonOption[];
  /** The filters' refusal (a wrong date, a person not this login's): shown on the fields, nothing listed. */
  filtersResult: SubmissionResult<string[]> | null;
  /** The address of the next, older page; null on the last. */
  older: string | null;
  /** Whether this is a later page (a link back to the newest is offered). */
  paged: boolean;
  /** Whether any filter narrows the list. */
  filtered: boolean;
  /** The CSV of the same view. */
  download: string;
}
