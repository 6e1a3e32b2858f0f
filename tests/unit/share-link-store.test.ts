import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { observability } from "~/.server/observability.server";
import { practiceKey } from "~/.server/access-entries.server";
import type { PortalStore } from "~/.server/portal-store.server";
import { shareLinks, shareLinkTickets } from "~/.server/portal-store/schema";
import { DAY_MS, hashPasscode, passcodeMatches, SHARE_LINK_KEEP_DAYS, sha256, shareLinkStore, startShareLinkPurge, TICKET_MS, type NewShareLink, type ShareLinkStore } from "~/areas/summary/share-link-store.server";
import { MAX_WRONG_PASSCODES, randomBase64url } from "~/areas/summary/shlink";
import { openEmbeddedTestStore } from "../helpers/test-stores";

/**
 * What the store keeps of share links (decisions/305-309), on an embedded store of this process: who
 * may still open a link (working, tries claimed and given back, ended at the limit, revoked by its
 * owner only), a file's ticket used once within its five minutes, and what the purge drops.
 */

const FILE = "eyJhbGciOiJkaXIifQ..aXY.Y2lwaGVy.dGFn";
const PRACTICE = practiceKey("https://practice.example.nz/api");
const T0 = new Date("2026-11-27T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let embedded: PortalStore;
let store: ShareLinkStore;
let passcodeHash: string;
beforeAll(async () => {
  embedded = await openEmbeddedTestStore();
  store = shareLinkStore(() => embedded);
  passcodeHash = await hashPasscode("kiwi-fruit-42");
}, 120_000);
afterAll(() => embedded.close());
afterEach(() => {
  vi.restoreAllMocks();
});

async function newLink(over: Partial<NewShareLink> = {}) {
  const manifestId = randomBase64url(32);
  const link: NewShareLink = {
    id: randomBase64url(16),
    manifestHash: sha256(manifestId),
    practiceKey: PRACTICE,
    patientId: `P-${randomBase64url(6)}`,
    holderKey: "h".repeat(43),
    label: null,
    passcodeHash,
    file: FILE,
    createdAt: T0,
    expiresAt: at(7 * DAY_MS),
    ...over,
  };
  await store.insert(link);
  return { ...link, manifestHash: link.manifestHash };
}

async function rowOf(id: string) {
  const [row] = await embedded.run("share-links.read", (db) => db.select().from(shareLinks).where(eq(shareLinks.id, id)));
  return row;
}

async function ticketsOf(id: string) {
  return embedded.run("share-links.read", (db) => db.select().from(shareLinkTickets).where(eq(shareLinkTickets.linkId, id)));
}

describe("a person's links", () => {
  it("are theirs at their practice only, the newest first", async () => {
    const older = await newLink();
    const newer = await newLink({ patientId: older.patientId, createdAt: at(1000), label: "For Dr Smith" });
    await newLink({ patientId: older.patientId, practiceKey: practiceKey("https://other.example.nz/api") });
    await newLink();
    const listed = await store.list(PRACTICE, older.patientId);
    expect(listed.map((l) => l.id)).toEqual([newer.id, older.id]);
    expect(listed[0]).toEqual({ id: newer.id, label: "For Dr Smith", createdAt: at(1000), expiresAt: at(7 * DAY_MS), revokedAt: null, endedAt: null, uses: 0, wrongPasscodes: 0 });
  });

  it("are revoked by their owner only, once; the file and its tickets go with it", async () => {
    const link = await newLink();
    await store.issueTicket(link.id, T0);
    expect(await store.revoke(PRACTICE, "P-someone-else", link.id, T0)).toBe(false);
    expect(await store.revoke(practiceKey("https://other.example.nz/api"), link.patientId, link.id, T0)).toBe(false);
    expect(await store.revoke(PRACTICE, link.patientId, randomBase64url(16), T0)).toBe(false);
    expect(await ticketsOf(link.id)).toHaveLength(1);
    expect(await store.revoke(PRACTICE, link.patientId, link.id, at(1))).toBe(true);
    expect(await rowOf(link.id)).toMatchObject({ revokedAt: at(1), file: null });
    expect(await ticketsOf(link.id)).toEqual([]);
    expect(await store.revoke(PRACTICE, link.patientId, link.id, at(2))).toBe(false);
    expect((await rowOf(link.id)).revokedAt).toEqual(at(1));
  });
});

describe("a passcode's try", () => {
  it("is claimed as wrong before the check, and given back with a use counted when right", async () => {
    const link = await newLink();
    const claimed = await store.claimTry(link.manifestHash, T0);
    expect(claimed).toEqual({ id: link.id, practiceKey: PRACTICE, patientId: link.patientId, passcodeHash, wrongPasscodes: 1, file: FILE, createdAt: T0 });
    expect(await store.working(link.manifestHash, T0)).toEqual({ wrongPasscodes: 1 });
    await store.accepted(link.id, at(5));
    expect(await rowOf(link.id)).toMatchObject({ wrongPasscodes: 0, uses: 1, lastUsedAt: at(5) });
    // Given back, never below none.
    await store.accepted(link.id, at(6));
    expect(await rowOf(link.id)).toMatchObject({ wrongPasscodes: 0, uses: 2 });
  });

  it(`stops at ${MAX_WRONG_PASSCODES}: the wrong one that reaches it ends the link, once, and its file goes`, async () => {
    const link = await newLink();
    for (let i = 1; i < MAX_WRONG_PASSCODES; i++) {
      expect((await store.claimTry(link.manifestHash, T0))?.wrongPasscodes).toBe(i);
      expect(await store.refused(link.id, T0)).toEqual({ ended: false });
    }
    expect((await store.claimTry(link.manifestHash, T0))?.wrongPasscodes).toBe(MAX_WRONG_PASSCODES);
    expect(await store.refused(link.id, at(1))).toEqual({ ended: true });
    expect(await store.refused(link.id, at(2))).toEqual({ ended: false });
    expect(await rowOf(link.id)).toMatchObject({ endedAt: at(1), file: null });
    expect(await store.claimTry(link.manifestHash, T0)).toBeUndefined();
    expect(await store.working(link.manifestHash, T0)).toBeUndefined();
  });

  it("is not claimed past the tries left, even while none has ended the link", async () => {
    const link = await newLink();
    for (let i = 0; i < MAX_WRONG_PASSCODES; i++) expect(await store.claimTry(link.manifestHash, T0)).toBeDefined();
    expect(await store.claimTry(link.manifestHash, T0)).toBeUndefined();
    expect(await store.working(link.manifestHash, T0)).toEqual({ wrongPasscodes: MAX_WRONG_PASSCODES });
  });

  it("is not claimed on a link that expired, was revoked or ended, nor on an unknown one", async () => {
    const expiring = await newLink({ expiresAt: at(DAY_MS) });
    expect(await store.claimTry(expiring.manifestHash, at(DAY_MS - 1))).toBeDefined();
    expect(await store.claimTry(expiring.manifestHash, at(DAY_MS))).toBeUndefined();
    expect(await store.working(expiring.manifestHash, at(DAY_MS - 1))).toBeDefined();
    expect(await store.working(expiring.manifestHash, at(DAY_MS))).toBeUndefined();
    const revoked = await newLink();
    await store.revoke(PRACTICE, revoked.patientId, revoked.id, T0);
    expect(await store.claimTry(revoked.manifestHash, T0)).toBeUndefined();
    expect(await store.working(revoked.manifestHash, T0)).toBeUndefined();
    expect(await store.claimTry(sha256(randomBase64url(32)), T0)).toBeUndefined();
  });
});

describe("a file's ticket", () => {
  it("opens the link's file once, within its five minutes", async () => {
    const link = await newLink();
    const ticket = await store.issueTicket(link.id, T0);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [kept] = await ticketsOf(link.id);
    expect(kept).toMatchObject({ ticketHash: sha256(ticket), expiresAt: at(TICKET_MS), usedAt: null });
    expect(await store.redeem(ticket, at(TICKET_MS - 1))).toEqual({ id: link.id, practiceKey: PRACTICE, patientId: link.patientId, file: FILE });
    expect(await store.redeem(ticket, at(TICKET_MS - 1))).toBeUndefined();
    const late = await store.issueTicket(link.id, T0);
    expect(await store.redeem(late, at(TICKET_MS))).toBeUndefined();
    expect(await store.redeem(randomBase64url(32), T0)).toBeUndefined();
  });

  it("opens nothing once the link stopped working, though the ticket is fresh", async () => {
    const link = await newLink({ expiresAt: at(60_000) });
    const ticket = await store.issueTicket(link.id, T0);
    expect(await store.redeem(ticket, at(60_000))).toBeUndefined();
    const ended = await newLink();
    const second = await store.issueTicket(ended.id, T0);
    await embedded.run("share-links.write", (db) => db.update(shareLinks).set({ endedAt: T0, file: null }).where(eq(shareLinks.id, ended.id)));
    expect(await store.redeem(second, T0)).toBeUndefined();
  });
});

describe("the purge", () => {
  it("drops an expired link's file at once, used and stale tickets, and a link's row 90 days after it stopped working", async () => {
    const now = at(200 * DAY_MS);
    const cutoff = now.getTime() - SHARE_LINK_KEEP_DAYS * DAY_MS;
    const working = await newLink({ expiresAt: at(201 * DAY_MS) });
    const justExpired = await newLink({ expiresAt: now });
    const expiredLongAgo = await newLink({ expiresAt: new Date(cutoff - 1) });
    const expiredAtCutoff = await newLink({ expiresAt: new Date(cutoff) });
    const revokedLongAgo = await newLink({ expiresAt: at(201 * DAY_MS) });
    await store.revoke(PRACTICE, revokedLongAgo.patientId, revokedLongAgo.id, new Date(cutoff - 1));
    const endedLongAgo = await newLink({ expiresAt: at(201 * DAY_MS) });
    await embedded.run("share-links.write", (db) => db.update(shareLinks).set({ endedAt: new Date(cutoff - 1) }).where(eq(shareLinks.id, endedLongAgo.id)));
    const revokedLately = await newLink({ expiresAt: at(201 * DAY_MS) });
    await store.revoke(PRACTICE, revokedLately.patientId, revokedLately.id, new Date(cutoff));

    const fresh = await store.issueTicket(working.id, now);
    const used = await store.issueTicket(working.id, now);
    await store.redeem(used, now);
    await store.issueTicket(working.id, at(200 * DAY_MS - TICKET_MS));

    expect(await store.purge(now)).toBeGreaterThanOrEqual(3);
    expect(await rowOf(expiredLongAgo.id)).toBeUndefined();
    expect(await rowOf(revokedLongAgo.id)).toBeUndefined();
    expect(await rowOf(endedLongAgo.id)).toBeUndefined();
    expect(await rowOf(expiredAtCutoff.id)).toMatchObject({ file: null });
    expect(await rowOf(revokedLately.id)).toBeDefined();
    expect(await rowOf(justExpired.id)).toMatchObject({ file: null });
    expect(await rowOf(working.id)).toMatchObject({ file: FILE });
    expect((await ticketsOf(working.id)).map((t) => t.ticketHash)).toEqual([sha256(fresh)]);
    expect(await store.purge(now)).toBe(0);
  });

  it("runs once at start and is stopped with the process; a failure is logged, not thrown", async () => {
    const asked: Date[] = [];
    const now = () => T0;
    const stop = startShareLinkPurge({ purge: (when: Date) => Promise.resolve(asked.push(when)) } as unknown as ShareLinkStore, now);
    await Promise.resolve();
    expect(asked).toEqual([T0]);
    stop();
    // Unless told otherwise, at the time it runs.
    const before = Date.now();
    const timed: Date[] = [];
    startShareLinkPurge({ purge: (when: Date) => Promise.resolve(timed.push(when)) } as unknown as ShareLinkStore)();
    await Promise.resolve();
    expect(timed).toHaveLength(1);
    expect(timed[0]!.getTime()).toBeGreaterThanOrEqual(before);
    expect(timed[0]!.getTime()).toBeLessThanOrEqual(Date.now());
    const logger = observability().logger;
    const failed = new Promise<unknown[]>((resolve) => vi.spyOn(logger, "error").mockImplementation((...args: unknown[]) => resolve(args)));
    const failing = startShareLinkPurge({ purge: () => Promise.reject(Object.assign(new Error("store away"), { code: "ECONNREFUSED" })) } as unknown as ShareLinkStore, now);
    failing();
    expect(await failed).toEqual([{ kind: "portal-store", operation: "share-links.purge", error: "ECONNREFUSED" }, "share links purge failed"]);
  });

  it("logs how many links each purge removed, and nothing when it removed none", async () => {
    const info = vi.spyOn(observability().logger, "info");
    const logged = new Promise<void>((resolve) => info.mockImplementation(() => resolve()));
    // Two purges started one after the other take the same steps: the first has ended when the second logs.
    startShareLinkPurge({ purge: () => Promise.resolve(0) } as unknown as ShareLinkStore, () => T0)();
    startShareLinkPurge({ purge: () => Promise.resolve(2) } as unknown as ShareLinkStore, () => T0)();
    await logged;
    expect(info.mock.calls).toEqual([[{ kind: "portal-store", operation: "share-links.purge", removed: 2 }, "share links purged"]]);
  });
});

describe("the store's metrics", () => {
  it("time and count each query under its kind: a read, a write or the purge", async () => {
    const runs = vi.spyOn(embedded, "run");
    const named = async (work: () => Promise<unknown>) => {
      runs.mockClear();
      await work();
      return runs.mock.calls.map(([operation]) => operation);
    };
    const write = "share-links.write";
    const read = "share-links.read";
    let link: Awaited<ReturnType<typeof newLink>> | undefined;
    expect(await named(async () => (link = await newLink()))).toEqual([write]);
    const { id, patientId, manifestHash } = link!;
    expect(await named(() => store.list(PRACTICE, patientId))).toEqual([read]);
    expect(await named(() => store.working(manifestHash, T0))).toEqual([read]);
    expect(await named(() => store.claimTry(manifestHash, T0))).toEqual([write]);
    expect(await named(() => store.accepted(id, T0))).toEqual([write]);
    expect(await named(() => store.refused(id, T0))).toEqual([write]);
    let ticket = "";
    expect(await named(async () => (ticket = await store.issueTicket(id, T0)))).toEqual([write]);
    expect(await named(() => store.redeem(ticket, T0))).toEqual([write, read]);
    expect(await named(() => store.revoke(PRACTICE, patientId, id, T0))).toEqual([write, write]);
    expect(await named(() => store.purge(T0))).toEqual(["share-links.purge", "share-links.purge", "share-links.purge"]);
  });
});

describe("the passcode as kept", () => {
  it("matches the same passcode however its accents were typed, and nothing from a hash of another shape", async () => {
    const kept = await hashPasscode("tāmure-ika");
    expect(await passcodeMatches("ta\u0304mure-ika", kept)).toBe(true);
    expect(await passcodeMatches("tamure-ika", kept)).toBe(false);
    expect(await passcodeMatches("tāmure-ika", "scrypt$")).toBe(false);
    expect(await passcodeMatches("tāmure-ika", `scrypt$${kept.split("$")[1]}`)).toBe(false);
    expect(await passcodeMatches("tāmure-ika", `scrypt$${kept.split("$")[1]}$${kept.split("$")[2].slice(4)}`)).toBe(false);
  });
});
