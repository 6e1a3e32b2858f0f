import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { passkeyStore, type PasskeyStore } from "~/.server/sign-in-security/passkeys.server";
import { CODE_TTL_MS, holdersSecondSteps, secondStepStore, SecondStepUnavailable, type SecondStepStore } from "~/.server/sign-in-security/second-step.server";
import { PasskeysUnavailable } from "~/.server/sign-in-security/passkeys.server";
import type { PortalStore, StoreOperation } from "~/.server/portal-store.server";
import { openEmbeddedTestStore, openPostgresTestStore } from "../helpers/test-stores";

/**
 * The stores behind the second step and passkeys (decisions/277, 300, 321), called in this process on
 * the embedded store alone (no mock, no PostgreSQL server), so that the mutation run (vitest.mutation.config.ts)
 * sees their rules: which code is accepted, once, for which purpose and holder; which passkey is found,
 * renamed, removed, and whose counter moves. The same rules on PostgreSQL, and through the sign-in steps:
 * second-step.test.ts and passkeys.test.ts. The holder's lock alone runs on the run's PostgreSQL (PGlite
 * runs one transaction at a time, so nothing ever waits for it there).
 */

let store: PortalStore;
let codes: SecondStepStore;
let keys: PasskeyStore;

beforeAll(async () => {
  store = await openEmbeddedTestStore();
  codes = secondStepStore(() => store);
  keys = passkeyStore(() => store);
}, 120_000);
afterAll(async () => {
  await store.close();
});

