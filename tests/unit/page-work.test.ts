import { describe, expect, it } from "vitest";
import { pageWorkLimit, type PageWork } from "~/.server/page-work.server";

/**
 * decisions/390: page reads taken in only while fewer than the limit are at work, first come first
 * served; a request waiting for the practice gives its place up and comes back without queueing.
 */

/** Admits a request named `name`, noting when it starts; its turn and, once started, its place. */
function request(limit: ReturnType<typeof pageWorkLimit>, name: string, started: string[]) {
  const handle: { place?: PageWork } = {};
  const turn = limit.admit((place) => {
    started.push(name);
    handle.place = place;
  });
  return { turn, handle };
}

describe("page reads at work", () => {
  it("takes in up to the limit at once; the rest wait and start in the order they came as places free", () => {
    const limit = pageWorkLimit(2);
    const started: string[] = [];
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => request(limit, name, started));
    expect(started).toEqual(["a", "b"]);
    expect(limit.counts()).toEqual({ working: 2, waiting: 2 });
    b.turn.finished();
    expect(started).toEqual(["a", "b", "c"]);
    a.turn.finished();
    expect(started).toEqual(["a", "b", "c", "d"]);
    c.turn.finished();
    d.turn.finished();
    expect(limit.counts()).toEqual({ working: 0, waiting: 0 });
  });

  it("a request whose practice calls are out gives its place to the next, and comes back without waiting even when all places are taken", () => {
    const limit = pageWorkLimit(1);
    const started: string[] = [];
    const a = request(limit, "a", started);
    const b = request(limit, "b", started);
    expect(started).toEqual(["a"]);
    a.handle.place!.away();
    expect(started).toEqual(["a", "b"]);
    a.handle.place!.back();
    // Both at work over a limit of 1: a request that has started always finishes.
    expect(limit.counts()).toEqual({ working: 2, waiting: 0 });
    const c = request(limit, "c", started);
    b.turn.finished();
    // One place is still taken (a): c waits until it is free.
    expect(started).toEqual(["a", "b"]);
    a.turn.finished();
    expect(started).toEqual(["a", "b", "c"]);
    c.turn.finished();
    expect(limit.counts()).toEqual({ working: 0, waiting: 0 });
  });

  it("calls out together: the place comes back only once the last of them is back", () => {
    const limit = pageWorkLimit(1);
    const started: string[] = [];
    const a = request(limit, "a", started);
    a.handle.place!.away();
    a.handle.place!.away();
    a.handle.place!.away();
    expect(limit.counts().working).toBe(0);
    a.handle.place!.back();
    a.handle.place!.back();
    expect(limit.counts().working).toBe(0);
    a.handle.place!.back();
    expect(limit.counts().working).toBe(1);
    a.turn.finished();
    expect(limit.counts().working).toBe(0);
  });

  it("a request that ends with a call still out, or ends twice, frees its place once", () => {
    const limit = pageWorkLimit(1);
    const started: string[] = [];
    const a = request(limit, "a", started);
    a.handle.place!.away();
    const b = request(limit, "b", started);
    a.turn.finished();
    a.turn.finished();
    // The late answer of a's call changes nothing.
    a.handle.place!.back();
    expect(limit.counts()).toEqual({ working: 1, waiting: 0 });
    const c = request(limit, "c", started);
    expect(started).toEqual(["a", "b"]);
    b.turn.finished();
    expect(started).toEqual(["a", "b", "c"]);
    c.turn.finished();
    expect(limit.counts()).toEqual({ working: 0, waiting: 0 });
  });

  it("a request whose client left while it waited is dropped from the queue and never starts", () => {
    const limit = pageWorkLimit(1);
    const started: string[] = [];
    const a = request(limit, "a", started);
    const b = request(limit, "b", started);
    request(limit, "c", started);
    b.turn.cancel();
    b.turn.finished();
    expect(limit.counts()).toEqual({ working: 1, waiting: 1 });
    a.turn.finished();
    expect(started).toEqual(["a", "c"]);
    expect(limit.counts()).toEqual({ working: 1, waiting: 0 });
  });
});
