import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callPractice, createPracticeAgent } from "../../app/.server/practice/client.server";
import { config, loadConfig } from "../../app/.server/config.server";
import { endpoints } from "../../contract/endpoints";

/**
 * Issue 20, finding 6: a burst of page loads must wait for the practice, not flood it. A small
 * practice stand-in on port 0 holds every request for a while and counts how many are open at once;
 * the portal's client, given many calls together, must never have more open than its cap, and every
 * call must still be answered.
 */

const HOLD_MS = 40;

interface Seen {
  open: number;
  maxOpen: number;
  /** The `n` of each request, in the order the practice received them. */
  arrivals: number[];
}

let server: Server;
let base: string;
let seen: Seen;
/** Per request `n`: how long the practice holds it before answering (HOLD_MS unless set). */
const holdFor = new Map<number, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const n = Number(new URL(req.url ?? "/", "http://x").searchParams.get("n") ?? -1);
    seen.arrivals.push(n);
    seen.open += 1;
    seen.maxOpen = Math.max(seen.maxOpen, seen.open);
    setTimeout(() => {
      seen.open -= 1;
      res.writeHead(200, { "Content-Type": "application/json" }).end("true");
    }, holdFor.get(n) ?? HOLD_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = { open: 0, maxOpen: 0, arrivals: [] };
  holdFor.clear();
});

/** ValidateToken (a GET answering `true`), numbered `n` in its address so the practice stand-in can record the order. */
const call = (n: number, options: Partial<Parameters<typeof callPractice>[1]> = {}) =>
  callPractice(endpoints.validateToken, { base, address: `${base}ValidateToken?n=${n}`, token: "t", ...options });

describe("the practice client's connection cap", () => {
  it("60 calls at once with a cap of 4: never more than 4 open at the practice, all answered, in the order made", async () => {
    const dispatcher = createPracticeAgent(4);
    const replies = await Promise.all(Array.from({ length: 60 }, (_, n) => call(n, { dispatcher })));
    expect(replies).toEqual(Array(60).fill(true));
    expect(seen.maxOpen).toBe(4);
    // First in, first out: a call is only overtaken by calls sent in the same moment on other connections.
    for (const [position, n] of seen.arrivals.entries()) expect(Math.abs(position - n), `call ${n} arrived ${position}th`).toBeLessThan(4);
  });

  it("the portal's own pool is capped at PRACTICE_MAX_CONNECTIONS", async () => {
    const cap = config.PRACTICE_MAX_CONNECTIONS;
    const replies = await Promise.all(Array.from({ length: cap * 3 }, (_, n) => call(n)));
    expect(replies.every((r) => r === true)).toBe(true);
    expect(seen.maxOpen).toBe(cap);
  });

  it("a call whose time runs out while it waits for a connection is a timeout and never reaches the practice", async () => {
    const dispatcher = createPracticeAgent(1);
    holdFor.set(0, 400);
    const [first, waiting] = await Promise.allSettled([call(0, { dispatcher }), call(1, { dispatcher, timeoutMs: 150 })]);
    expect(first).toEqual({ status: "fulfilled", value: true });
    expect(waiting).toMatchObject({ status: "rejected", reason: { kind: "timeout" } });
    // Give an abandoned call every chance to be sent late, once the connection is free.
    await new Promise((resolve) => setTimeout(resolve, 100));
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
