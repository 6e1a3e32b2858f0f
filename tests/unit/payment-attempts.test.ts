import { describe, expect, it } from "vitest";
import { atRest, holdsPayment, PaymentAttempts, practiceKey, practiceKeyOf, type PaymentAttempt } from "~/areas/accounts/payment-attempts.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import type { CardType } from "~/areas/accounts/card-brand";
import { observability } from "~/.server/observability.server";

/**
 * What the portal remembers of each payment attempt (decisions/031, 050, 374; issues 20 and 36), in the
 * embedded store with a clock the test moves. Two processes meeting are played by a store that lets the
 * test act just after one of its own writes (`afterWrite`), where the other process would.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const HOLDER = "holder-1";
const visa: CardType = { label: "Visa", feeBasisPoints: 250, brand: "visa" };
const saved = { tempId: 41, amountCents: 5_000, chargeCents: 5_125, cardChoice: { chosen: visa, all: [visa, { label: "Mastercard", feeBasisPoints: 250 }] } };

/**
 * The embedded store, on a clock the test moves, where another process may act once just before the
 * next compare-and-set (`beforeWrite`: the write then meets what it did) or just after it (`afterWrite`).
 */
class SteppedStore extends MemoryStateStore {
  beforeWrite: (() => Promise<unknown>) | null = null;
  afterWrite: (() => Promise<unknown>) | null = null;
  constructor(readonly clock = { nowMs: Date.parse("2026-11-27T09:00:00Z") }) {
    super(() => clock.nowMs);
  }
  override async compareAndSet(key: string, expected: string | null, next: string, ttlMs: number) {
    const before = this.beforeWrite;
    this.beforeWrite = null;
    if (before) await before();
    const stored = await super.compareAndSet(key, expected, next, ttlMs);
    const after = this.afterWrite;
    if (stored && after) {
      this.afterWrite = null;
      await after();
    }
    return stored;
  }
}

function attempts() {
  const store = new SteppedStore();
  return { store, attempts: new PaymentAttempts(store) };
}

/** An attempt started and sent to the card: its intent asked for at `at`. */
async function started(a: PaymentAttempts, key: string, at = 1_000) {
  expect(await a.claim(HOLDER, key)).toEqual({ ok: true });
  await a.remember(HOLDER, key, saved);
  expect(await a.markIntent(HOLDER, key, at)).toBe(true);
}

