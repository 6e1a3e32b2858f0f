import type { EndpointName } from "@contract/endpoints";
import { toBundle } from "@contract/fhir";
import { ROOM } from "@contract/room";
import { markedUp } from "@contract/room/shapes";
import { recordTexts } from "~/lib/texts/record";
import { MENU_CODES } from "../fixtures/builders/menu-items";
import { menuItemResource } from "../mock-server/resources/patient";
import type { World } from "./fixtures";

/**
 * What a spec world's seed drew for a call, read from the world's summary (`room`, decisions/396), so a
 * test knows how each record of a reply was worded and expects its words precisely: the value, "Not
 * recorded", or the value with markup and macrons, as the shape allows. At our practice every record is
 * as sent.
 */

export interface Drawn {
  /** The whole reply's shape. */
  reply: string;
  /** The records' shapes by their place in the reply, from the first (they repeat past the end). */
  records: readonly string[];
}

const AS_SENT: Drawn = { reply: "as sent", records: ["as sent"] };

/** The shapes drawn for `call` ("GET Patient/Media"), or every record as sent at our practice. */
export async function roomDrawn(world: World, call: string): Promise<Drawn> {
  const row = await world.room(call);
  if (!row) return AS_SENT;
  return { reply: row.reply, records: row.records?.length ? row.records : ["as sent"] };
}

/** The shape of the record at `position` (from 0) of a reply. */
export function shapeAt(drawn: Drawn, position: number): string {
  return drawn.records[position % drawn.records.length];
}

/**
 * How a shape (contract/room/shapes.ts names them "<path> <change>") leaves a record's field at `path`:
 * as sent; not there ("Not recorded"); with markup and macrons; in another form of the same date; or
 * another value (`value` when the name carries it as JSON).
 */
export type FieldAfter = { is: "kept" } | { is: "missing" } | { is: "marked up" } | { is: "same day" } | { is: "changed"; value?: unknown };

export function fieldAfter(shape: string, path: string): FieldAfter {
  const cut = /^extension cut to (\d+)$/.exec(shape);
  if (cut) {
    const slot = /^extension\.(\d+)(\.|$)/.exec(path);
    return slot && Number(slot[1]) >= Number(cut[1]) ? { is: "missing" } : { is: "kept" };
  }
  const [at, ...rest] = shape.split(" ");
  const change = rest.join(" ");
  // A shape reaches the field when it changes the field itself or an object holding it.
  if (!(path === at || path.startsWith(`${at}.`))) return { is: "kept" };
  if (/^(absent|null|empty)$/.test(change)) return { is: "missing" };
  if (change === "with markup and macrons") return path === at ? { is: "marked up" } : { is: "kept" };
  if (/^(as a date|without an offset|in UTC)$/.test(change)) return { is: "same day" };
  if (path !== at) return { is: "kept" };
  try {
    return { is: "changed", value: JSON.parse(change) };
  } catch {
    return { is: "changed" };
  }
}

/** A text the practice sent with markup and macrons around it, as the portal shows it: as text. */
export function withMarkup(text: string): string {
  return (markedUp("text").apply({ text }, { body: null }) as { text: string }).text;
}

/** The words a text field of `value` is shown in after the shape: one of `values` when the test knows only which it may be. */
export function textsShown(after: FieldAfter, values: readonly string[]): string[] {
  if (after.is === "missing") return [recordTexts.notRecorded];
  if (after.is === "marked up") return values.map(withMarkup);
  if (after.is === "changed" && typeof after.value === "string") return [after.value.trim() || recordTexts.notRecorded];
  return [...values];
}

/**
 * The words a record's text field at `path` shows after the record shape named `shape` of `call`'s row
 * (contract/room), for a record that held `value` there as sent: the shape itself is applied, so a shape
 * that changes several fields at once ("description, author, … null") is read as it is, not by its name.
 * Left out, null or blank is "Not recorded"; markup is shown as text.
 */
export function textAfterShape(call: EndpointName, shape: string, path: string, value: string): string {
  const found = ROOM[call].records?.shapes.find((s) => s.name === shape);
  if (!found) throw new Error(`No record shape "${shape}" in the room of ${call}`);
  const after = pathIn(found.apply(holding(path, value), { body: null }), path);
  return typeof after === "string" && after.trim() !== "" ? after.trim() : recordTexts.notRecorded;
}

/** A record holding `value` at a dotted path alone (numbers are list places): `holding("a.0.b", 1)` is `{ a: [{ b: 1 }] }`. */
function holding(path: string, value: unknown): unknown {
  return path
    .split(".")
    .reverse()
    .reduce<unknown>((inner, key) => {
      if (!/^\d+$/.test(key)) return { [key]: inner };
      const list: unknown[] = Array.from({ length: Number(key) }, () => ({}));
      return [...list, inner];
    }, value);
}

/** The value at a dotted path, or undefined where the path does not reach. */
function pathIn(value: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((at, key) => (at !== null && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined), value);
}

/**
 * The practice's menu (Patient/PatientMenu, read once a session) as ours sends it, every item with its
 * type code: for a test of a screen reached by its menu link, where the room may leave the screen's item
 * out of the menu (decisions/396: an item without a known type code is not linked). The menu's own room
 * is the shell's to test (shell.spec.ts, every-area.spec.ts, tests/integration/patient-room.test.ts).
 */
export async function menuAsOurs(world: World): Promise<void> {
  await world.fault({ path: "Patient/PatientMenu", method: "POST", answer: toBundle(MENU_CODES.map(menuItemResource)), times: 3 });
}
