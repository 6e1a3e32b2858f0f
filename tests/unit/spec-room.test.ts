import { describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { ROOM } from "@contract/room";
import { absent, asSent, bundleEntryAbsent, bundleEntryNull, bundleTotalWrong, valued, dateOnly, drawnNames, emptied, extensionsCut, extras, inRoom, inUtc, markedUp, nulled, RawReply, seedsToCover, withoutOffset, type RoomRow } from "@contract/room/shapes";
import { roomDrawnBy } from "../../mock-server/spec-practice";

/** The room the spec leaves (issue 68, decisions/396): one row per call, and the shapes drawn from it by seed. */

const rows = Object.entries(ROOM) as Array<[keyof typeof endpoints, RoomRow]>;
const request = { body: undefined };

describe("the room's table", () => {
  it("has one row for every call of the contract, and none for a call it lacks", () => {
    expect(Object.keys(ROOM).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it.each(rows)("%s says what the spec fixes and leaves open, starts from ours as sent, and names each shape once", (_name, row) => {
    expect(row.fixes.trim()).not.toBe("");
    expect(row.open.trim()).not.toBe("");
    expect(row.replies[0]).toBe(asSent);
    const replyNames = row.replies.map((s) => s.name);
    expect(new Set(replyNames).size).toBe(replyNames.length);
    if (row.records) {
      expect(row.records.shapes[0]).toBe(asSent);
      const recordNames = row.records.shapes.map((s) => s.name);
      expect(new Set(recordNames).size).toBe(recordNames.length);
    }
  });

  it("draws every shape of every row within seedsToCover seeds, from seed 1", () => {
    for (const [name, row] of rows) {
      const seeds = Array.from({ length: seedsToCover(row) }, (_, i) => i + 1);
      const replies = new Set(seeds.map((seed) => drawnNames(row, seed).reply));
      expect([name, [...replies].sort()]).toEqual([name, row.replies.map((s) => s.name).sort()]);
      if (row.records) {
        const firstRecords = new Set(seeds.map((seed) => drawnNames(row, seed).records![0]));
        expect([name, [...firstRecords].sort()]).toEqual([name, row.records.shapes.map((s) => s.name).sort()]);
      }
    }
  });

  it("the world's summary names each call by method and path with what its seed drew", () => {
    const drawn = roomDrawnBy(2);
    expect(Object.keys(drawn)).toHaveLength(Object.keys(endpoints).length);
    expect(drawn["GET Patient/Condition"]).toEqual(drawnNames(ROOM.conditions, 2));
    expect(drawn["POST Patient/Message"].reply).toBe(ROOM.sendMessage.replies[2].name);
  });
});

describe("a reply shaped by a seed", () => {
  const bundle = (resources: object[]) => [{ resourceType: "Bundle", total: resources.length, entry: resources.map((resource) => ({ resource })) }];
  const row: RoomRow = { fixes: "f", open: "o", replies: [asSent, absent("0.total")], records: { at: "bundle", shapes: [asSent, absent("note"), nulled("onset")] } };
  const records = [0, 1, 2, 3].map((n) => ({ id: String(n), note: "n", onset: "2026-03-01T09:30:00+13:00" }));

  it("gives the nth record the record shape seed + n draws, and the whole the reply shape seed draws, leaving ours untouched", () => {
    const ours = bundle(records);
    const before = structuredClone(ours);
    const shaped = inRoom(row, ours, 1, request) as Array<{ total?: number; entry: Array<{ resource: object }> }>;
    expect(ours).toEqual(before);
    expect(shaped[0].total).toBeUndefined();
    expect(shaped[0].entry.map((e) => e.resource)).toEqual([
      { id: "0", onset: "2026-03-01T09:30:00+13:00" },
      { id: "1", note: "n", onset: null },
      { id: "2", note: "n", onset: "2026-03-01T09:30:00+13:00" },
      { id: "3", onset: "2026-03-01T09:30:00+13:00" },
    ]);
    expect(drawnNames(row, 1)).toEqual({ reply: "0.total absent", records: ["note absent", "onset null", "as sent"] });
  });

  it("shapes a plain list's items where the row says the records are a list", () => {
    const list: RoomRow = { fixes: "f", open: "o", replies: [asSent], records: { at: "list", shapes: [asSent, emptied("name")] } };
    expect(inRoom(list, [{ name: "a" }, { name: "b" }], 0, request)).toEqual([{ name: "a" }, { name: "" }]);
  });

  it("words an empty bundle's entry as null or leaves it out, and leaves a bundle with entries alone", () => {
    expect(bundleEntryNull.apply(bundle([]), request)).toEqual([{ resourceType: "Bundle", total: 0, entry: null }]);
    expect(bundleEntryAbsent.apply(bundle([]), request)).toEqual([{ resourceType: "Bundle", total: 0 }]);
    expect(bundleEntryNull.apply(bundle(records), request)).toEqual(bundle(records));
  });
});

describe("the shapes", () => {
  const record = { id: "r", note: [{ text: "Asthma" }], onset: "2026-03-01T09:30:00+13:00", extension: [{ valueString: "a" }, { valueBoolean: true }, { valueString: "c" }] };

  it("leave out, null or empty a field by its path, and leave a path that does not reach alone", () => {
    expect(absent("note.0.text").apply(record, request)).toMatchObject({ note: [{}] });
    expect(nulled("extension.1.valueBoolean").apply(record, request)).toMatchObject({ extension: [{ valueString: "a" }, { valueBoolean: null }, { valueString: "c" }] });
    expect(emptied("note").apply(record, request)).toMatchObject({ note: [] });
    expect(emptied("note.0.text").apply(record, request)).toMatchObject({ note: [{ text: "" }] });
    expect(absent("code.text").apply(record, request)).toEqual(record);
    expect(absent("extension.9.valueString").apply(record, request)).toEqual(record);
  });

  it("set a field to another value the spec allows, and count a bundle's total wrong by what it did not send", () => {
    expect(valued("extension.0.valueString", "Critical").apply(record, request)).toMatchObject({ extension: [{ valueString: "Critical" }, { valueBoolean: true }, { valueString: "c" }] });
    expect(valued("extension.0.valueString", "Critical").name).toBe('extension.0.valueString "Critical"');
    expect(bundleTotalWrong.apply([{ total: 2, entry: [] }], request)).toEqual([{ total: 9, entry: [] }]);
  });

  it("cut the extension list short, and add fields and an extension the portal has never met", () => {
    expect((extensionsCut(1).apply(record, request) as typeof record).extension).toEqual([{ valueString: "a" }]);
    const more = extras.apply(record, request) as typeof record & { practiceNote: string };
    expect(more.extension).toHaveLength(4);
    expect(more.extension.slice(0, 3)).toEqual(record.extension);
    expect(more.practiceNote).toBeTruthy();
  });

  it("write a date-time as a date, without its offset, or in UTC", () => {
    expect(dateOnly("onset").apply(record, request)).toMatchObject({ onset: "2026-03-01" });
    expect(withoutOffset("onset").apply(record, request)).toMatchObject({ onset: "2026-03-01T09:30:00" });
    expect(inUtc("onset").apply(record, request)).toMatchObject({ onset: "2026-02-28T20:30:00.000Z" });
  });

  it("wrap text in markup, an entity and macrons", () => {
    expect(markedUp("note.0.text").apply(record, request)).toMatchObject({ note: [{ text: "<b>Asthma</b> &amp; whānau — Māori" }] });
  });

  it("answer a message send with no body, the text OK or a page, as raw replies", () => {
    const raws = ROOM.sendMessage.replies.map((s) => s.apply({ id: "1", status: "completed" }, request)).filter((r) => r instanceof RawReply);
    expect(raws.map((r) => [r.status, r.body === "" ? "" : r.contentType])).toEqual([
      [204, ""],
      [200, "text/plain"],
      [200, ""],
      [200, "text/html"],
    ]);
  });
});
