import { DateTime } from "luxon";
import { buildLetter, buildResult, PRACTICE_MEDIA, type DocumentPlan, type LabResultRecord, type LetterRecord, type MediaRecord } from "../fixtures/builders/documents";
import { PRACTICE_ZONE } from "../fixtures/builders/practice";
import type { StaffRecord } from "../fixtures/builders/staff";

/**
 * A world's lab results and letters, generated per patient on first read and kept newest first, and the resources each
 * patient has been given; opening a result marks it read, which the TestResultsCounter follows (decisions/010).
 */

interface Shelf {
  results: LabResultRecord[];
  letters: LetterRecord[];
  resultsById: Map<string, LabResultRecord>;
  lettersById: Map<string, LetterRecord>;
  unreadResults: number;
}

export class DocumentStore {
  readonly #plans: ReadonlyMap<string, DocumentPlan>;
  readonly #shelves = new Map<string, Shelf>();
  readonly #referenceMs: number;

  constructor(
    readonly seed: number,
    readonly staff: readonly StaffRecord[],
    /** The world's reference instant; also the date the practice's resource PDFs carry. */
    readonly referenceDate: string,
    plans: readonly DocumentPlan[],
  ) {
    this.#plans = new Map(plans.map((p) => [p.patientId, p]));
    this.#referenceMs = DateTime.fromISO(referenceDate, { zone: PRACTICE_ZONE }).startOf("minute").toMillis();
  }

  results(patientId: string): readonly LabResultRecord[] {
    return this.#of(patientId)?.results ?? [];
  }

  result(patientId: string, id: string): LabResultRecord | undefined {
    return this.#of(patientId)?.resultsById.get(id);
  }

  letters(patientId: string): readonly LetterRecord[] {
    return this.#of(patientId)?.letters ?? [];
  }

  letter(patientId: string, id: string): LetterRecord | undefined {
    return this.#of(patientId)?.lettersById.get(id);
  }

  /** The practice's health resources shared with the patient (none for a new patient). */
  media(patientId: string): readonly MediaRecord[] {
    return this.#plans.get(patientId)?.media ? PRACTICE_MEDIA : [];
  }

  markRead(result: LabResultRecord): void {
    if (result.read) return;
    result.read = true;
    const shelf = this.#shelves.get(result.patientId);
    if (shelf) shelf.unreadResults -= 1;
  }

  /** Unread results: the dashboard's TestResultsCounter, known without generating the results. */
  unreadResults(patientId: string): number {
    return this.#shelves.get(patientId)?.unreadResults ?? this.#plans.get(patientId)?.unreadResults ?? 0;
  }

  #of(patientId: string): Shelf | undefined {
    const cached = this.#shelves.get(patientId);
    if (cached) return cached;
    const plan = this.#plans.get(patientId);
    if (!plan) return undefined;
    const results = Array.from({ length: plan.results }, (_, k) => buildResult(this.seed, plan, this.staff, this.#referenceMs, k));
    const letters = Array.from({ length: plan.letters }, (_, k) => buildLetter(this.seed, plan, this.staff, this.#referenceMs, k));
    const shelf: Shelf = {
      results,
      letters,
      resultsById: new Map(results.map((r) => [r.id, r])),
      lettersById: new Map(letters.map((l) => [l.id, l])),
      unreadResults: results.filter((r) => !r.read).length,
    };
    this.#shelves.set(patientId, shelf);
    return shelf;
  }
}
