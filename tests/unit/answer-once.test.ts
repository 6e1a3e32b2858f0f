import { describe, expect, it } from "vitest";
import { answerOnce, CLAIM_STALE_MS, mayHaveBeenCarriedOut, type AnswerOnceOptions, type OnceWork } from "~/.server/answer-once.server";
import { PracticeApiError, type PracticeFailure } from "~/.server/practice/client.server";
import { MemoryStateStore } from "~/.server/state-store.server";

/**
 * One write to the practice per claim (decisions/091, 111, 215), against the embedded store: the
 * practice is a function that counts its writes, and a write the test holds is released by the test.
 */

type Reply = { kind: "sent"; id: number } | { kind: "refused" } | { kind: "failed" } | { kind: "unknown" };

const failure = (kind: PracticeFailure, status?: number) => new PracticeApiError(kind, "Patient/Message", "no answer", status);

/** A practice whose writes are numbered; `writes` counts the ones that went out. */
function practice() {
  let writes = 0;
  const store = new MemoryStateStore();
  const options = (extra: Partial<AnswerOnceOptions<Reply, string>> = {}): AnswerOnceOptions<Reply, string> => ({
    store,
    waitMs: 5_000,
    keep: (reply) => reply.kind === "sent",
    failed: () => ({ kind: "failed" }),
    unknown: () => ({ kind: "unknown" }),
    ...extra,
  });
  /** Writes with the evidence "message 1", then answers as told (by default "sent", numbered by the writes so far). */
  const work =
    (answer: () => Reply | Promise<Reply> = () => ({ kind: "sent", id: writes })): OnceWork<Reply, string> =>
    async (writing) => {
      await writing("message 1");
      writes += 1;
      return answer();
    };
  return { store, options, work, writes: () => writes };
}

/** A promise the test settles when it chooses. */
function held<T>() {
  let release!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  return { promise, release, fail };
}

