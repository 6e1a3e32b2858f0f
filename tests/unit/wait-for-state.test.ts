import { describe, expect, it, vi } from "vitest";
import { assign, createActor, createMachine, fromPromise, setup } from "xstate";
import { waitForState } from "../helpers/wait-for-state";

/** The tests' waitFor (tests/helpers/wait-for-state.ts): same answers as XState's, and a failure that says where the machine stopped. */

const door = setup({
  types: { context: {} as { opened: number; who: string | null; key: unknown }, events: {} as { type: "open" } | { type: "lock" } },
  actors: { knock: fromPromise(async () => "Mere") },
}).createMachine({
  id: "door",
  context: { opened: 0, who: null, key: { cut: "brass" } },
  initial: "shut",
  states: {
    shut: { on: { open: "answering", lock: "locked" } },
    answering: {
      invoke: { src: "knock", onDone: { target: "open", actions: assign({ who: ({ event }) => event.output, opened: ({ context }) => context.opened + 1 }) } },
    },
    open: {},
    locked: { type: "final" },
  },
});

describe("waitForState", () => {
  it("resolves with the current snapshot when it already matches, and with the first later one that does", async () => {
    const actor = createActor(door).start();
    expect((await waitForState(actor, (s) => s.matches("shut"))).value).toBe("shut");
    actor.send({ type: "open" });
    const open = await waitForState(actor, (s) => s.matches("open"));
    expect(open.context).toMatchObject({ opened: 1, who: "Mere" });
  });

  it("names the machine, its state and its context when no state matches in time", async () => {
    const actor = createActor(door).start();
    const started = Date.now();
    const failure = await waitForState(actor, (s) => s.matches("open"), { timeout: 50 }).catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      'waitForState: no state satisfied the predicate within 50 ms; machine "door" in state "shut" (status active); context: {opened: 0, who: null, key: {"cut":"brass"}}',
    );
  });

  it("says so at once when the machine ends without the state", async () => {
    const actor = createActor(door).start();
    const waiting = waitForState(actor, (s) => s.matches("open"));
    actor.send({ type: "lock" });
    await expect(waiting).rejects.toThrow(/the actor stopped before a state satisfied the predicate .*machine "door" in state "locked" \(status done\)/);
  });

  it("keeps its deadline on the real clock while the test's timers are fake", async () => {
    vi.useFakeTimers();
    try {
      const actor = createActor(door).start();
      const waiting = waitForState(actor, (s) => s.matches("open"), { timeout: 100 });
      // Moving the fake clock far past the deadline does not fail the wait...
      await vi.advanceTimersByTimeAsync(10_000);
      actor.send({ type: "open" });
      // ...and the machine's own step still ends it.
      expect((await waiting).value).toBe("open");
      // A wait that never matches still fails on real time, with the fake clock standing still.
      await expect(waitForState(actor, (s) => s.matches("shut"), { timeout: 50 })).rejects.toThrow(/within 50 ms; machine "door" in state "open"/);
    } finally {
      vi.useRealTimers();
    }
  });

  it("summarises a context that holds an actor, or the same object twice, without walking it", async () => {
    const shared = { n: 1 };
    const child = createActor(createMachine({ id: "child" })).start();
    const actor = createActor(createMachine({ id: "holder", context: { child, pair: [shared, shared] } })).start();
    await expect(waitForState(actor, () => false, { timeout: 20 })).rejects.toThrow(/context: \{child: "\[actor [^\]]+\]", pair: \[\{"n":1\},"\[seen above\]"\]\}/);
  });
});
