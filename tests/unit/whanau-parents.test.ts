import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { practiceKey } from "~/.server/access-entries.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { observability } from "~/.server/observability.server";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import { shareLinks, shareLinkTickets } from "~/.server/portal-store/schema";
import { WhanauUnavailable, whanauStore } from "~/.server/whanau-parents.server";
import { openEmbeddedTestStore } from "../helpers/test-stores";

/**
 * The young person's list of the parents and guardians seen acting for them, and their choice for
 * each (issue 55, decisions/382), on an embedded store of this process: what the list shows, what a
 * choice changes, and the share links a parent made that end with the view that held them.
 */

const apiBase = "https://practice.example.nz/api";
let store: PortalStore;
let whanau: ReturnType<typeof whanauStore>;
beforeAll(async () => {
  store = await openEmbeddedTestStore();
}, 120_000);
// Made for each test, not once for the file: a mutant in whanauStore's own lines (the query's `where`)
// is then one each test reaches, and Stryker runs the tests against it (issue 57).
beforeEach(() => {
  whanau = whanauStore(() => store);
});
afterAll(() => store.close());

let young = 0;
const newYoung = () => ({ apiBase, patientId: `Y-${++young}-${Date.now()}` });
const T0 = new Date("2026-11-28T01:00:00Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

describe("the young person's list", () => {
  it("lists each parent seen once, the first seen first, by a name's characters, with what they are to the young person", async () => {
    const { patientId } = newYoung();
    await whanau.noteParent({ apiBase, patientId, holderId: "P-2", holderName: "Hemi\n<b>Walker</b> 2nd", relationship: "Daughter" }, later(2000));
    await whanau.noteParent({ apiBase, patientId, holderId: "P-1", holderName: "  Mere   Smith ", relationship: "Child" }, later(1000));
    // Seen again: the row (and when first seen) stays.
    await whanau.noteParent({ apiBase, patientId, holderId: "P-1", holderName: "Mere Smith-Jones", relationship: "Child" }, later(3000));
    // Another young person's parent, and the same young person's id at another practice: not on this list.
    await whanau.noteParent({ apiBase, patientId: `${patientId}-other`, holderId: "P-3", holderName: "Rewi", relationship: "Child" }, later(0));
    await whanau.noteParent({ apiBase: "https://other.example.nz/api", patientId, holderId: "P-4", holderName: "Rewi", relationship: "Child" }, later(0));
    const list = await whanau.parentsOf({ apiBase, patientId });
    expect(list.map((p) => ({ id: p.holderId, name: p.holderName, relationship: p.relationship, firstSeen: p.firstSeen, view: p.view }))).toEqual([
      { id: "P-1", name: "Mere Smith", relationship: "Child", firstSeen: later(1000), view: null },
      { id: "P-2", name: "Hemi b Walker /b nd", relationship: "Daughter", firstSeen: later(2000), view: null },
    ]);
    expect(list[0].holderKey).toBe(accountHolderKey(apiBase, "P-1"));
  });

  it("lists a parent whatever the practice gives as their name or relationship: none, or longer than the list keeps", async () => {
    const { patientId } = newYoung();
    await whanau.noteParent({ apiBase, patientId, holderId: "P-1", holderName: "123", relationship: "" }, later(1000));
    await whanau.noteParent({ apiBase, patientId, holderId: "P-2", holderName: "n".repeat(150), relationship: "r".repeat(60) }, later(2000));
    const list = await whanau.parentsOf({ apiBase, patientId });
    expect(list.map((p) => [p.holderName, p.relationship])).toEqual([
      ["A parent or guardian", "Child"],
      ["n".repeat(100), "r".repeat(40)],
    ]);
  });

  it("lists parents seen at the same moment in one order every time (by their key)", async () => {
    const { patientId } = newYoung();
    for (const holderId of ["P-1", "P-2", "P-3"]) await whanau.noteParent({ apiBase, patientId, holderId, holderName: holderId.replace(/\d/, ""), relationship: "Child" }, T0);
    const keys = (await whanau.parentsOf({ apiBase, patientId })).map((p) => p.holderKey);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toHaveLength(3);
  });
});

describe("the young person's choice", () => {
  it("is for one parent: read back for them alone, and back to the rules (no choice, no time) when they choose the rules", async () => {
    const y = newYoung();
    const mere = { ...y, holderId: "P-1" };
    const hemi = { ...y, holderId: "P-2" };
    for (const parent of [mere, hemi]) await whanau.noteParent({ ...parent, holderName: "Parent", relationship: "Child" }, T0);
    expect(await whanau.choiceOf(mere)).toBeNull();
    const chosen = await whanau.choose(y, accountHolderKey(apiBase, "P-1"), "none", { endShareLinks: false }, later(5000));
    expect(chosen).toMatchObject({ row: { holderId: "P-1", view: "none", chosenAt: later(5000) }, endedLinks: [] });
    expect(await whanau.choiceOf(mere)).toBe("none");
    expect(await whanau.choiceOf(hemi)).toBeNull();
    // The same parent's key at another practice has no choice here.
    expect(await whanau.choiceOf({ ...mere, apiBase: "https://other.example.nz/api" })).toBeNull();
    const back = await whanau.choose(y, accountHolderKey(apiBase, "P-1"), null, { endShareLinks: false }, later(6000));
    expect(back?.row).toMatchObject({ view: null, chosenAt: null });
    expect(await whanau.choiceOf(mere)).toBeNull();
  });

  it("for a parent not on the list changes nothing and says so", async () => {
    const y = newYoung();
    expect(await whanau.choose(y, accountHolderKey(apiBase, "P-9"), "full", { endShareLinks: true })).toBeNull();
    expect(await whanau.parentsOf(y)).toEqual([]);
  });

  it("that takes the summary from a parent's view ends that parent's live share links of it, with their files and tickets; not another's, nor when asked to keep them", async () => {
    const y = newYoung();
    const key = (holderId: string) => accountHolderKey(apiBase, holderId);
    for (const holderId of ["P-1", "P-2"]) await whanau.noteParent({ ...y, holderId, holderName: "Parent", relationship: "Child" }, T0);
    let n = 0;
    const link = async (holderId: string, revokedAt: Date | null = null) => {
      const id = `${String(++n).padStart(2, "0")}${y.patientId.replace(/[^A-Za-z0-9]/g, "")}`.padEnd(22, "x").slice(0, 22);
      await store.run("share-links.write", (db) =>
        db.insert(shareLinks).values({ id, manifestHash: id.padEnd(43, "m"), practiceKey: practiceKey(apiBase), patientId: y.patientId, holderKey: key(holderId), label: null, passcodeHash: `scrypt$${"s".repeat(22)}$${"h".repeat(43)}`, file: "a..b.c.d", createdAt: T0, expiresAt: later(86_400_000), revokedAt }),
      );
      await store.run("share-links.write", (db) => db.insert(shareLinkTickets).values({ ticketHash: id.padEnd(43, "t"), linkId: id, expiresAt: later(300_000) }));
      return id;
    };
    const mine = await link("P-1");
    const alreadyRevoked = await link("P-1", later(1000));
    const theirs = await link("P-2");
    const row = (id: string) => store.run("share-links.read", (db) => db.select({ file: shareLinks.file, revokedAt: shareLinks.revokedAt }).from(shareLinks).where(eq(shareLinks.id, id)));
    const tickets = (id: string) => store.run("share-links.read", (db) => db.select().from(shareLinkTickets).where(eq(shareLinkTickets.linkId, id)));

    expect((await whanau.choose(y, key("P-1"), "full", { endShareLinks: false }, later(2000)))?.endedLinks).toEqual([]);
    expect(await row(mine)).toEqual([{ file: "a..b.c.d", revokedAt: null }]);

    expect((await whanau.choose(y, key("P-1"), "limited", { endShareLinks: true }, later(3000)))?.endedLinks).toEqual([mine]);
    expect(await row(mine)).toEqual([{ file: null, revokedAt: later(3000) }]);
    expect(await tickets(mine)).toEqual([]);
    expect(await row(alreadyRevoked)).toEqual([{ file: "a..b.c.d", revokedAt: later(1000) }]);
    expect(await row(theirs)).toEqual([{ file: "a..b.c.d", revokedAt: null }]);
    expect(await tickets(theirs)).toHaveLength(1);
  });
});

it("a store that cannot answer is told as whānau access unavailable, for a read and a write", async () => {
  const away = whanauStore(() => undefined);
  const parent = { apiBase, patientId: "Y-1", holderId: "P-1" };
  await expect(away.choiceOf(parent)).rejects.toBeInstanceOf(WhanauUnavailable);
  await expect(away.noteParent({ ...parent, holderName: "Mere", relationship: "Child" })).rejects.toBeInstanceOf(WhanauUnavailable);
});

describe("the store's side, as the portal runs it", () => {
  it("times each read and each write on the store's panel, under whānau access's own operation", async () => {
    // portal_store_query_duration_seconds, by operation: what an operator's panel reads.
    const timed = async (operation: string) => {
      const values = (await observability().portalStoreDuration.get()).values;
      return values.find((v) => v.metricName === "portal_store_query_duration_seconds_count" && v.labels.operation === operation)?.value ?? 0;
    };
    const counts = async () => ({ reads: await timed("whanau.read"), writes: await timed("whanau.write") });
    const y = newYoung();
    const parent = { ...y, holderId: "P-1" };
    let before = await counts();
    await whanau.noteParent({ ...parent, holderName: "Mere", relationship: "Child" }, T0);
    expect(await counts()).toEqual({ reads: before.reads, writes: before.writes + 1 });
    before = await counts();
    await whanau.choiceOf(parent);
    expect(await counts()).toEqual({ reads: before.reads + 1, writes: before.writes });
    before = await counts();
    await whanau.parentsOf(y);
    expect(await counts()).toEqual({ reads: before.reads + 1, writes: before.writes });
    before = await counts();
    await whanau.choose(y, accountHolderKey(apiBase, "P-1"), "none", { endShareLinks: false }, later(1000));
    expect(await counts()).toEqual({ reads: before.reads, writes: before.writes + 1 });
  });

  it("is the process's own store unless given one: what the portal notes at start-up's store, the young person reads there", async () => {
    const y = newYoung();
    sharePortalStore(store);
    try {
      await whanauStore().noteParent({ ...y, holderId: "P-1", holderName: "Mere", relationship: "Child" }, T0);
    } finally {
      unsharePortalStore(store);
    }
    expect((await whanau.parentsOf(y)).map((p) => p.holderId)).toEqual(["P-1"]);
    // With no store opened for the process, it says so rather than forgetting the parent.
    await expect(whanauStore().noteParent({ ...y, holderId: "P-2", holderName: "Hemi", relationship: "Child" })).rejects.toBeInstanceOf(WhanauUnavailable);
  });
});
