import { describe, expect, it } from "vitest";
import { endpoints, type Endpoint } from "@contract/endpoints";
import type { PracticeApi } from "~/.server/practice/api.server";
import { COUNTS_KEEP_MS, SHELL_KEEP_MS, TOKEN_CHECK_KEEP_MS, forgetSessionReads, sessionReads } from "~/.server/practice/session-reads.server";
import { MemoryStateStore } from "~/.server/state-store.server";

/**
 * What a session keeps of the practice between page views (issue 53, decisions/375): each request
 * makes its own `sessionReads` over the shared store, as the portal does, with a clock the test moves.
 */

interface Practice extends PracticeApi {
  calls: string[];
  /** The reply each call gets now: the practice's data as it stands. */
  replies: Map<Endpoint, unknown>;
}

function practice(): Practice {
  const calls: string[] = [];
  const replies = new Map<Endpoint, unknown>([
    [endpoints.patientMenu, { total: 1, resources: [{ name: "Dashboard" }] }],
    [endpoints.patient, { resources: [{ id: "p1", name: "Aroha" }] }],
    [endpoints.organization, { resources: [{ name: "Kōwhai Health" }] }],
    [endpoints.practiceSettings, { PaymentMethodType: "2" }],
    [endpoints.refreshCounter, [{ InboxCounter: 3 }]],
    [endpoints.allergies, { resources: [] }],
    [endpoints.messageById, { id: "m1" }],
  ]);
  return {
    calls,
    replies,
    async call(endpoint) {
      calls.push(endpoint.path);
      return structuredClone(replies.get(endpoint) ?? true) as never;
    },
  };
}

function world() {
  const store = new MemoryStateStore();
  const clock = { now: 1_000_000 };
  const inner = practice();
  /** One portal request of the session: its own view of what the session kept. */
  const request = (session = "s1") => {
    const reads = sessionReads(store, session, () => clock.now);
    return { reads, api: reads.api(inner) };
  };
  return { store, clock, inner, request };
}

const menu = (api: PracticeApi) => api.call(endpoints.patientMenu, { body: { UserLoggedID: "p1", ProxyID: "" } });
const counts = (api: PracticeApi, id = "p1") => api.call(endpoints.refreshCounter, { query: { PatientID: id } });

