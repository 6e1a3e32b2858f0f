import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Agent, Dispatcher } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callPractice, createPracticeAgent, practiceAgent } from "~/.server/practice/client.server";
import { config, loadConfig } from "~/.server/config.server";
import { endpoints } from "@contract/endpoints";

/**
 * Issue 20, finding 6: a burst of page loads must wait for the practice, not flood it. A small
 * practice stand-in on port 0 holds every request until the test answers it and counts how many are
 * open at once; the portal's client, given many calls together, must never have more open than its
 * cap, and every call must still be answered. Each round waits for the event (the cap's worth of
 * requests held at the practice and every other call waiting in the pool), never for a sized delay.
 */

interface Seen {
  open: number;
  maxOpen: number;
  /** The `n` of each request, in the order the practice received them. */
  arrivals: number[];
}

let server: Server;
let base: string;
let seen: Seen;
/** The answers to the requests the practice is holding, in the order they arrived. */
let held: Array<() => void> = [];

/** Answers every request the practice holds now. */
function answerHeld() {
  const now = held;
  held = [];
  for (const answer of now) answer();
}

/** The calls a pool holds, sent or waiting for a connection (undici's `size`), over its origins. */
const inPool = (agent: Dispatcher) => Object.values((agent as Agent).stats ?? {}).reduce((total, s) => total + Number((s as { size?: number }).size ?? 0), 0);

/** Waits until the practice holds `open` requests and the pool holds `calls` calls in all (the rest waiting for a connection). */
const heldAndWaiting = (agent: Dispatcher, open: number, calls: number) =>
  vi.waitFor(
    () => {
      expect(held).toHaveLength(open);
      expect(inPool(agent)).toBe(calls);
    },
    { timeout: 10_000, interval: 5 },
  );

beforeAll(async () => {
  server = createServer((req, res) => {
    const n = Number(new URL(req.url ?? "/", "http://x").searchParams.get("n") ?? -1);
    seen.arrivals.push(n);
    seen.open += 1;
    seen.maxOpen = Math.max(seen.maxOpen, seen.open);
    held.push(() => {
      seen.open -= 1;
      res.writeHead(200, { "Content-Type": "application/json" }).end("true");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(async () => {
  answerHeld();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = { open: 0, maxOpen: 0, arrivals: [] };
  held = [];
});

/** ValidateToken (a GET answering `true`), numbered `n` in its address so the practice stand-in can record the order. */
const call = (n: number, options: Partial<Parameters<typeof callPractice>[1]> = {}) =>
  callPractice(endpoints.validateToken, { base, address: `${base}ValidateToken?n=${n}`, token: "t", ...options });

/** Makes `count` calls at once through `agent` and answers them a cap's worth at a time, checking each round. */
async function burst(agent: Dispatcher, cap: number, count: number) {
  const replies = Promise.all(Array.from({ length: count }, (_, n) => call(n, { dispatcher: agent })));
  for (let left = count; left > 0; left -= cap) {
    await heldAndWaiting(agent, Math.min(cap, left), left);
    answerHeld();
  }
  return replies;
}

describe("the practice client's connection cap", () => {
  it("60 calls at once with a cap of 4: never more than 4 open at the practice, all answered, in the order made", async () => {
    const dispatcher = createPracticeAgent(4);
    expect(await burst(dispatcher, 4, 60)).toEqual(Array(60).fill(true));
    expect(seen.maxOpen).toBe(4);
    // First in, first out: a call is only overtaken by calls sent in the same moment on other connections.
    for (const [position, n] of seen.arrivals.entries()) expect(Math.abs(position - n), `call ${n} arrived ${position}th`).toBeLessThan(4);
  });

  it("the portal's own pool is capped at PRACTICE_MAX_CONNECTIONS", async () => {
    const cap = config.PRACTICE_MAX_CONNECTIONS;
    // The pool every page's calls use when none is given (client.server.ts).
    const replies = await burst(practiceAgent, cap, cap * 3);
    expect(replies.every((r) => r === true)).toBe(true);
    expect(seen.maxOpen).toBe(cap);
  });

  it("a call whose time runs out while it waits for a connection is a timeout and never reaches the practice", async () => {
    const dispatcher = createPracticeAgent(1);
    const first = call(0, { dispatcher });
    await heldAndWaiting(dispatcher, 1, 1);
    // The second waits for the one connection, which the practice keeps busy past its time.
    await expect(call(1, { dispatcher, timeoutMs: 150 })).rejects.toMatchObject({ kind: "timeout" });
    answerHeld();
    expect(await first).toBe(true);
    // Once the connection is free the pool holds nothing: the abandoned call was dropped, not sent late.
    await heldAndWaiting(dispatcher, 0, 0);
    expect(seen.arrivals).toEqual([0]);
  });
});

describe("PRACTICE_MAX_CONNECTIONS", () => {
  it("defaults to 64 and must be a whole number from 1", () => {
    expect(loadConfig({}).PRACTICE_MAX_CONNECTIONS).toBe(64);
    expect(loadConfig({ PRACTICE_MAX_CONNECTIONS: "8" }).PRACTICE_MAX_CONNECTIONS).toBe(8);
    for (const bad of ["0", "-1", "2.5", "many"]) expect(() => loadConfig({ PRACTICE_MAX_CONNECTIONS: bad }), bad).toThrow(/PRACTICE_MAX_CONNECTIONS/);
  });
});
