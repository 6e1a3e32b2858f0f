/**
 * The room the spec leaves (issue 68, decisions/396): the ways a practice built to 1§7 and 2§7 may word
 * a call's reply, and each record in it, that the spec does not rule out. A shape is a pure change of
 * the reply our mock would send; a row (one per call, `contract/room/index.ts`) lists a call's shapes
 * with what the spec fixes and what it leaves open. The spec practice draws one shape per call and per
 * record by its seed (`drawRoom`), so seeds 1..N together send every shape; the portal must read them all.
 */

/** A JSON value as a practice sends it. */
type Json = unknown;

/** A reply that is not JSON, or not a 200: sent as it stands (an empty 204, the text "OK"). */
export class RawReply {
  constructor(
    readonly status: number,
    readonly contentType: string,
    readonly body: string,
  ) {}
}

/** What a shape may read of the request besides the reply: the body it answers (an id echoed back). */
export interface ShapeRequest {
  body: unknown;
}

/** One way to word a reply or a record, named for the world's summary. */
export interface Shape {
  readonly name: string;
  readonly apply: (value: Json, request: ShapeRequest) => Json | RawReply;
}

/** Where a reply's records sit: a bundle's entries (1§1), or the items of a plain list. */
export type RecordsAt = "bundle" | "list";

export interface RoomRow {
  /** What 1§7 or 2§7 (and the entity of §3 the screen reads) fix about the reply, in words. */
  fixes: string;
  /** What they leave open: the shapes a practice may send, the fields that may be absent, empty or null, the codes and formats that vary. */
  open: string;
  /** The whole reply's shapes; the first is ours as sent. */
  replies: readonly Shape[];
  /** The records' shapes, for a reply that carries records. */
  records?: { at: RecordsAt; shapes: readonly Shape[] };
}

/* ---------- the shapes ---------- */

/** The reply or record as our mock words it. */
export const asSent: Shape = { name: "as sent", apply: (value) => value };

/** A shape made from a function of the value alone. */
export function shape(name: string, apply: (value: Json, request: ShapeRequest) => Json | RawReply): Shape {
  return { name, apply };
}

/** The path's last field left out. Paths are dotted, with list positions as numbers: "note.0.text". */
export function absent(path: string): Shape {
  return shape(`${path} absent`, (value) => edit(value, path, () => REMOVE));
}

/** The path's field sent as null. */
export function nulled(path: string): Shape {
  return shape(`${path} null`, (value) => edit(value, path, () => null));
}

/** The path's field sent empty: "" for text, [] for a list, {} for an object. */
export function emptied(path: string): Shape {
  return shape(`${path} empty`, (value) => edit(value, path, (old) => (Array.isArray(old) ? [] : old !== null && typeof old === "object" ? {} : "")));
}

/** The path's field holding another value the spec allows (a code the portal has not met, a number as text). */
export function valued(path: string, next: Json, name?: string): Shape {
  return shape(name ?? `${path} ${JSON.stringify(next)}`, (value) => edit(value, path, () => next));
}

/** The path's field changed by `change` (a date cut to its day, a count as text), named for the summary. */
export function changed(path: string, name: string, change: (old: Json) => Json): Shape {
  return shape(name, (value) => edit(value, path, change));
}

/** The record's extension list cut to its first `keep` entries: a practice that sends fewer than the slots read by position. */
export function extensionsCut(keep: number): Shape {
  return shape(`extension cut to ${keep}`, (value) => edit(value, "extension", (old) => (Array.isArray(old) ? old.slice(0, keep) : old)));
}

/** Fields and an extension the portal has never met, added: a practice's API grows. */
export const extras: Shape = shape("extra fields", (value) => {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const record: Record<string, Json> = { ...(value as Record<string, Json>), practiceNote: "added by a newer practice system", modifiedExtension: [{ url: "LastModified", valueDateTime: "2026-01-01T00:00:00Z" }] };
  if (Array.isArray(record.extension)) record.extension = [...record.extension, { url: "PracticeInternalFlag", valueString: "X1" }];
  return record;
});

/** A date-time cut to its date: "2026-03-01T09:30:00+13:00" → "2026-03-01". */
export function dateOnly(path: string): Shape {
  return changed(path, `${path} as a date`, (old) => (typeof old === "string" ? old.slice(0, 10) : old));
}

/** A date-time without its offset, in the practice's local time: "2026-03-01T09:30:00+13:00" → "2026-03-01T09:30:00". */
export function withoutOffset(path: string): Shape {
  return changed(path, `${path} without an offset`, (old) => (typeof old === "string" ? old.replace(/(\.\d+)?(Z|[+-]\d\d:?\d\d)$/, "") : old));
}

/** A date-time in UTC with milliseconds, as a JSON serialiser writes it: "2026-02-28T20:30:00.000Z". */
export function inUtc(path: string): Shape {
  return changed(path, `${path} in UTC`, (old) => {
    if (typeof old !== "string") return old;
    const at = new Date(old);
    return Number.isNaN(at.getTime()) || old.length <= 10 ? old : at.toISOString();
  });
}

/** Text with markup, an entity and macrons around what the practice wrote. */
export function markedUp(path: string): Shape {
  return changed(path, `${path} with markup and macrons`, (old) => (typeof old === "string" && old !== "" ? `<b>${old}</b> &amp; whānau — Māori` : old));
}