describe("a payment attempt", () => {
  it("holds the holder's payment open from its intent until the practice records it", () => {
    const base: PaymentAttempt = { tempId: 1, chargeCents: 100, charged: false };
    expect(holdsPayment(base)).toBe(false);
    expect(holdsPayment({ ...base, intentAt: 0 })).toBe(true);
    expect(holdsPayment({ ...base, intentAt: 5, charged: true, declined: true })).toBe(true);
    expect(holdsPayment({ ...base, intentAt: 5, closed: "recorded" })).toBe(false);
    expect(holdsPayment({ ...base, intentAt: 5, closed: "not-charged" })).toBe(false);
  });

  it("is remembered with what the practice saved; restated before its charge; never changed once charged", async () => {
    const { attempts: a } = attempts();
    expect(await a.attemptOf(HOLDER, "k")).toBeUndefined();
    await a.remember(HOLDER, "k", saved);
    expect(await a.attemptOf(HOLDER, "k")).toEqual({ ...saved, charged: false });
    await a.update(HOLDER, "k", { clientSecret: "pi_1_secret" });
    await a.remember(HOLDER, "k", { ...saved, tempId: 42, chargeCents: 6_150, amountCents: 6_000 });
    expect(await a.attemptOf(HOLDER, "k")).toEqual({ ...saved, tempId: 42, chargeCents: 6_150, amountCents: 6_000, charged: false, clientSecret: "pi_1_secret" });
    await a.update(HOLDER, "k", { charged: true });
    await a.remember(HOLDER, "k", { ...saved, chargeCents: 1 });
    expect(await a.attemptOf(HOLDER, "k")).toMatchObject({ tempId: 42, chargeCents: 6_150, charged: true });
    expect(await a.attemptOf("holder-2", "k")).toBeUndefined();
  });

  it("a restatement meeting the confirmation on another process leaves the charged attempt as it was", async () => {
    const { store, attempts: a } = attempts();
    await a.remember(HOLDER, "k", saved);
    store.beforeWrite = () => a.update(HOLDER, "k", { charged: true });
    await a.remember(HOLDER, "k", { ...saved, chargeCents: 1 });
    expect(await a.attemptOf(HOLDER, "k")).toEqual({ ...saved, charged: true });
  });

  it("charged is final, whoever writes after the confirmation", async () => {
    const { attempts: a } = attempts();
    await a.remember(HOLDER, "k", saved);
    await a.update(HOLDER, "k", { charged: true, declined: false });
    await a.update(HOLDER, "k", { charged: false, declined: true });
    expect(await a.attemptOf(HOLDER, "k")).toMatchObject({ charged: true, declined: true });
  });

  it("each of a holder's attempts is found by its own secret", async () => {
    const { attempts: a } = attempts();
    await a.remember(HOLDER, "k1", saved);
    await a.remember(HOLDER, "k2", { ...saved, tempId: 99 });
    await a.update(HOLDER, "k1", { clientSecret: "pi_1_secret" });
    await a.update(HOLDER, "k2", { clientSecret: "pi_2_secret" });
    expect(await a.bySecret(HOLDER, "pi_1_secret")).toMatchObject({ key: "k1", tempId: 41 });
    expect(await a.bySecret(HOLDER, "pi_2_secret")).toMatchObject({ key: "k2", tempId: 99 });
  });

  it("a secret asked for a day later, its attempt forgotten a moment before its index, finds nothing", async () => {
    const { store, attempts: a } = attempts();
    await a.remember(HOLDER, "k", saved);
    // The index is written just after the attempt: a millisecond later here.
    store.afterWrite = async () => {
      store.clock.nowMs += 1;
    };
    await a.update(HOLDER, "k", { clientSecret: "pi_1_secret" });
    store.clock.nowMs += DAY - 1;
    expect(await a.bySecret(HOLDER, "pi_1_secret")).toBeUndefined();
  });

  it("an update of an attempt never made makes none", async () => {
    const { attempts: a } = attempts();
    await a.update(HOLDER, "k", { clientSecret: "pi_9_secret", charged: true });
    expect(await a.attemptOf(HOLDER, "k")).toBeUndefined();
    expect(await a.bySecret(HOLDER, "pi_9_secret")).toBeUndefined();
  });

  it("is forgotten a day after it was last used, and each use keeps it a day more", async () => {
    const { store, attempts: a } = attempts();
    await a.remember(HOLDER, "used", saved);
    await a.remember(HOLDER, "left", saved);
    store.clock.nowMs += DAY - HOUR;
    expect(await a.attemptOf(HOLDER, "used")).toBeDefined();
    store.clock.nowMs += 2 * HOUR;
    expect(await a.attemptOf(HOLDER, "left")).toBeUndefined();
    expect(await a.attemptOf(HOLDER, "used")).toEqual({ ...saved, charged: false });
  });

  it("is found by its intent's client secret, for its holder, while the attempt still has that secret", async () => {
    const { attempts: a } = attempts();
    await a.remember(HOLDER, "k", saved);
    await a.update(HOLDER, "k", { declined: true });
    expect(await a.bySecret(HOLDER, "pi_1_secret")).toBeUndefined();
    await a.update(HOLDER, "k", { clientSecret: "pi_1_secret" });
    expect(await a.bySecret(HOLDER, "pi_1_secret")).toEqual({ ...saved, charged: false, declined: true, clientSecret: "pi_1_secret", key: "k" });
    expect(await a.bySecret("holder-2", "pi_1_secret")).toBeUndefined();
    expect(await a.bySecret(HOLDER, "pi_2_secret")).toBeUndefined();
    await a.update(HOLDER, "k", { clientSecret: "pi_2_secret" });
    expect(await a.bySecret(HOLDER, "pi_1_secret")).toBeUndefined();
    expect(await a.bySecret(HOLDER, "pi_2_secret")).toMatchObject({ key: "k", clientSecret: "pi_2_secret" });
  });
});