describe("the shell's reads kept for a session", () => {
  it("are read from the stored entry once while it is unchanged, and handed out frozen, so no page can change what the next one reads", async () => {
    const w = world();
    await menu(w.request().api);
    const first = (await menu(w.request().api)) as unknown as { resources: Array<{ name: string }> };
    const second = (await menu(w.request().api)) as unknown as { resources: Array<{ name: string }> };
    expect(second).toBe(first);
    expect(() => {
      first.resources[0]!.name = "Changed by a page";
    }).toThrow(TypeError);
    expect(await menu(w.request().api)).toEqual({ total: 1, resources: [{ name: "Dashboard" }] });
  });

  it("an entry another process changed (its stored text differs) is read again", async () => {
    const w = world();
    await menu(w.request().api);
    const key = "session-reads:s1";
    const raw = (await w.store.get(key))!;
    const stored = JSON.parse(raw) as { replies: Record<string, { reply: { resources: Array<{ name: string }> } }> };
    for (const kept of Object.values(stored.replies)) if ("resources" in (kept.reply as object)) kept.reply.resources[0]!.name = "Changed elsewhere";
    expect(await w.store.compareAndSet(key, raw, JSON.stringify(stored), SHELL_KEEP_MS)).toBe(true);
    expect(await menu(w.request().api)).toEqual({ total: 1, resources: [{ name: "Changed elsewhere" }] });
    expect(w.inner.calls).toEqual(["Patient/PatientMenu"]);
  });

  it("are read from the practice once, and answered from the session on its next page views, until their time is up", async () => {
    const w = world();
    expect(await menu(w.request().api)).toEqual({ total: 1, resources: [{ name: "Dashboard" }] });
    expect(await menu(w.request().api)).toEqual({ total: 1, resources: [{ name: "Dashboard" }] });
    expect(w.inner.calls).toEqual(["Patient/PatientMenu"]);
    w.clock.now += SHELL_KEEP_MS - 1;
    await menu(w.request().api);
    expect(w.inner.calls).toHaveLength(1);
    w.clock.now += 1;
    w.inner.replies.set(endpoints.patientMenu, { total: 2, resources: [{ name: "Dashboard" }, { name: "Messages" }] });
    expect(await menu(w.request().api)).toEqual({ total: 2, resources: [{ name: "Dashboard" }, { name: "Messages" }] });
    expect(w.inner.calls).toEqual(["Patient/PatientMenu", "Patient/PatientMenu"]);
  });

  it("of a session's first page, read together, are all kept", async () => {
    const w = world();
    const page = w.request().api;
    const shell = () => [menu(page), page.call(endpoints.patient, { query: { PatientID: "p1" } }), page.call(endpoints.organization, { query: { PatientID: "p1" } }), counts(page)];
    await Promise.all(shell());
    const next = w.request().api;
    await Promise.all([menu(next), next.call(endpoints.patient, { query: { PatientID: "p1" } }), next.call(endpoints.organization, { query: { PatientID: "p1" } }), counts(next)]);
    expect(w.inner.calls.sort()).toEqual(["Patient", "Patient/Organization", "Patient/PatientMenu", "Patient/RefreshCounter"]);
  });

  it("of a page that reads many at once, with the token's check, are all kept: no write gives up on a lost race", async () => {
    const w = world();
    const page = w.request();
    const lookups = Array.from({ length: 12 }, (_, type) => page.api.call(endpoints.lookup, { query: { PatientID: "p1", TypeID: String(type) } as never }));
    await Promise.all([...lookups, page.reads.noteTokenGood()]);
    const next = w.request();
    expect(await next.reads.tokenCheckedRecently()).toBe(true);
    await Promise.all(Array.from({ length: 12 }, (_, type) => next.api.call(endpoints.lookup, { query: { PatientID: "p1", TypeID: String(type) } as never })));
    expect(w.inner.calls).toHaveLength(12);
  });

  it("keep the counts for 30 seconds at most", async () => {
    const w = world();
    await counts(w.request().api);
    w.clock.now += COUNTS_KEEP_MS - 1;
    await counts(w.request().api);
    expect(w.inner.calls).toEqual(["Patient/RefreshCounter"]);
    w.clock.now += 1;
    await counts(w.request().api);
    expect(w.inner.calls).toEqual(["Patient/RefreshCounter", "Patient/RefreshCounter"]);
  });

  it("are kept by their parameters: another account's counts are its own read", async () => {
    const w = world();
    await counts(w.request().api, "p1");
    expect(await counts(w.request().api, "p2")).toEqual([{ InboxCounter: 3 }]);
    expect(w.inner.calls).toEqual(["Patient/RefreshCounter", "Patient/RefreshCounter"]);
  });

  it("are never another session's", async () => {
    const w = world();
    await menu(w.request("s1").api);
    await menu(w.request("s2").api);
    expect(w.inner.calls).toHaveLength(2);
  });

  it("keep nothing but the shell's: a page's own reads go to the practice every time", async () => {
    const w = world();
    for (let i = 0; i < 2; i++) await w.request().api.call(endpoints.allergies, { query: { PatientID: "p1", PageSize: 30, PageNumber: 1 } });
    expect(w.inner.calls).toEqual(["Patient/AllergyIntolerance", "Patient/AllergyIntolerance"]);
  });
});