describe("one answer to a repeated request", () => {
  it("the first post writes once; every later post of the key gets its answer without asking the practice", async () => {
    const p = practice();
    const first = await answerOnce("k", p.work(), p.options());
    expect(first).toEqual({ kind: "sent", id: 1 });
    expect(await answerOnce("k", p.work(), p.options())).toEqual(first);
    expect(await answerOnce("k", p.work(), p.options())).toEqual(first);
    expect(p.writes()).toBe(1);
    expect(await answerOnce("another key", p.work(), p.options())).toEqual({ kind: "sent", id: 2 });
  });

  it("posts arriving while the first is still writing wait for its answer and never write themselves", async () => {
    const p = practice();
    const gate = held<void>();
    const slow = p.work(async () => {
      await gate.promise;
      return { kind: "sent", id: 7 };
    });
    const first = answerOnce("k", slow, p.options());
    const others = [answerOnce("k", p.work(), p.options()), answerOnce("k", p.work(), p.options())];
    gate.release();
    expect(await Promise.all([first, ...others])).toEqual([
      { kind: "sent", id: 7 },
      { kind: "sent", id: 7 },
      { kind: "sent", id: 7 },
    ]);
    expect(p.writes()).toBe(1);
  });

  it("an answer not kept (a refusal) releases the key: the same attempt may be sent again", async () => {
    const p = practice();
    expect(await answerOnce("k", p.work(() => ({ kind: "refused" })), p.options())).toEqual({ kind: "refused" });
    expect(await answerOnce("k", p.work(), p.options())).toEqual({ kind: "sent", id: 2 });
    expect(p.writes()).toBe(2);
  });

  it("a practice that fails before anything was written releases the key and answers failed", async () => {
    const p = practice();
    const before: OnceWork<Reply, string> = async () => {
      throw failure("timeout");
    };
    expect(await answerOnce("k", before, p.options())).toEqual({ kind: "failed" });
    expect(await p.store.get("k")).toBeNull();
    expect(await answerOnce("k", p.work(), p.options())).toEqual({ kind: "sent", id: 1 });
  });

  it("a fault of the portal's own before writing is thrown, and the key released", async () => {
    const p = practice();
    const broken: OnceWork<Reply, string> = async () => {
      throw new TypeError("bug");
    };
    await expect(answerOnce("k", broken, p.options())).rejects.toThrow("bug");
    expect(await answerOnce("k", p.work(), p.options())).toEqual({ kind: "sent", id: 1 });
  });

  it.each([
    ["a 503 (not taken on)", failure("http", 503)],
    ["a refusal in 4xx", failure("http", 400)],
    ["an HTTP failure without a status", failure("http")],
    ["a lost sign-in", failure("unauthorized")],
  ])("after writing, %s says nothing was written: released, answered failed", async (_, error) => {
    const p = practice();
    expect(await answerOnce("k", p.work(() => Promise.reject(error)), p.options())).toEqual({ kind: "failed" });
    expect(await answerOnce("k", p.work(), p.options())).toEqual({ kind: "sent", id: 2 });
  });

  it.each([
    ["a timeout", failure("timeout")],
    ["a dropped connection", failure("network")],
    ["a garbled reply", failure("contract")],
    ["a server error", failure("http", 500)],
  ])("after writing, %s may have been carried out: unknown, and stays unknown without a way to look", async (_, error) => {
    const p = practice();
    expect(await answerOnce("k", p.work(() => Promise.reject(error)), p.options())).toEqual({ kind: "unknown" });
    expect(await answerOnce("k", p.work(), p.options())).toEqual({ kind: "unknown" });
    expect(p.writes()).toBe(1);
  });

  it("a fault of the portal's own after writing is thrown, and the write stays unknown", async () => {
    const p = practice();
    await expect(answerOnce("k", p.work(() => Promise.reject(new TypeError("bug"))), p.options())).rejects.toThrow("bug");
    expect(await answerOnce("k", p.work(), p.options())).toEqual({ kind: "unknown" });
    expect(p.writes()).toBe(1);
  });

  it("an unknown write the practice has is answered from the practice, once, and kept: nothing is written again", async () => {
    const p = practice();
    const looked: string[] = [];
    const reconcile = async (evidence: string): Promise<Reply> => {
      looked.push(evidence);
      return { kind: "sent", id: 41 };
    };
    await answerOnce("k", p.work(() => Promise.reject(failure("timeout"))), p.options({ reconcile }));
    expect(await answerOnce("k", p.work(), p.options({ reconcile }))).toEqual({ kind: "sent", id: 41 });
    expect(await answerOnce("k", p.work(), p.options({ reconcile }))).toEqual({ kind: "sent", id: 41 });
    expect(looked).toEqual(["message 1"]);
    expect(p.writes()).toBe(1);
  });

  it("an unknown write the practice does not have is written once, however many posts arrive together", async () => {
    const p = practice();
    let looks = 0;
    const reconcile = async () => {
      looks += 1;
      return null;
    };
    await answerOnce("k", p.work(() => Promise.reject(failure("network"))), p.options({ reconcile }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => answerOnce("k", p.work(), p.options({ reconcile }))));
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ kind: "sent", id: 2 })));
    expect(looks).toBe(1);
    expect(p.writes()).toBe(2);
  });

  it("a look that fails leaves the write unknown for the next post to look again; a fault of the portal's own is thrown", async () => {
    const p = practice();
    let looks = 0;
    const cannotLook = async (): Promise<Reply | null> => {
      looks += 1;
      throw failure("timeout");
    };
    await answerOnce("k", p.work(() => Promise.reject(failure("timeout"))), p.options({ reconcile: cannotLook }));
    expect(await answerOnce("k", p.work(), p.options({ reconcile: cannotLook }))).toEqual({ kind: "unknown" });
    const broken = async (): Promise<Reply | null> => {
      looks += 1;
      throw new TypeError("bug");
    };
    await expect(answerOnce("k", p.work(), p.options({ reconcile: broken }))).rejects.toThrow("bug");
    expect(await answerOnce("k", p.work(), p.options({ reconcile: async () => null }))).toEqual({ kind: "sent", id: 2 });
    expect(looks).toBe(2);
    expect(p.writes()).toBe(2);
  });

  it("a post that waited for a write which ended unknown takes unknown, without looking while the practice may still be at it", async () => {
    const p = practice();
    const gate = held<Reply>();
    let looks = 0;
    const reconcile = async () => {
      looks += 1;
      return null;
    };
    const first = answerOnce("k", p.work(() => gate.promise), p.options({ reconcile }));
    const waiting = answerOnce("k", p.work(), p.options({ reconcile }));
    gate.fail(failure("timeout"));
    expect(await first).toEqual({ kind: "unknown" });
    expect(await waiting).toEqual({ kind: "unknown" });
    expect(looks).toBe(0);
    expect(p.writes()).toBe(1);
  });

  it("a post that waited for a write which was released takes failed and does not write either", async () => {
    const p = practice();
    const gate = held<Reply>();
    const first = answerOnce("k", p.work(() => gate.promise), p.options());
    const waiting = answerOnce("k", p.work(), p.options());
    gate.release({ kind: "refused" });
    expect(await first).toEqual({ kind: "refused" });
    expect(await waiting).toEqual({ kind: "failed" });
    expect(p.writes()).toBe(1);
  });

  it("a post whose wait runs out while the first is writing takes unknown (the write may yet be carried out), and the first's answer is kept", async () => {
    const p = practice();
    const gate = held<Reply>();
    const first = answerOnce("k", p.work(() => gate.promise), p.options());
    expect(await answerOnce("k", p.work(), p.options({ waitMs: 0 }))).toEqual({ kind: "unknown" });
    gate.release({ kind: "sent", id: 3 });
    expect(await first).toEqual({ kind: "sent", id: 3 });
    expect(await answerOnce("k", p.work(), p.options())).toEqual({ kind: "sent", id: 3 });
    expect(p.writes()).toBe(1);
  });

  it("a post whose wait runs out before the first has begun writing takes failed, and writes nothing", async () => {
    const p = practice();
    const started = held<void>();
    const first = answerOnce("k", async (writing) => {
      await started.promise;
      return p.work()(writing);
    }, p.options());
    expect(await answerOnce("k", p.work(), p.options({ waitMs: 0 }))).toEqual({ kind: "failed" });
    started.release();
    expect(await first).toEqual({ kind: "sent", id: 1 });
    expect(p.writes()).toBe(1);
  });
});