describe("the holder's one open attempt (issue 20)", () => {
  it("a first attempt is claimed; claiming it again is still fine, before and after its intent (a retry)", async () => {
    const { attempts: a } = attempts();
    expect(await a.claim(HOLDER, "a")).toEqual({ ok: true });
    expect(await a.claim(HOLDER, "a")).toEqual({ ok: true });
    expect(await a.openAttempt(HOLDER)).toBeUndefined();
    await a.remember(HOLDER, "a", saved);
    expect(await a.markIntent(HOLDER, "a")).toBe(true);
    expect(await a.claim(HOLDER, "a")).toEqual({ ok: true });
  });

  it("another attempt's claim never moves the lock of one sent to the card: that one's own retry meanwhile goes on", async () => {
    const { store, attempts: a } = attempts();
    await started(a, "a");
    let retry: boolean | undefined;
    // Had the claim below moved the lock, even for a moment, the retry on another process would meet it there.
    store.afterWrite = async () => {
      retry = await a.markIntent(HOLDER, "a");
    };
    expect(await a.claim(HOLDER, "b")).toMatchObject({ ok: false, open: { key: "a" } });
    store.afterWrite = null;
    expect(retry ?? (await a.markIntent(HOLDER, "a"))).toBe(true);
  });

  it("an attempt sent to the card refuses another, which is told of it, until the practice records it", async () => {
    const { attempts: a } = attempts();
    await started(a, "a", 1_000);
    expect(await a.openAttempt(HOLDER)).toEqual({ ...saved, charged: false, intentAt: 1_000, key: "a" });
    expect(await a.claim(HOLDER, "b")).toEqual({ ok: false, open: { ...saved, charged: false, intentAt: 1_000, key: "a" } });
    expect(await a.claim("holder-2", "b")).toEqual({ ok: true });
    await a.close(HOLDER, "a");
    expect(await a.attemptOf(HOLDER, "a")).toMatchObject({ closed: "recorded" });
    expect(await a.openAttempt(HOLDER)).toBeUndefined();
    expect(await a.claim(HOLDER, "b")).toEqual({ ok: true });
  });

  it("an older attempt that never asked for its intent is taken over, and can no longer go on to the card", async () => {
    const { attempts: a } = attempts();
    expect(await a.claim(HOLDER, "a")).toEqual({ ok: true });
    await a.remember(HOLDER, "a", saved);
    expect(await a.claim(HOLDER, "b")).toEqual({ ok: true });
    expect(await a.markIntent(HOLDER, "a")).toBe(false);
    await a.remember(HOLDER, "b", saved);
    expect(await a.markIntent(HOLDER, "b", 2_000)).toBe(true);
    expect(await a.openAttempt(HOLDER)).toMatchObject({ key: "b", intentAt: 2_000 });
  });

  it("an older attempt that asks for its intent just as a newer one takes over keeps the lock: the newer is refused", async () => {
    const { store, attempts: a } = attempts();
    expect(await a.claim(HOLDER, "a")).toEqual({ ok: true });
    await a.remember(HOLDER, "a", saved);
    let olderGoesOn: boolean | undefined;
    // The newer attempt's take-over has just landed when the older one, on another process, marks its intent.
    store.afterWrite = async () => {
      olderGoesOn = await a.markIntent(HOLDER, "a", 3_000);
    };
    expect(await a.claim(HOLDER, "b")).toEqual({ ok: false, open: { ...saved, charged: false, intentAt: 3_000, key: "a" } });
    expect(olderGoesOn).toBe(false);
    expect(await a.openAttempt(HOLDER)).toMatchObject({ key: "a" });
    expect(await a.claim(HOLDER, "c")).toMatchObject({ ok: false, open: { key: "a" } });
  });

  it("a claim that loses the lock to an attempt sent to the card meanwhile is refused", async () => {
    const { store, attempts: a } = attempts();
    store.beforeWrite = () => started(a, "x", 4_000);
    expect(await a.claim(HOLDER, "b")).toEqual({ ok: false, open: { ...saved, charged: false, intentAt: 4_000, key: "x" } });
  });

  it("an open lock whose attempt was forgotten does not hold the holder's payment", async () => {
    const { store, attempts: a } = attempts();
    await started(a, "a");
    store.clock.nowMs += DAY;
    await store.set(`payment-open:${HOLDER}`, "a", DAY);
    expect(await a.openAttempt(HOLDER)).toBeUndefined();
    expect(await a.claim(HOLDER, "b")).toEqual({ ok: true });
  });
});