/**
 * A field a practice may send empty, as null or leave out. In this order, so that shapes composed in
 * order (tests/helpers/room-replies.ts) stay shapes of the field: emptied after nulled would make a list "".
 */
export function leftOut(path: string): Shape[] {
  return [emptied(path), nulled(path), absent(path)];
}

/** Several shapes as one, named together: fields a practice varies as a piece (a contact with nothing but its id). */
export function together(name: string, ...shapes: Shape[]): Shape {
  return shape(name, (value, request) => shapes.reduce((next, s) => s.apply(next, request), value));
}

/* ---------- drawing ---------- */

const REMOVE = Symbol("remove");

/** A copy of `value` with the field at `path` replaced by `change(old)`, or left out; unchanged where the path does not reach. */
function edit(value: Json, path: string, change: (old: Json) => Json | typeof REMOVE): Json {
  const [head, ...rest] = path.split(".");
  if (Array.isArray(value)) {
    const index = Number(head);
    if (!Number.isInteger(index) || index >= value.length) return value;
    const next = rest.length === 0 ? change(value[index]) : edit(value[index], rest.join("."), change);
    return next === REMOVE ? value.filter((_, i) => i !== index) : value.map((item, i) => (i === index ? next : item));
  }
  if (value === null || typeof value !== "object" || !(head in value)) return value;
  const record = value as Record<string, Json>;
  const next = rest.length === 0 ? change(record[head]) : edit(record[head], rest.join("."), change);
  if (next === REMOVE) {
    const { [head]: _left, ...others } = record;
    return others;
  }
  return { ...record, [head]: next };
}

/** The shape a seed draws from a list: seed n gives the nth (round), so seeds 0..length-1 give each once. */
function drawn<T>(shapes: readonly T[], seed: number): T {
  return shapes[((seed % shapes.length) + shapes.length) % shapes.length];
}

/** The records of a reply, by where the row says they sit, each changed by `change(record, position)`. */
function withRecords(reply: Json, at: RecordsAt, change: (record: Json, position: number) => Json): Json {
  if (at === "list") return Array.isArray(reply) ? reply.map(change) : reply;
  if (!Array.isArray(reply) || reply.length === 0) return reply;
  const [first, ...others] = reply as Json[];
  const entry = (first as { entry?: unknown })?.entry;
  if (!Array.isArray(entry)) return reply;
  const entries = entry.map((item: { resource?: Json }, position) => (item && typeof item === "object" && "resource" in item ? { ...item, resource: change(item.resource, position) } : item));
  return [{ ...(first as object), entry: entries }, ...others];
}

/**
 * A reply as a practice of seed `seed` words it: each record (the nth from 0) in the record shape
 * `seed + n` draws, then the whole in the reply shape `seed` draws.
 */
export function inRoom(row: RoomRow, reply: Json, seed: number, request: ShapeRequest): Json | RawReply {
  const records = row.records;
  const shaped = records ? withRecords(reply, records.at, (record, position) => drawn(records.shapes, seed + position).apply(record, request)) : reply;
  return drawn(row.replies, seed).apply(shaped, request);
}

/** What a seed draws for a row, for the world's summary: the reply's shape, and the records' shapes in the order records take them. */
export function drawnNames(row: RoomRow, seed: number): { reply: string; records?: string[] } {
  const records = row.records?.shapes;
  return {
    reply: drawn(row.replies, seed).name,
    ...(records ? { records: records.map((_, n) => drawn(records, seed + n).name) } : {}),
  };
}

/** How many seeds, from any seed on, send every shape of a row at least once. */
export function seedsToCover(row: RoomRow): number {
  return Math.max(row.replies.length, row.records?.shapes.length ?? 1);
}

/* ---------- the list wrapper of 1§1 ---------- */

/** "A list whose first item is a bundle" (1§1): the wrapper's fields the spec reads only in passing. */
export const bundleTotalAbsent: Shape = absent("0.total");
/** A total that disagrees with the entries (the practice counts what it did not send): the entries are what there is. */
export const bundleTotalWrong: Shape = changed("0.total", "0.total wrong", (old) => (typeof old === "number" ? old + 7 : old));
/** The total as text, as some practice systems count (1§7's counters arrive either way). */
export const bundleTotalAsText: Shape = changed("0.total", "0.total as text", (old) => (typeof old === "number" ? String(old) : old));
/** No resourceType on the wrapper: 1§1 names only total and entry. */
export const bundleTypeAbsent: Shape = absent("0.resourceType");
/** "An empty or missing entry list is treated as an empty list" (1§7): a practice that has nothing to send may say it either way. */
export const bundleEntryNull: Shape = shape("0.entry null when empty", (value) => (isEmptyBundle(value) ? edit(value, "0.entry", () => null) : value));
export const bundleEntryAbsent: Shape = shape("0.entry absent when empty", (value) => (isEmptyBundle(value) ? edit(value, "0.entry", () => REMOVE) : value));

function isEmptyBundle(value: Json): boolean {
  const entry = Array.isArray(value) ? (value[0] as { entry?: unknown } | undefined)?.entry : undefined;
  return Array.isArray(entry) && entry.length === 0;
}
