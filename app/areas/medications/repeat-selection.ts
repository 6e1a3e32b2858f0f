import { medicationsTexts } from "./texts";

/** The medicines chosen for a repeat request, and what the page draws of the repeat machine before it arrives; no xstate and no zod here (decisions/358). */

/** The choice with one medicine added or taken away. */
export function toggledMedicine(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((chosen) => chosen !== id) : [...ids, id];
}

/** The choice with a list's medicines all added or all taken away. */
export function withMedicines(ids: readonly string[], list: readonly string[], selected: boolean): string[] {
  const rest = ids.filter((id) => !list.includes(id));
  return selected ? [...rest, ...list] : rest;
}

/** The page's view of the repeat request. */
export interface RepeatView {
  medicationIds: readonly string[];
  /** "Select at least one Medicine" after Repeat with none chosen. */
  selectionError: string | null;
  /** The dialog is open (the machine's `requesting`). */
  requesting: boolean;
}

/** The machine's starting state, as the page draws it before the machine runs. */
export const REPEAT_START: RepeatView = { medicationIds: [], selectionError: null, requesting: false };

/** The events the page can send before the machine runs: the choice, Repeat, and closing the dialog. */
export type EarlyRepeatEvent = { type: "medicine.toggle"; id: string } | { type: "medicine.set"; ids: readonly string[]; selected: boolean } | { type: "repeat.open" } | { type: "dialog.close" };

export function isEarlyRepeatEvent(event: { type: string }): event is EarlyRepeatEvent {
  return event.type === "medicine.toggle" || event.type === "medicine.set" || event.type === "repeat.open" || event.type === "dialog.close";
}

/**
 * One event as the machine in `choosing` answers it (and the dialog's Close while its content is still
 * on its way, which returns to `choosing`). A change of the choice clears the message, as the machine's.
 */
export function earlyRepeat(view: RepeatView, event: EarlyRepeatEvent): RepeatView {
  if (view.requesting) return event.type === "dialog.close" ? { ...view, requesting: false } : view;
  switch (event.type) {
    case "medicine.toggle":
      return { ...view, medicationIds: toggledMedicine(view.medicationIds, event.id), selectionError: null };
    case "medicine.set":
      return { ...view, medicationIds: withMedicines(view.medicationIds, event.ids, event.selected), selectionError: null };
    case "repeat.open":
      return view.medicationIds.length > 0 ? { ...view, requesting: true, selectionError: null } : { ...view, selectionError: medicationsTexts.selectOne };
    case "dialog.close":
      return view;
  }
}

/** The page's view of a running machine's state. */
export function repeatViewOf(state: { matches(value: "requesting"): boolean; context: { medicationIds: readonly string[]; errors: { medicationIds?: string } } }): RepeatView {
  return { medicationIds: state.context.medicationIds, selectionError: state.context.errors.medicationIds ?? null, requesting: state.matches("requesting") };
}