/**
 * A claim whose process is gone (a crash, a kill past the shutdown's wait) holds its key no longer
 * than CLAIM_STALE_MS, not for the day an answer is kept: the patient's next post of the same attempt
 * is answered, not refused for a day.
 */
describe("a claim left by a process that is gone", () => {
  /** A store holding the claim a process left when it died, `ageMs` old by the test's clock. */
  async function left(claim: Record<string, unknown>, ageMs: number) {
    const p = practice();
    const clock = { now: 1_000_000_000 };
    await p.store.set("k", JSON.stringify({ ...claim, at: clock.now - ageMs }), 60_000);
    return { ...p, options: (extra: Partial<AnswerOnceOptions<Reply, string>> = {}) => p.options({ now: () => clock.now, waitMs: 0, ...extra }) };
  }

  it("a post that died (its work never ended), before or while writing: once stale, the next post takes the key over", async () => {
    for (const diedWriting of [false, true]) {
      const p = practice();
      const clock = { now: 1_000_000_000 };
      const options = (extra: Partial<AnswerOnceOptions<Reply, string>> = {}) => p.options({ now: () => clock.now, waitMs: 0, ...extra });
      // The first post's process stops here, for good: before the practice call, or right after writing began.
      void answerOnce(
        "k",
        async (writing) => {
          if (diedWriting) await writing("message 1");
          return new Promise<Reply>(() => undefined);
        },
        options(),
      );
      await expect.poll(async () => (await p.store.get("k")) !== null).toBe(true);
      const reconcile = async () => null;
      expect(await answerOnce("k", p.work(), options({ reconcile })), `died ${diedWriting ? "writing" : "before"}`).toEqual(diedWriting ? { kind: "unknown" } : { kind: "failed" });
      clock.now += CLAIM_STALE_MS + 1;
      expect(await answerOnce("k", p.work(), options({ reconcile }))).toEqual({ kind: "sent", id: 1 });
      expect(p.writes()).toBe(1);
    }
  });

  it("never written, and stale: the next post takes it over and writes once", async () => {
    const p = await left({ s: "pending" }, CLAIM_STALE_MS + 1);
    const [a, b] = await Promise.all([answerOnce("k", p.work(), p.options()), answerOnce("k", p.work(), p.options())]);
    expect(p.writes()).toBe(1);
    expect([a, b]).toContainEqual({ kind: "sent", id: 1 });
    expect(await answerOnce("k", p.work(), p.options())).toEqual({ kind: "sent", id: 1 });
  });

  it("never written, not yet stale (up to CLAIM_STALE_MS old): still the other post's (failed, nothing written)", async () => {
    for (const age of [CLAIM_STALE_MS - 1, CLAIM_STALE_MS]) {
      const p = await left({ s: "pending" }, age);
      expect(await answerOnce("k", p.work(), p.options())).toEqual({ kind: "failed" });
      expect(p.writes()).toBe(0);
    }
  });

  it("writing, and stale: looked for with its evidence; found, it is the answer and nothing is written again", async () => {
    const p = await left({ s: "writing", e: "message 1" }, CLAIM_STALE_MS + 1);
    const looked: string[] = [];
    const reconcile = async (evidence: string) => {
      looked.push(evidence);
      return { kind: "sent", id: 9 } as Reply;
    };
    expect(await answerOnce("k", p.work(), p.options({ reconcile }))).toEqual({ kind: "sent", id: 9 });
    expect(looked).toEqual(["message 1"]);
    expect(p.writes()).toBe(0);
    expect(await answerOnce("k", p.work(), p.options({ reconcile }))).toEqual({ kind: "sent", id: 9 });
  });

  it("writing, and stale: not found, it is written once; a look that fails leaves it unknown, not writing", async () => {
    const p = await left({ s: "writing", e: "message 1" }, CLAIM_STALE_MS + 1);
    const cannotLook = async (): Promise<Reply | null> => Promise.reject(failure("timeout"));
    expect(await answerOnce("k", p.work(), p.options({ reconcile: cannotLook }))).toEqual({ kind: "unknown" });
    expect(JSON.parse((await p.store.get("k"))!)).toEqual({ s: "unknown", e: "message 1" });
    expect(await answerOnce("k", p.work(), p.options({ reconcile: async () => null }))).toEqual({ kind: "sent", id: 1 });
    expect(p.writes()).toBe(1);
  });

  it("writing, not yet stale, or without a date (made before claims were dated): unknown, and not looked for", async () => {
    for (const claim of [{ s: "writing", e: "message 1", age: CLAIM_STALE_MS - 1 }, { s: "writing", e: "message 1" }]) {
      const p = await left({ s: claim.s, e: claim.e }, claim.age ?? 0);
      if (claim.age === undefined) await p.store.set("k", JSON.stringify({ s: "writing", e: "message 1" }), 60_000);
      let looks = 0;
      const reconcile = async () => {
        looks += 1;
        return null;
      };
      expect(await answerOnce("k", p.work(), p.options({ reconcile }))).toEqual({ kind: "unknown" });
      expect(looks).toBe(0);
      expect(p.writes()).toBe(0);
    }
  });
});

describe("what may have been carried out", () => {
  it.each([
    [new TypeError("bug"), true],
    [failure("timeout"), true],
    [failure("network"), true],
    [failure("contract"), true],
    [failure("http", 500), true],
    [failure("http", 502), true],
    [failure("http", 504), true],
    [failure("http", 503), false],
    [failure("http", 499), false],
    [failure("http", 404), false],
    [failure("http"), false],
    [failure("unauthorized", 500), false],
    [failure("forbidden"), false],
  ])("%s: %s", (error, may) => {
    expect(mayHaveBeenCarriedOut(error)).toBe(may);
  });
});
