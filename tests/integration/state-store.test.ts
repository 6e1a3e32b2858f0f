import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RedisStateStore } from "~/.server/redis-state-store.server";
import { MemoryStateStore, type StateStore } from "~/.server/state-store.server";
import { startRedisServer, type RedisServer } from "../helpers/redis-server";

/**
 * The state store's contract (decisions/050), one suite run against both implementations. "Two
 * processes" are two stores: for Redis two connections to one server, so the races are real ones
 * between clients; the embedded store is one process's, so both names are the same store.
 *
 * Expiry is measured on each store's own clock: the embedded store reads Date.now, so its run moves
 * fake timers (no real waiting, and no slow machine can make a 200 ms expiry fire late or early);
 * a real Redis expires keys on its own clock, so its run waits in real time.
 */

let redis: RedisServer;
const opened: StateStore[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  for (const store of opened) await store.close();
  await redis?.stop();
});

let unique = 0;
const key = (name: string) => `contract:${name}:${++unique}:${Date.now()}`;

/** How a store's time passes in its run: fake timers moved on at once, or real waiting. */
type Clock = "fake" | "real";

const implementations: [string, Clock, () => [StateStore, StateStore]][] = [
  [
    "embedded (in process)",
    "fake",
    () => {
      // Made once fake timers are on, so that its clock (Date.now) and its sweep are the fake ones.
      const store = new MemoryStateStore();
      opened.push(store);
      return [store, store];
    },
  ],
  [
    "Redis",
    "real",
    () => {
      const pair: [StateStore, StateStore] = [new RedisStateStore(redis.url), new RedisStateStore(redis.url)];
      opened.push(...pair);
      return pair;
    },
  ],
];