const NOW = new Date("2026-11-26T01:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
/** A holder key of the store's shape, fresh for each test so that no test sees another's rows. */
let holders = 0;
const holder = () => `storeholder${String(++holders).padStart(12, "a")}`;
const credential = (n: number, overrides: Partial<{ transports: string[]; addedFrom: string | null; name: string }> = {}) => ({
  credentialId: `credential${n}`.padEnd(24, "x"),
  publicKey: "pQECAyYgASFYIB".repeat(4),
  counter: 0,
  transports: ["internal"],
  name: `Key ${n}`,
  ...overrides,
});

describe("e-mailed codes", () => {
  it("works once, for its holder and purpose, until it expires", async () => {
    const [mine, other] = [holder(), holder()];
    const code = await codes.issueEmailCode(mine, "sign-in", NOW);
    expect(code).toMatch(/^\d{6}$/);
    expect(await codes.useEmailCode(other, "sign-in", code, NOW)).toBe("wrong");
    expect(await codes.useEmailCode(mine, "confirm", code, NOW)).toBe("wrong");
    expect(await codes.useEmailCode(mine, "sign-in", code, at(CODE_TTL_MS))).toBe("expired");
    expect(await codes.useEmailCode(mine, "sign-in", code, at(CODE_TTL_MS - 1))).toBe("accepted");
    expect(await codes.useEmailCode(mine, "sign-in", code, NOW)).toBe("wrong");
  });

  it("a new code replaces the earlier one of its purpose only", async () => {
    const mine = holder();
    const confirm = await codes.issueEmailCode(mine, "confirm", NOW);
    let first = await codes.issueEmailCode(mine, "sign-in", NOW);
    let second = await codes.issueEmailCode(mine, "sign-in", NOW);
    while (second === first) [first, second] = [second, await codes.issueEmailCode(mine, "sign-in", NOW)];
    expect(await codes.useEmailCode(mine, "sign-in", first, NOW)).toBe("wrong");
    expect(await codes.useEmailCode(mine, "sign-in", second, NOW)).toBe("accepted");
    expect(await codes.useEmailCode(mine, "confirm", confirm, NOW)).toBe("accepted");
  });

  it("two requests racing with the same code: exactly one passes", async () => {
    const mine = holder();
    const code = await codes.issueEmailCode(mine, "turn-on", NOW);
    const verdicts = await Promise.all(Array.from({ length: 4 }, () => codes.useEmailCode(mine, "turn-on", code, NOW)));
    expect(verdicts.filter((v) => v === "accepted")).toHaveLength(1);
  });
});

describe("the e-mailed code turned on and off, and recovery codes", () => {
  it("turning on makes ten codes, each taken once by its holder as typed; new ones replace them; turning off ends them and the e-mailed codes", async () => {
    const [mine, other] = [holder(), holder()];
    expect(await codes.status(mine)).toEqual({ on: false, recoveryCodesLeft: 0 });
    const made = await codes.turnOn(mine, NOW);
    expect(made).toHaveLength(10);
    expect(await codes.status(mine)).toEqual({ on: true, recoveryCodesLeft: 10 });
    expect(await codes.status(other)).toEqual({ on: false, recoveryCodesLeft: 0 });
    expect(await codes.useRecoveryCode(other, made[0], NOW)).toBe(false);
    expect(await codes.useRecoveryCode(mine, made[0].toLowerCase().replace("-", " "), NOW)).toBe(true);
    expect(await codes.useRecoveryCode(mine, made[0], NOW)).toBe(false);
    expect(await codes.status(mine)).toEqual({ on: true, recoveryCodesLeft: 9 });
    // An e-mailed code typed as a recovery code is not one.
    const emailed = await codes.issueEmailCode(mine, "sign-in", NOW);
    expect(await codes.useRecoveryCode(mine, emailed, NOW)).toBe(false);
    // Turning on again keeps it on, with fresh codes.
    const again = await codes.turnOn(mine, NOW);
    expect(await codes.useRecoveryCode(mine, made[1], NOW)).toBe(false);
    expect(await codes.status(mine)).toEqual({ on: true, recoveryCodesLeft: 10 });
    const replaced = await codes.replaceRecoveryCodes(mine, NOW);
    expect(await codes.useRecoveryCode(mine, again[0], NOW)).toBe(false);
    expect(await codes.turnOff(mine)).toEqual({ recoveryCodesKept: false });
    expect(await codes.status(mine)).toEqual({ on: false, recoveryCodesLeft: 0 });
    expect(await codes.useRecoveryCode(mine, replaced[0], NOW)).toBe(false);
    expect(await codes.useEmailCode(mine, "sign-in", emailed, NOW)).toBe("wrong");
  });

  it("turning the e-mailed code off keeps the recovery codes while a passkey remains; the last passkey removed takes them", async () => {
    const mine = holder();
    const made = await codes.turnOn(mine, NOW);
    expect(await keys.add(mine, credential(1), NOW)).toEqual({ added: true, recoveryCodes: null });
    expect(await codes.turnOff(mine)).toEqual({ recoveryCodesKept: true });
    expect(await codes.status(mine)).toEqual({ on: false, recoveryCodesLeft: 10 });
    expect(await keys.remove(mine, credential(1).credentialId)).toEqual({ name: "Key 1", recoveryCodesRemoved: true });
    expect(await codes.useRecoveryCode(mine, made[0], NOW)).toBe(false);
  });

  it("with the e-mailed code on, the last passkey removed, alone or with others, leaves the recovery codes: they are the e-mailed code's too", async () => {
    const mine = holder();
    const made = await codes.turnOn(mine, NOW);
    await keys.add(mine, credential(91), NOW);
    expect(await keys.remove(mine, credential(91).credentialId)).toEqual({ name: "Key 91", recoveryCodesRemoved: false });
    await keys.add(mine, credential(92), NOW);
    await keys.add(mine, credential(93), NOW);
    expect(await keys.removeAll(mine, [credential(92).credentialId, credential(93).credentialId])).toEqual({ names: expect.arrayContaining(["Key 92", "Key 93"]), recoveryCodesRemoved: false });
    expect(await codes.status(mine)).toEqual({ on: true, recoveryCodesLeft: 10 });
    expect(await codes.useRecoveryCode(mine, made[0], NOW)).toBe(true);
  });
});

describe("passkeys in the store", () => {
  it("a holder's first passkey with no codes left brings ten; a second, none", async () => {
    const mine = holder();
    const first = await keys.add(mine, credential(11), NOW);
    if (!first.added || !first.recoveryCodes) throw new Error("the first passkey brings recovery codes");
    expect(first.recoveryCodes).toHaveLength(10);
    expect(await codes.useRecoveryCode(mine, first.recoveryCodes[0], NOW)).toBe(true);
    expect(await keys.add(mine, credential(12), NOW)).toEqual({ added: true, recoveryCodes: null });
    expect(await codes.status(mine)).toEqual({ on: false, recoveryCodesLeft: 9 });
  });

  it("lists a holder's passkeys oldest first with what the holder sees, and offers their credentials with the transports a browser knows", async () => {
    const [mine, other] = [holder(), holder()];
    await keys.add(mine, credential(22, { transports: ["usb", "nfc", "smart-card", "Not A Transport", "a".repeat(21)], addedFrom: "Firefox on Linux" }), at(2000));
    await keys.add(mine, credential(21, { transports: [] }), at(1000));
    await keys.add(mine, credential(23), at(1000));
    await keys.add(other, credential(24), NOW);
    expect(await keys.list(mine)).toEqual([
      { id: credential(21).credentialId, name: "Key 21", createdAt: at(1000), lastUsedAt: null, addedFrom: null },
      { id: credential(23).credentialId, name: "Key 23", createdAt: at(1000), lastUsedAt: null, addedFrom: null },
      { id: credential(22).credentialId, name: "Key 22", createdAt: at(2000), lastUsedAt: null, addedFrom: "Firefox on Linux" },
    ]);
    expect(await keys.count(mine)).toBe(3);
    expect(await keys.count(holder())).toBe(0);
    const offered = await keys.credentials(mine);
    expect(offered).toHaveLength(3);
    expect(offered).toContainEqual({ id: credential(22).credentialId, transports: ["usb", "nfc"] });
    expect(offered).toContainEqual({ id: credential(21).credentialId, transports: [] });
    expect((await keys.find(credential(22).credentialId))?.transports).toBe("usb,nfc,smart-card");
  });

  it("keeps at most eight transports", async () => {
    const mine = holder();
    await keys.add(mine, credential(31, { transports: ["usb", "nfc", "ble", "hybrid", "internal", "cable", "smart-card", "usb", "nfc"] }), NOW);
    expect((await keys.find(credential(31).credentialId))?.transports).toBe("usb,nfc,ble,hybrid,internal,cable,smart-card,usb");
  });

  it("finds a credential by its id whoever's it is, with what the sign-in check needs; one not listed is none", async () => {
    const mine = holder();
    await keys.add(mine, credential(41), NOW);
    expect(await keys.find(credential(41).credentialId)).toEqual({ credentialId: credential(41).credentialId, holderKey: mine, publicKey: credential(41).publicKey, counter: 0, transports: "internal" });
    expect(await keys.find(credential(42).credentialId)).toBeNull();
  });

  it("a credential already listed is not added again, and says whether it is this holder's", async () => {
    const [mine, other] = [holder(), holder()];
    await keys.add(mine, credential(51), NOW);
    expect(await keys.add(mine, credential(51, { name: "Again" }), NOW)).toEqual({ added: false, mine: true });
    expect(await keys.add(other, credential(51), NOW)).toEqual({ added: false, mine: false });
    expect((await keys.list(mine)).map((p) => p.name)).toEqual(["Key 51"]);
    expect(await keys.list(other)).toEqual([]);
  });

  it("renames and removes only the holder's own", async () => {
    const [mine, other] = [holder(), holder()];
    await keys.add(mine, credential(61), NOW);
    await keys.add(mine, credential(62), NOW);
    expect(await keys.rename(other, credential(61).credentialId, "Mine now")).toBe(false);
    expect(await keys.remove(other, credential(61).credentialId)).toBeNull();
    expect(await keys.rename(mine, credential(61).credentialId, "Old phone")).toBe(true);
    expect(await keys.remove(mine, credential(62).credentialId)).toEqual({ name: "Key 62", recoveryCodesRemoved: false });
    expect((await keys.list(mine)).map((p) => p.name)).toEqual(["Old phone"]);
  });

  it("removes several at once (a sign-in's recovery), naming those that went; the last gone takes the recovery codes", async () => {
    const [mine, other] = [holder(), holder()];
    await keys.add(mine, credential(71), NOW);
    await keys.add(mine, credential(72), NOW);
    await keys.add(mine, credential(73), NOW);
    await keys.add(other, credential(74), NOW);
    expect(await keys.removeAll(mine, [])).toEqual({ names: [], recoveryCodesRemoved: false });
    expect(await keys.removeAll(mine, [credential(74).credentialId])).toEqual({ names: [], recoveryCodesRemoved: false });
    expect(await keys.list(other)).toHaveLength(1);
    const some = await keys.removeAll(mine, [credential(71).credentialId, credential(72).credentialId]);
    expect(some.names.sort()).toEqual(["Key 71", "Key 72"]);
    expect(some.recoveryCodesRemoved).toBe(false);
    expect(await codes.status(mine)).toEqual({ on: false, recoveryCodesLeft: 10 });
    expect(await keys.removeAll(mine, [credential(73).credentialId])).toEqual({ names: ["Key 73"], recoveryCodesRemoved: true });
    expect(await codes.status(mine)).toEqual({ on: false, recoveryCodesLeft: 0 });
  });

  it("a sign-in moves the counter on only from the value it saw, once, and notes when it was used", async () => {
    const [mine, other] = [holder(), holder()];
    await keys.add(mine, credential(81), NOW);
    const id = credential(81).credentialId;
    expect(await keys.used(other, id, 0, 1, at(5000))).toBe(false);
    expect(await keys.used(mine, id, 3, 4, at(5000))).toBe(false);
    expect(await keys.used(mine, id, 0, 1, at(5000))).toBe(true);
    expect(await keys.used(mine, id, 0, 1, at(6000))).toBe(false);
    expect((await keys.find(id))?.counter).toBe(1);
    expect((await keys.list(mine))[0].lastUsedAt).toEqual(at(5000));
  });
});

describe("with no store", () => {
  it("both say so plainly, and let nothing through", async () => {
    const none = () => undefined;
    await expect(secondStepStore(none).useEmailCode("storeholderaaaaaaaaaa", "sign-in", "123456")).rejects.toBeInstanceOf(SecondStepUnavailable);
    await expect(secondStepStore(none).useRecoveryCode("storeholderaaaaaaaaaa", "AAAAABBBBB")).rejects.toBeInstanceOf(SecondStepUnavailable);
    await expect(passkeyStore(none).find("credentialxxxxxxxxxxxxxx")).rejects.toBeInstanceOf(PasskeysUnavailable);
  });
});

describe("the store's metrics", () => {
  /** The store as `opened` gives it, noting the operation that names each query (the `operation` label of its metrics). */
  const noting = (into: StoreOperation[]) => (): PortalStore => ({
    ...store,
    run: (operation, query) => {
      into.push(operation);
      return store.run(operation, query);
    },
  });

  it("counts each query of the second step and of passkeys under its part, a read or a write, as the store's dashboards tell them apart", async () => {
    const named: StoreOperation[] = [];
    const [counting, countingKeys] = [secondStepStore(noting(named)), passkeyStore(noting(named))];
    /** The operations one call named. */
    const of = async (call: () => Promise<unknown>) => {
      named.length = 0;
      await call();
      return [...new Set(named)];
    };
    const mine = holder();
    const id = credential(101).credentialId;
    const read = ["second-step.read"];
    const write = ["second-step.write"];
    expect(await of(() => counting.status(mine))).toEqual(read);
    expect(await of(() => counting.issueEmailCode(mine, "sign-in", NOW))).toEqual(write);
    expect(await of(() => counting.useEmailCode(mine, "sign-in", "123456", NOW))).toEqual(write);
    expect(await of(() => counting.turnOn(mine, NOW))).toEqual(write);
    expect(await of(() => counting.useRecoveryCode(mine, "AAAAA-BBBBB", NOW))).toEqual(write);
    expect(await of(() => counting.replaceRecoveryCodes(mine, NOW))).toEqual(write);
    expect(await of(() => counting.turnOff(mine))).toEqual(write);
    const keysRead = ["passkeys.read"];
    const keysWrite = ["passkeys.write"];
    expect(await of(() => countingKeys.add(mine, credential(101), NOW))).toEqual(keysWrite);
    expect(await of(() => countingKeys.list(mine))).toEqual(keysRead);
    expect(await of(() => countingKeys.count(mine))).toEqual(keysRead);
    expect(await of(() => countingKeys.credentials(mine))).toEqual(keysRead);
    expect(await of(() => countingKeys.find(id))).toEqual(keysRead);
    expect(await of(() => countingKeys.rename(mine, id, "Renamed"))).toEqual(keysWrite);
    expect(await of(() => countingKeys.used(mine, id, 0, 1, NOW))).toEqual(keysWrite);
    expect(await of(() => countingKeys.remove(mine, id))).toEqual(keysWrite);
    await countingKeys.add(mine, credential(102), NOW);
    expect(await of(() => countingKeys.removeAll(mine, [credential(102).credentialId]))).toEqual(keysWrite);
  });
});

/**
 * The holder's lock (decisions/321) on the run's PostgreSQL: every change that decides about the recovery
 * codes waits while another transaction holds that holder's lock, and never for another holder's.
 */
describe("a holder's lock (PostgreSQL)", () => {
  let pg: PortalStore;
  let pgCodes: SecondStepStore;
  let pgKeys: PasskeyStore;
  beforeAll(async () => {
    pg = await openPostgresTestStore("holder_lock");
    pgCodes = secondStepStore(() => pg);
    pgKeys = passkeyStore(() => pg);
  }, 60_000);
  afterAll(async () => {
    await pg?.close();
  });

  /** Transactions waiting for an advisory lock in this test's database, as PostgreSQL lists them. */
  const waiting = async () => {
    const result = (await pg.run("second-step.read", (db) => db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`))) as unknown as { rows: { n: number }[] };
    return result.rows[0].n;
  };

  /** Holds `holderKey`'s lock in a transaction of its own until `release` is called. */
  async function hold(holderKey: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const isTaken = new Promise<void>((resolve) => (taken = resolve));
    const done = pg.run("second-step.write", (db) =>
      db.transaction(async (tx) => {
        await holdersSecondSteps.lock(tx, holderKey);
        taken();
        await released;
      }),
    );
    await isTaken;
    return async () => {
      release();
      await done;
    };
  }

  it("each change that decides about the recovery codes waits for the holder's lock; another holder's goes on", async () => {
    const mine = `lockholder${"a".repeat(13)}`;
    const other = `lockholder${"b".repeat(13)}`;
    await pgKeys.add(mine, credential(201), NOW);
    await pgKeys.add(mine, credential(202), NOW);
    await pgKeys.add(mine, credential(203), NOW);
    const changes: [string, () => Promise<unknown>][] = [
      ["a passkey added", () => pgKeys.add(mine, credential(204), NOW)],
      ["a passkey removed", () => pgKeys.remove(mine, credential(201).credentialId)],
      ["passkeys removed at a sign-in's recovery", () => pgKeys.removeAll(mine, [credential(202).credentialId])],
      ["new recovery codes", () => pgCodes.replaceRecoveryCodes(mine, NOW)],
      ["the e-mailed code turned off", () => pgCodes.turnOff(mine)],
    ];
    for (const [change, call] of changes) {
      const release = await hold(mine);
      let finished = false;
      const pending = call().then(() => (finished = true));
      await vi.waitFor(async () => expect(await waiting(), change).toBe(1), { timeout: 20_000, interval: 20 });
      expect(finished, change).toBe(false);
      // Another holder's change while this one's lock is held: it waits for nothing.
      let otherDone = false;
      const others = pgKeys.add(other, credential(210 + changes.findIndex(([c]) => c === change)), NOW).then(() => (otherDone = true));
      await vi.waitFor(
        async () => {
          expect(await waiting(), "another holder's change waits").toBe(1);
          expect(otherDone).toBe(true);
        },
        { timeout: 10_000, interval: 20 },
      );
      await others;
      await release();
      await pending;
      expect(await waiting()).toBe(0);
    }
    expect((await pgKeys.list(mine)).map((p) => p.name)).toEqual(["Key 203", "Key 204"]);
  });
});
