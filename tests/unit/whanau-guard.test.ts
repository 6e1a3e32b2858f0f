import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endpoints } from "@contract/endpoints";
import { createProxyAccess } from "~/.server/proxy-access.server";
import { observability } from "~/.server/observability.server";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import type { PracticeApi } from "~/.server/practice/api.server";
import type { SignedIn } from "~/.server/session.server";
import { WhanauUnavailable } from "~/.server/whanau-parents.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { DEFAULT_WHANAU_POLICY, type YoungPersonChoice } from "~/lib/whanau-access";

/**
 * The whānau guard of every signed-in request (issue 55, decisions/382) with its own session, practice
 * and store: what a parent acting for a linked record is shown and refused, what is read to decide it,
 * and where a view that reaches nothing takes them. tests/integration/whanau-access.test.ts runs the
 * same guard through the portal's own sessions and pages against the mock's whānau world.
 */

const apiBase = "https://practice.example.nz/api";
const TODAY = "2026-11-28";

interface Patient {
  birthDate?: string;
  gender?: string;
  name: { given?: string[]; text?: string }[];
}

/** A parent signed in for a linked record ("C-1"), the practice's answers and the store's, each call kept. */
function parentOf(over: { relationship?: string | undefined; birthDate?: string; patient?: Patient | null; listed?: { id: string; relationship: string }[]; choice?: YoungPersonChoice | Error; noteFails?: boolean; userName?: string; proxy?: "Yes" | "No"; userId?: string; patientFails?: Error } = {}) {
  const asked: string[] = [];
  const patient = over.patient === undefined ? { birthDate: over.birthDate ?? "2011-01-01", gender: "female", name: [{ given: ["Aroha"], text: "Aroha Smith" }] } : over.patient;
  const api = {
    call: vi.fn((endpoint: unknown) => {
      if (endpoint === endpoints.patient) {
        asked.push("patient");
        if (over.patientFails) return Promise.reject(over.patientFails);
        return Promise.resolve({ total: patient ? 1 : 0, resources: patient ? [{ resourceType: "Patient", id: "C-1", ...patient }] : [] });
      }
      if (endpoint === endpoints.proxyUsers) {
        asked.push("proxyUsers");
        return Promise.resolve({ resources: (over.listed ?? []).map((l) => ({ id: l.id, name: [{ text: "Someone" }], extension: { relationship: l.relationship } })) });
      }
      asked.push("other");
      return Promise.resolve({ total: 2, resources: [{ id: "plain" }, { id: "hidden", meta: { tag: [{ code: "mental-health" }] } }] });
    }),
  } as unknown as PracticeApi;
  const session = { id: "session-secret-1234567890", get: () => undefined };
  const user = { token: "t", apiBase, userId: over.userId ?? "C-1", parentId: "P-1", proxy: over.proxy ?? "Yes", userName: over.userName ?? "Aroha Smith", parentName: "Mere Smith", ...("relationship" in over ? { relationship: over.relationship } : { relationship: "Child" }) };
  const signedIn = { session, user, api } as unknown as SignedIn;
  // A request may name another parent of the same child (X-Parent): the same guard serves every session.
  const openSession = vi.fn((req: Request) => {
    const parentId = req.headers.get("X-Parent");
    return Promise.resolve(parentId ? ({ ...signedIn, user: { ...user, parentId, parentName: `Parent ${parentId}` } } as unknown as SignedIn) : signedIn);
  });
  const choiceOf = vi.fn(() => (over.choice instanceof Error ? Promise.reject(over.choice) : Promise.resolve(over.choice ?? null)));
  const noteParent = vi.fn(() => (over.noteFails ? Promise.reject(new WhanauUnavailable()) : Promise.resolve()));
  const startSession = vi.fn(() => Promise.resolve("portal=moved"));
  const guard = createProxyAccess({ openSession, policy: DEFAULT_WHANAU_POLICY, choices: { choiceOf, noteParent }, today: () => TODAY, startSession: startSession as never });
  return { guard, asked, api, openSession, choiceOf, noteParent, startSession, user };
}