describe("asking for the intent", () => {
  it("is noted once, at its first ask; an attempt never made, or recorded, may not ask", async () => {
    const { attempts: a } = attempts();
    expect(await a.markIntent(HOLDER, "none")).toBe(false);
    await started(a, "a", 1_000);
    expect(await a.markIntent(HOLDER, "a", 9_000)).toBe(true);
    expect(await a.attemptOf(HOLDER, "a")).toMatchObject({ intentAt: 1_000 });
    await a.close(HOLDER, "a");
    expect(await a.markIntent(HOLDER, "a", 9_000)).toBe(false);
    expect(await a.attemptOf(HOLDER, "a")).toMatchObject({ intentAt: 1_000, closed: "recorded" });
  });

  it("takes a lock never taken or released (an attempt from before the lock), and then holds it", async () => {
    const { store, attempts: a } = attempts();
    await a.remember(HOLDER, "old", saved);
    expect(await a.markIntent(HOLDER, "old", 500)).toBe(true);
    expect(await a.claim(HOLDER, "b")).toMatchObject({ ok: false, open: { key: "old" } });
    await a.close(HOLDER, "old");
    expect(await store.get(`payment-open:${HOLDER}`)).toBe("");
    await a.remember(HOLDER, "older", saved);
    expect(await a.markIntent(HOLDER, "older", 600)).toBe(true);
    expect(await a.openAttempt(HOLDER)).toMatchObject({ key: "older", intentAt: 600 });
  });

  it("is refused when a newer attempt takes the released lock first", async () => {
    const { store, attempts: a } = attempts();
    await a.remember(HOLDER, "old", saved);
    // Between the older attempt's intent noted and its taking the lock, a newer one claims it.
    store.afterWrite = async () => {
      store.beforeWrite = () => a.claim(HOLDER, "new");
    };
    expect(await a.markIntent(HOLDER, "old", 700)).toBe(false);
    expect(await store.get(`payment-open:${HOLDER}`)).toBe("new");
  });
});

describe("closing an attempt", () => {
  const recorded = async () => (await observability().payments.get()).values.find((v) => v.labels.event === "recorded")?.value ?? 0;

  it("counts a payment recorded once, however often it is closed (two recordings of one payment meeting)", async () => {
    const { attempts: a } = attempts();
    const before = await recorded();
    await started(a, "a");
    await a.close(HOLDER, "a");
    await a.close(HOLDER, "a");
    await a.close(HOLDER, "never");
    expect(await recorded()).toBe(before + 1);
  });

  it("releases the lock only when this attempt holds it; an attempt never made or already closed changes nothing", async () => {
    const { store, attempts: a } = attempts();
    await a.close(HOLDER, "none");
    expect(await a.attemptOf(HOLDER, "none")).toBeUndefined();
    await started(a, "a");
    await a.remember(HOLDER, "other", saved);
    await a.close(HOLDER, "other");
    expect(await store.get(`payment-open:${HOLDER}`)).toBe("a");
    expect(await a.openAttempt(HOLDER)).toMatchObject({ key: "a" });
    await a.close(HOLDER, "a");
    expect(await store.get(`payment-open:${HOLDER}`)).toBe("");
    await started(a, "b");
    await a.close(HOLDER, "a");
    expect(await a.openAttempt(HOLDER)).toMatchObject({ key: "b" });
  });
});