describe("a change the patient makes", () => {
  it("through any write: the next page view reads everything again, and the count shown is the practice's new one", async () => {
    const w = world();
    await menu(w.request().api);
    await counts(w.request().api);
    await w.request().api.call(endpoints.updateDemographics, { body: {} as never });
    w.inner.replies.set(endpoints.refreshCounter, [{ InboxCounter: 2 }]);
    expect(await counts(w.request().api)).toEqual([{ InboxCounter: 2 }]);
    await menu(w.request().api);
    expect(w.inner.calls).toEqual(["Patient/PatientMenu", "Patient/RefreshCounter", "Patient/UpdatePatientDemographics", "Patient/RefreshCounter", "Patient/PatientMenu"]);
  });

  it("a read after a write in the same request is the practice's, not what the request found kept (a save read back at once)", async () => {
    const w = world();
    const patient = (api: PracticeApi) => api.call(endpoints.patient, { query: { PatientID: "p1" } });
    await patient(w.request().api);
    const saving = w.request();
    expect(await patient(saving.api)).toEqual({ resources: [{ id: "p1", name: "Aroha" }] });
    await saving.api.call(endpoints.updateDemographics, { body: {} as never });
    w.inner.replies.set(endpoints.patient, { resources: [{ id: "p1", name: "Aroha Ngata" }] });
    expect(await patient(saving.api)).toEqual({ resources: [{ id: "p1", name: "Aroha Ngata" }] });
    // And what it read after the change is kept for the next page.
    expect(await patient(w.request().api)).toEqual({ resources: [{ id: "p1", name: "Aroha Ngata" }] });
    expect(w.inner.calls).toEqual(["Patient", "Patient/UpdatePatientDemographics", "Patient"]);
  });

  it("opening a message (a read that marks it read) counts as a change: the unread count is read again at once", async () => {
    const w = world();
    await counts(w.request().api);
    await w.request().api.call(endpoints.messageById, { query: { PatientID: "p1", MessageID: "m1" } });
    await counts(w.request().api);
    expect(w.inner.calls).toEqual(["Patient/RefreshCounter", "Patient/MessageByID", "Patient/RefreshCounter"]);
  });

  it("a write that fails is still a change: the practice may have made it", async () => {
    const w = world();
    await menu(w.request().api);
    const failing: PracticeApi = {
      async call(endpoint, options) {
        if ((endpoint as Endpoint) === endpoints.updateDemographics) throw new Error("no answer");
        return w.inner.call(endpoint, options);
      },
    };
    await expect(w.request().reads.api(failing).call(endpoints.updateDemographics, { body: {} as never })).rejects.toThrow("no answer");
    await menu(w.request().api);
    expect(w.inner.calls).toEqual(["Patient/PatientMenu", "Patient/PatientMenu"]);
  });

  it("a reply read while a change was made is not kept: it may be from before the change", async () => {
    const w = world();
    const before = w.request();
    // The page's first read of the entry happens before the change...
    await before.reads.tokenCheckedRecently();
    await w.request().api.call(endpoints.updateDemographics, { body: {} as never });
    // ...and its menu read answers after it: used for that page, never kept.
    await menu(before.api);
    await menu(w.request().api);
    expect(w.inner.calls).toEqual(["Patient/UpdatePatientDemographics", "Patient/PatientMenu", "Patient/PatientMenu"]);
  });

  it("Refresh Configurations forgets everything kept; so does the end of the session", async () => {
    const w = world();
    await menu(w.request().api);
    await w.request().reads.forget();
    await menu(w.request().api);
    expect(w.inner.calls).toHaveLength(2);
    await forgetSessionReads(w.store, "s1");
    expect(await w.store.get("session-reads:s1")).toBeNull();
    await menu(w.request().api);
    expect(w.inner.calls).toHaveLength(3);
  });
});

describe("the practice's word that the token is good", () => {
  it("holds for TOKEN_CHECK_KEEP_MS, and not across sessions", async () => {
    const w = world();
    expect(await w.request().reads.tokenCheckedRecently()).toBe(false);
    await w.request().reads.noteTokenGood();
    expect(await w.request().reads.tokenCheckedRecently()).toBe(true);
    expect(await w.request("s2").reads.tokenCheckedRecently()).toBe(false);
    w.clock.now += TOKEN_CHECK_KEEP_MS - 1;
    expect(await w.request().reads.tokenCheckedRecently()).toBe(true);
    w.clock.now += 1;
    expect(await w.request().reads.tokenCheckedRecently()).toBe(false);
  });

  it("survives a change (a write does not make the token doubtful) but not the end of the session", async () => {
    const w = world();
    await w.request().reads.noteTokenGood();
    await w.request().api.call(endpoints.updateDemographics, { body: {} as never });
    expect(await w.request().reads.tokenCheckedRecently()).toBe(true);
    await forgetSessionReads(w.store, "s1");
    expect(await w.request().reads.tokenCheckedRecently()).toBe(false);
  });

  it("from a clock that went back is not trusted", async () => {
    const w = world();
    await w.request().reads.noteTokenGood();
    w.clock.now -= 1;
    expect(await w.request().reads.tokenCheckedRecently()).toBe(false);
  });
});