const request = (address: string, method = "GET", parent?: string) => new Request(`http://portal.test${address}`, { method, headers: parent ? { "X-Parent": parent } : {} });

async function thrown(promise: Promise<unknown>): Promise<{ status: number; headers: Headers; data?: { message?: string; refused?: boolean } }> {
  const error = await promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e,
  );
  if (error instanceof Response) return { status: error.status, headers: error.headers };
  const { init, data } = error as { init: { status: number; headers: Record<string, string> }; data: { message?: string; refused?: boolean } };
  return { status: init.status, headers: new Headers(init.headers), data };
}

// A refusal is recorded on the access record; with no store here, the write is counted as lost and logged.
beforeEach(() => {
  vi.spyOn(observability().logger, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("what the guard reads to decide a parent's view", () => {
  it("a record that is not a child's (a partner's): whole, with no line of words, and nothing of it read nor noted", async () => {
    const { guard, asked, noteParent, choiceOf } = parentOf({ relationship: "Partner", userName: "  Hemi   Walker " });
    const { access } = await guard.requireSession(request("/reports"));
    expect(access).toMatchObject({ view: "full", reason: "not-a-child", words: null, person: { name: "Hemi" } });
    expect(access?.reaches("results")).toBe(true);
    expect(asked).toEqual([]);
    expect(noteParent).not.toHaveBeenCalled();
    expect(choiceOf).not.toHaveBeenCalled();
  });

  it("the holder's own record is no proxy's view", async () => {
    const { guard, asked } = parentOf({ proxy: "No" });
    expect((await guard.requireSession(request("/reports"))).access).toBeNull();
    expect(asked).toEqual([]);
  });

  it("the holder's own record is theirs whole, with its confidential items, even on a session the practice marks as a proxy's", async () => {
    const { guard, asked } = parentOf({ proxy: "Yes", userId: "P-1", relationship: "Self" });
    const own = await guard.requireSession(request("/reports"));
    expect(own.access).toBeNull();
    expect(((await own.api.call(endpoints.organization as never, {} as never)) as { total: number }).total).toBe(2);
    expect(asked).toEqual(["other"]);
  });

  it("a practice that fails while the view is worked out is told as the practice's failure, not as whānau access unavailable", async () => {
    const { guard } = parentOf({ birthDate: "2011-01-01", patientFails: new PracticeApiError("forbidden", "Patient", "not this holder's", 403) });
    expect(await thrown(guard.requireSession(request("/appointments")))).toMatchObject({ status: 403, data: { message: "That record is not one you can see." } });
  });

  it("a session from before the relationship was kept reads it from the practice's list: a listed child follows the ages, a record not listed is whole", async () => {
    const child = parentOf({ relationship: undefined, listed: [{ id: "C-1", relationship: "Child" }], birthDate: "2011-06-01" });
    expect((await child.guard.viewingOf(request("/"))).access).toMatchObject({ view: "limited", reason: "age", age: 15 });
    expect(child.asked).toEqual(["proxyUsers", "patient"]);
    const unlisted = parentOf({ relationship: undefined, listed: [{ id: "C-9", relationship: "Child" }] });
    expect((await unlisted.guard.viewingOf(request("/"))).access).toMatchObject({ view: "full", reason: "not-a-child" });
  });

  it("a child younger than the age of choosing: the ages decide, the young person's choice is not read, and the parent is noted on their list once", async () => {
    const { guard, choiceOf, noteParent } = parentOf({ birthDate: "2017-03-01" });
    expect((await guard.requireSession(request("/reports"))).access).toMatchObject({ view: "full", reason: "age", age: 9, words: null });
    await guard.requireSession(request("/letters"));
    expect(choiceOf).not.toHaveBeenCalled();
    expect(noteParent).toHaveBeenCalledTimes(1);
    expect(noteParent).toHaveBeenCalledWith({ apiBase, patientId: "C-1", holderId: "P-1", holderName: "Mere Smith", relationship: "Child" });
  });

  it("notes each parent of the same child on the young person's list, each once a process", async () => {
    const { guard, noteParent } = parentOf({ birthDate: "2017-03-01" });
    for (const parent of ["P-1", "P-2", "P-1", "P-2"]) await guard.requireSession(request("/reports", "GET", parent));
    expect((noteParent.mock.calls as unknown as [{ holderId: string }][]).map(([noted]) => noted.holderId)).toEqual(["P-1", "P-2"]);
  });

  it("a parent whose noting failed is tried again at the next view, and is shown the view meanwhile", async () => {
    const { guard, noteParent } = parentOf({ birthDate: "2017-03-01", noteFails: true });
    expect((await guard.requireSession(request("/reports"))).access).toMatchObject({ view: "full" });
    await guard.requireSession(request("/letters"));
    expect(noteParent).toHaveBeenCalledTimes(2);
  });

  it("from the age of choosing, the young person's choice for this parent decides, from the day of the birthday", async () => {
    const chose = parentOf({ birthDate: "2012-11-28", choice: "full" });
    expect((await chose.guard.requireSession(request("/reports"))).access).toMatchObject({ view: "full", reason: "choice", age: 14 });
    expect(chose.choiceOf).toHaveBeenCalledWith({ apiBase, patientId: "C-1", holderId: "P-1" });
    const dayBefore = parentOf({ birthDate: "2012-11-29", choice: "none" });
    expect((await dayBefore.guard.requireSession(request("/reports"))).access).toMatchObject({ view: "full", reason: "age", age: 13 });
    expect(dayBefore.choiceOf).not.toHaveBeenCalled();
  });

  it("a choice that cannot be read shows nothing it might have taken away: a 503 in words, never kept by a cache", async () => {
    const { guard } = parentOf({ birthDate: "2011-01-01", choice: new WhanauUnavailable() });
    const away = await thrown(guard.requireSession(request("/appointments")));
    expect(away.status).toBe(503);
    expect(away.headers.get("Cache-Control")).toBe("no-store");
    expect(away.data?.message).toMatch(/\w/);
  });

  it("names the young person by their given name, else the first word of the record's name or the session's, else as this person", async () => {
    const named = async (patient: Patient | null, userName = "Aroha Smith") => (await parentOf({ birthDate: "2017-03-01", patient, userName }).guard.viewingOf(request("/"))).access?.person.name;
    expect(await named({ birthDate: "2017-03-01", name: [{ given: [" Aroha "], text: "Mere Aroha" }] })).toBe("Aroha");
    expect(await named({ birthDate: "2017-03-01", name: [{ given: ["  "], text: "  Tama  Walker " }] })).toBe("Tama");
    expect(await named({ birthDate: "2017-03-01", name: [{ text: "   " }] }, " Rewi  Smith")).toBe("Rewi");
    expect(await named({ birthDate: "2017-03-01", name: [] }, "Rewi")).toBe("Rewi");
    expect(await named(null, "   ")).toBe("This person");
    // A record with no given name, or with neither name, as a practice may send it.
    expect(await named({ birthDate: "2017-03-01", name: [{ given: [], text: "Tama Walker" }] })).toBe("Tama");
    expect(await named({ birthDate: "2017-03-01", name: [{ given: [] }] }, "Rewi Smith")).toBe("Rewi");
  });

  it("reads the session and the view once a request, however many loaders ask", async () => {
    const { guard, openSession, asked } = parentOf({ birthDate: "2017-03-01" });
    const one = request("/reports");
    await Promise.all([guard.viewingOf(one), guard.requireSession(one), guard.requireSession(one)]);
    expect(openSession).toHaveBeenCalledTimes(1);
    expect(asked).toEqual(["patient"]);
  });
});

describe("what a parent's view lets through", () => {
  it("a limited view reaches its areas and refuses the others, and an address of no area, in words with the refusal marked, never kept by a cache", async () => {
    const { guard } = parentOf({ birthDate: "2011-01-01" });
    await expect(guard.requireSession(request("/appointments"))).resolves.toBeTruthy();
    for (const address of ["/reports", "/no-such-page"]) {
      const refused = await thrown(guard.requireSession(request(address)));
      expect(refused.status, address).toBe(403);
      expect(refused.data?.refused).toBe(true);
      expect(refused.headers.get("Cache-Control")).toBe("no-store");
      expect(refused.data?.message).toContain("Aroha");
    }
  });

  it("each refusal is on the young person's access record as what was asked for: the area, or the dashboard for an address of none; what the view reaches is not", async () => {
    const rows: Record<string, unknown>[] = [];
    const keeping = { insertLater: (_operation: string, _table: unknown, row: Record<string, unknown>) => rows.push(row), close: () => Promise.resolve() } as unknown as PortalStore;
    sharePortalStore(keeping);
    try {
      const { guard } = parentOf({ birthDate: "2011-01-01" });
      await guard.requireSession(request("/appointments"));
      await thrown(guard.requireSession(request("/reports")));
      await thrown(guard.requireSession(request("/no-such-page")));
      const gone = parentOf({ birthDate: "2011-01-01", choice: "none" });
      await thrown(gone.guard.viewingOf(request("/letters")));
    } finally {
      unsharePortalStore(keeping);
    }
    expect(rows.map((r) => [r.patientId, r.area, r.action])).toEqual([
      ["C-1", "results", "refused"],
      ["C-1", "dashboard", "refused"],
      ["C-1", "letters", "refused"],
    ]);
  });

  it("a proxy's practice replies leave out what the practice marks confidential; the holder's own do not", async () => {
    const proxy = await parentOf({ birthDate: "2011-01-01" }).guard.requireSession(request("/appointments"));
    expect(await proxy.api.call(endpoints.organization as never, {} as never)).toEqual({ total: 1, resources: [{ id: "plain" }], sent: 2 });
    const whole = await parentOf({ relationship: "Partner" }).guard.requireSession(request("/appointments"));
    expect(await whole.api.call(endpoints.organization as never, {} as never)).toEqual({ total: 1, resources: [{ id: "plain" }], sent: 2 });
    const own = await parentOf({ proxy: "No" }).guard.requireSession(request("/appointments"));
    expect(((await own.api.call(endpoints.organization as never, {} as never)) as { total: number }).total).toBe(2);
  });

  it("a view that reaches nothing takes a page view (GET or HEAD) back to the holder's own record with the reason; a post is refused in words", async () => {
    for (const method of ["GET", "HEAD"]) {
      const { guard, startSession, user } = parentOf({ birthDate: "2011-01-01", choice: "none" });
      const home = await thrown(guard.viewingOf(request("/appointments", method)));
      expect(home.status, method).toBe(302);
      expect(home.headers.get("Location")).toBe("/");
      expect(home.headers.get("Set-Cookie")).toBe("portal=moved");
      expect(home.headers.get("Cache-Control")).toBe("no-store");
      expect(startSession).toHaveBeenCalledWith(expect.anything(), { notice: expect.stringContaining("Aroha"), user: { ...user, userId: "P-1", proxy: "No", userName: "Mere Smith", relationship: "Self" } });
    }
    const { guard, startSession } = parentOf({ birthDate: "2011-01-01", choice: "none" });
    const posted = await thrown(guard.viewingOf(request("/appointments/book", "POST")));
    expect(posted).toMatchObject({ status: 403, data: { refused: true } });
    expect(posted.headers.get("Cache-Control")).toBe("no-store");
    expect(startSession).not.toHaveBeenCalled();
  });
});