describe("the practice's idempotency key (issue 36)", () => {
  it("is the same for every retry, everywhere and after a restart, and differs by holder and by key", () => {
    expect(practiceKey("holder-1", "key-1")).toBe("pp-cc3984831ea659711dcad5e261eec2de4e896b6b935f84ebfe86a4205f56917d");
    expect(practiceKey("holder-1", "key-1")).toBe(practiceKey("holder-1", "key-1"));
    expect(practiceKey("holder-2", "key-1")).not.toBe(practiceKey("holder-1", "key-1"));
    expect(practiceKey("holder-1", "key-2")).not.toBe(practiceKey("holder-1", "key-1"));
    expect(practiceKey("holder-1", "2key")).not.toBe(practiceKey("holder-12", "key"));
  });
});

describe("a card type changed after a refusal (decisions/395)", () => {
  const mastercard: CardType = { label: "Mastercard", feeBasisPoints: 250, brand: "mastercard" };
  const recarded = { tempId: 42, chargeCents: 5_125, cardChoice: { chosen: mastercard, all: [visa, mastercard] } };

  /** An attempt started, its intent made and handed out as Stripe's (counted), and the card refused. */
  async function refused(a: PaymentAttempts, key = "a") {
    await started(a, key);
    expect(await a.intentMade(HOLDER, key, "pi_1_secret", undefined)).toBe("pi_1_secret");
    expect(await a.confirmationOut(HOLDER, key, "pi_1_secret")).toBe(true);
    expect(await a.confirmationRefused(HOLDER, key)).toBe(true);
    return (await a.attemptOf(HOLDER, key))!;
  }

  it("is at rest only while its intent is out, not charged, not closed, and no confirmation of it is out", () => {
    const base: PaymentAttempt = { tempId: 1, chargeCents: 100, charged: false, intentAt: 5 };
    expect(atRest(base)).toBe(true);
    expect(atRest({ ...base, confirming: 0, declined: true })).toBe(true);
    expect(atRest({ ...base, confirming: 1 })).toBe(false);
    expect(atRest({ ...base, charged: true })).toBe(false);
    expect(atRest({ ...base, closed: "recorded" })).toBe(false);
    expect(atRest({ ...base, intentAt: undefined })).toBe(false);
  });

  it("counts each confirmation out until it is refused; a refusal never counts below none, and a charged attempt keeps its count", async () => {
    const { attempts: a } = attempts();
    await started(a, "a");
    await a.intentMade(HOLDER, "a", "pi_1_secret", undefined);
    expect(await a.confirmationOut(HOLDER, "a", "pi_1_secret")).toBe(true);
    expect(await a.confirmationOut(HOLDER, "a", "pi_1_secret")).toBe(true);
    expect(await a.confirmationOut(HOLDER, "a", "pi_other_secret")).toBe(false);
    expect(await a.attemptOf(HOLDER, "a")).toMatchObject({ confirming: 2 });
    await a.confirmationRefused(HOLDER, "a");
    expect(atRest((await a.attemptOf(HOLDER, "a"))!)).toBe(false);
    await a.confirmationRefused(HOLDER, "a");
    await a.confirmationRefused(HOLDER, "a");
    expect(await a.attemptOf(HOLDER, "a")).toMatchObject({ confirming: 0, declined: true });
    expect(await a.confirmationOut(HOLDER, "a", "pi_1_secret")).toBe(true);
    await a.update(HOLDER, "a", { charged: true });
    expect(await a.confirmationRefused(HOLDER, "a")).toBe(false);
    expect(await a.attemptOf(HOLDER, "a")).toMatchObject({ confirming: 1, charged: true });
  });

  it("keeps the first intent made for it: one made meanwhile is never handed out", async () => {
    const { attempts: a } = attempts();
    await started(a, "a");
    expect(await a.intentMade(HOLDER, "a", "pi_1_secret", undefined)).toBe("pi_1_secret");
    expect(await a.intentMade(HOLDER, "a", "pi_2_secret", undefined)).toBe("pi_1_secret");
    expect(await a.bySecret(HOLDER, "pi_2_secret")).toBeUndefined();
    expect(await a.intentMade(HOLDER, "never", "pi_3_secret", undefined)).toBeUndefined();
  });

  it("saves it again under a key of its own: the old intent is no longer the attempt's, and the next one is made for the new total", async () => {
    const { attempts: a } = attempts();
    const read = await refused(a);
    expect(await a.recard(HOLDER, "a", read, recarded)).toBe(true);
    const now = (await a.attemptOf(HOLDER, "a"))!;
    expect(now).toMatchObject({ ...recarded, recarded: 1, confirming: 0, amountCents: 5_000, declined: true, intentAt: 1_000 });
    expect(now.clientSecret).toBeUndefined();
    expect(await a.bySecret(HOLDER, "pi_1_secret")).toBeUndefined();
    expect(await a.confirmationOut(HOLDER, "a", "pi_1_secret")).toBe(false);
    // The intent made for the card type before it (read before the change) is not taken as the new one's.
    expect(await a.intentMade(HOLDER, "a", "pi_late_secret", undefined)).toBeUndefined();
    expect(await a.intentMade(HOLDER, "a", "pi_2_secret", 1)).toBe("pi_2_secret");
    expect(await a.openAttempt(HOLDER)).toMatchObject({ key: "a", tempId: 42 });
    expect(practiceKeyOf(HOLDER, "a", now)).not.toBe(practiceKeyOf(HOLDER, "a", read));
    expect(practiceKeyOf(HOLDER, "a", read)).toBe(practiceKey(HOLDER, "a"));
    expect(practiceKeyOf(HOLDER, "a", { ...now, cardChoice: { chosen: visa, all: [visa, mastercard] } })).not.toBe(practiceKeyOf(HOLDER, "a", now));
  });

  it("is refused while a confirmation is out, once charged, or when another change came first", async () => {
    const { store, attempts: a } = attempts();
    const read = await refused(a);
    // A confirmation goes out on another process just before the change is written.
    store.beforeWrite = () => a.confirmationOut(HOLDER, "a", "pi_1_secret");
    expect(await a.recard(HOLDER, "a", read, recarded)).toBe(false);
    await a.confirmationRefused(HOLDER, "a");
    const again = (await a.attemptOf(HOLDER, "a"))!;
    expect(await a.recard(HOLDER, "a", again, recarded)).toBe(true);
    expect(await a.recard(HOLDER, "a", again, { ...recarded, tempId: 43 })).toBe(false);
    expect(await a.attemptOf(HOLDER, "a")).toMatchObject({ tempId: 42, recarded: 1 });

    const { attempts: other } = attempts();
    const charged = await refused(other);
    await other.update(HOLDER, "a", { charged: true });
    expect(await other.recard(HOLDER, "a", charged, recarded)).toBe(false);
  });

  it("an attempt at rest is let go (closed, not charged), and the lock released; one with a confirmation out, or charged, is not", async () => {
    const { store, attempts: a } = attempts();
    await refused(a);
    store.beforeWrite = () => a.confirmationOut(HOLDER, "a", "pi_1_secret");
    expect(await a.letGo(HOLDER, "a")).toBe(false);
    expect(await a.openAttempt(HOLDER)).toMatchObject({ key: "a" });
    await a.confirmationRefused(HOLDER, "a");
    expect(await a.letGo(HOLDER, "a")).toBe(true);
    expect(await a.attemptOf(HOLDER, "a")).toMatchObject({ closed: "not-charged" });
    expect(await a.openAttempt(HOLDER)).toBeUndefined();
    expect(await a.claim(HOLDER, "b")).toEqual({ ok: true });
    expect(await a.letGo(HOLDER, "a")).toBe(false);
    expect(await a.intentMade(HOLDER, "a", "pi_9_secret", undefined)).toBeUndefined();

    await started(a, "b");
    await a.update(HOLDER, "b", { charged: true });
    expect(await a.letGo(HOLDER, "b")).toBe(false);
  });
});