describe.each(implementations)("the %s state store", (_name, clock, open) => {
  let one: StateStore;
  let two: StateStore;
  const sleep = async (ms: number) => {
    if (clock === "fake") await vi.advanceTimersByTimeAsync(ms);
    else await new Promise((r) => setTimeout(r, ms));
  };
  beforeAll(() => {
    if (clock === "fake") vi.useFakeTimers();
    [one, two] = open();
  });
  afterAll(() => {
    if (clock === "fake") vi.useRealTimers();
  });

  it("keeps a value until it is deleted, and what one process stores the other reads", async () => {
    const k = key("plain");
    expect(await one.get(k)).toBeNull();
    expect(await one.set(k, "first", 10_000)).toBe(true);
    expect(await two.get(k)).toBe("first");
    await two.delete(k);
    expect(await one.get(k)).toBeNull();
  });

  it("forgets a value when its time is up, and a touch gives it more time", async () => {
    const short = key("expiry");
    const touched = key("touched");
    await one.set(short, "gone soon", 200);
    await one.set(touched, "kept", 200);
    await sleep(100);
    await two.touch(touched, 1_500);
    await sleep(250);
    expect(await one.get(short)).toBeNull();
    expect(await one.get(touched)).toBe("kept");
    await sleep(1_400);
    expect(await one.get(touched)).toBeNull();
  });

  it("writes only over a live value when asked to, so a deleted value stays deleted", async () => {
    const k = key("present");
    expect(await one.set(k, "back?", 10_000, { onlyIfPresent: true })).toBe(false);
    expect(await two.get(k)).toBeNull();
    await one.set(k, "old", 10_000);
    expect(await two.set(k, "new", 10_000, { onlyIfPresent: true })).toBe(true);
    expect(await one.get(k)).toBe("new");
  });

  it("counts increments made at once from two processes exactly, each caller getting its own number", async () => {
    const k = key("counter");
    const counts = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? one : two).increment(k, 10_000)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(await one.get(k)).toBe("60");
  });

  it("starts a counter's expiry at its first increment; later increments do not extend it", async () => {
    const k = key("window");
    expect(await one.increment(k, 600)).toBe(1);
    await sleep(300);
    expect(await two.increment(k, 600)).toBe(2);
    await sleep(450);
    expect(await one.get(k)).toBeNull();
    expect(await two.increment(k, 600)).toBe(1);
  });

  it("takes one back from a live counter, keeping its expiry; a missing counter stays missing, none goes below zero", async () => {
    const k = key("decrement");
    await one.decrement(k);
    expect(await two.get(k)).toBeNull();
    await one.increment(k, 600);
    await one.increment(k, 600);
    await Promise.all([one.decrement(k), two.decrement(k), one.decrement(k)]);
    expect(await two.get(k)).toBeNull();
    expect(await one.increment(k, 600)).toBe(1);
    await two.increment(k, 600);
    await one.decrement(k);
    expect(await two.get(k)).toBe("1");
    await sleep(700);
    // Its first increment's expiry still held: it is gone, and a decrement does not bring it back.
    await one.decrement(k);
    expect(await two.get(k)).toBeNull();
  });

  it("adds to a window's counter only while its counters together are under the limit, exactly, from two processes at once", async () => {
    const [current, older] = [key("window-now"), key("window-before")];
    for (let i = 0; i < 5; i++) await one.increment(older, 10_000);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).incrementIfUnder([current, older], 25, 10_000)));
    expect(results.filter((r) => r.added)).toHaveLength(20);
    expect(results.filter((r) => r.added).map((r) => r.counts[0]).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.find((r) => !r.added)!.counts).toEqual([20, 5]);
    expect(await two.get(current)).toBe("20");
    // A missing counter reads 0, and the first add starts its expiry.
    const fresh = key("window-fresh");
    expect(await one.incrementIfUnder([fresh, key("window-none")], 1, 300)).toEqual({ added: true, counts: [1, 0] });
    expect(await two.incrementIfUnder([fresh], 1, 300)).toEqual({ added: false, counts: [1] });
    await sleep(400);
    expect(await one.get(fresh)).toBeNull();
  });

  it("lets exactly one of many parallel claims win, and keeps the winner's value", async () => {
    const k = key("claim");
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).compareAndSet(k, null, `claimant ${i}`, 10_000)));
    const winners = results.flatMap((won, i) => (won ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(await one.get(k)).toBe(`claimant ${winners[0]}`);
  });

  it("replaces a value only if it is still the one read: of parallel compare-and-sets from one reading, one wins", async () => {
    const k = key("cas");
    await one.set(k, "read by all", 10_000);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).compareAndSet(k, "read by all", `writer ${i}`, 10_000)));
    const winners = results.flatMap((won, i) => (won ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(await two.get(k)).toBe(`writer ${winners[0]}`);
    expect(await one.compareAndSet(k, "read by all", "too late", 10_000)).toBe(false);
    expect(await one.compareAndSet(k, `writer ${winners[0]}`, "next", 10_000)).toBe(true);
    expect(await two.get(k)).toBe("next");
  });

  it("gives a claimed value its expiry, after which the key can be claimed again", async () => {
    const k = key("claim-expiry");
    expect(await one.compareAndSet(k, null, "first", 150)).toBe(true);
    expect(await two.compareAndSet(k, null, "second", 150)).toBe(false);
    await sleep(250);
    expect(await two.compareAndSet(k, null, "second", 150)).toBe(true);
  });
  it("keeps a set's members until they are removed or taken; what one process adds the other takes, the kept member stays", async () => {
    const k = key("set");
    expect(await one.takeMembers(k)).toEqual([]);
    await one.addMember(k, "a", 10_000);
    await two.addMember(k, "b", 10_000);
    await one.addMember(k, "c", 10_000);
    await one.addMember(k, "c", 10_000);
    await two.removeMember(k, "b");
    expect(await two.takeMembers(k, "a")).toEqual(["c"]);
    expect(await one.takeMembers(k, "a")).toEqual([]);
    expect(await one.takeMembers(k)).toEqual(["a"]);
    expect(await two.takeMembers(k)).toEqual([]);
    await one.addMember(k, "d", 10_000);
    await two.delete(k);
    expect(await one.takeMembers(k)).toEqual([]);
  });

  it("reads a set's members without taking them, in either process", async () => {
    const k = key("members");
    expect(await one.members(k)).toEqual([]);
    await one.addMember(k, "a", 10_000);
    await two.addMember(k, "b", 10_000);
    expect((await two.members(k)).sort()).toEqual(["a", "b"]);
    expect((await one.members(k)).sort()).toEqual(["a", "b"]);
  });

  it("gives each member to exactly one of many parallel takes, and loses none added meanwhile", async () => {
    const k = key("take");
    const members = Array.from({ length: 60 }, (_, i) => `m${i}`);
    await Promise.all(members.slice(0, 30).map((m, i) => (i % 2 ? one : two).addMember(k, m, 10_000)));
    // Takes and adds interleaved: each added member is taken by one take or left in the set.
    const results = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).takeMembers(k, "m0")),
      ...members.slice(30).map((m, i) => (i % 2 ? one : two).addMember(k, m, 10_000).then(() => [] as string[])),
    ]);
    const taken = results.flat();
    const left = await one.takeMembers(k);
    expect(new Set(taken).size).toBe(taken.length);
    expect([...taken, ...left].sort()).toEqual([...members].sort());
    expect(left).toContain("m0");
    expect(taken).not.toContain("m0");
  });

  it("keeps a set as long as its longest-lived add asked, never shortening it", async () => {
    const k = key("set-expiry");
    await one.addMember(k, "a", 200);
    await two.addMember(k, "b", 1_200);
    await one.addMember(k, "c", 100);
    await sleep(400);
    expect((await two.takeMembers(k, "a")).sort()).toEqual(["b", "c"]);
    await sleep(1_000);
    expect(await one.takeMembers(k)).toEqual([]);
  });
});
