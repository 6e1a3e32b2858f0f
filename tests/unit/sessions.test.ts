import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSessions, IDLE_MS, isSignInRedirect, type PendingSignIn, type SignedInData } from "~/.server/session.server";
import { accountHolderKey, accountSessionsKey } from "~/.server/opaque-names.server";
import { viewingKeyOf } from "~/.server/viewing-claims.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import type { DeviceRequest } from "~/.server/device-rows.server";
import { TOKEN_CHECK_KEEP_MS } from "~/.server/practice/session-reads.server";
import { errorsTexts } from "~/lib/texts/errors";
import { observability } from "~/.server/observability.server";
import { endpoints } from "@contract/endpoints";

/**
 * The sessions' own rules (decisions/001, 050, 295, 310, 366), with a store in memory, the clock in the
 * test's hands and the practice's token check answering as the test says: how long a session lives, what
 * signing in, a password change and a device's Sign out end, what openSession lets through and where
 * it sends the rest. The same rules against the mock over HTTP: tests/integration/require-session.test.ts.
 */

const START = new Date("2026-03-02T09:00:00+13:00").getTime();
const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const PRACTICE = "http://practice.test/api/";

let store: MemoryStateStore;
let tokenAnswer: () => Promise<boolean>;
let tokensChecked: string[];
let seen: DeviceRequest[];
let sessions: ReturnType<typeof createSessions>;

function build(deviceSeen = true) {
  return createSessions(
    { cookieSecure: false, sessionSecret: "a-session-secret-of-the-unit-tests-32" },
    {
      store,
      validateToken: (_apiBase, token) => (tokensChecked.push(token), tokenAnswer()),
      deviceSeen: deviceSeen ? { intervalMs: 5 * 60 * 1000, note: (request) => seen.push(request) } : undefined,
    },
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: START });
  store = new MemoryStateStore();
  tokenAnswer = async () => true;
  tokensChecked = [];
  seen = [];
  sessions = build();
});
afterEach(() => {
  vi.useRealTimers();
});

const user = (overrides: Partial<SignedInData> = {}): SignedInData => ({
  token: "token-1",
  apiBase: PRACTICE,
  userId: "1001",
  parentId: "1001",
  proxy: "No",
  username: "solo@demo.nz",
  userName: "Solo",
  parentName: "Solo",
  ...overrides,
});

const pending = (overrides: Partial<PendingSignIn> = {}): PendingSignIn => ({
  token: "token-1",
  apiBase: PRACTICE,
  patientId: "1001",
  name: "Solo",
  username: "solo@demo.nz",
  passwordReset: true,
  accounts: [],
  redirectTo: "/",
  ...overrides,
});

/** A browser holding a new session with this data: its cookie, as the browser sends it back. */
async function browserWith(data: { user?: SignedInData; pending?: PendingSignIn; failures?: number }): Promise<string> {
  const previous = await sessions.sessionStorage.getSession();
  return (await sessions.startSession(previous, data)).split(";")[0];
}

const page = (path: string, cookie?: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  new Request(`http://portal.test${path}`, { ...init, headers: { ...(cookie ? { Cookie: cookie } : {}), ...init.headers } });

async function userOf(cookie: string): Promise<SignedInData | undefined> {
  return (await sessions.getSession(page("/", cookie))).get("user");
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a thrown reply");
    },
    (error: unknown) => error,
  );
}

const after = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe("how long a session lives", () => {
  it("ends after 30 minutes without a request; each request gives it another 30", async () => {
    const cookie = await browserWith({ user: user() });
    after(IDLE_MS - 1000);
    expect(await userOf(cookie)).toEqual(user());
    after(IDLE_MS - 1000);
    expect(await userOf(cookie)).toEqual(user());
    after(IDLE_MS);
    expect(await userOf(cookie)).toBeUndefined();
  });

  it("ends 12 hours after it started however busy it is, and its end is kept when it is written again", async () => {
    const cookie = await browserWith({ user: user() });
    // Busy all day: a request every 20 minutes for 11 h 40 min, each writing to the session.
    for (let request = 1; request <= 35; request++) {
      after(20 * 60 * 1000);
      const session = await sessions.getSession(page("/", cookie));
      expect(session.get("user")).toEqual(user());
      session.set("notice", `request ${request}`);
      await sessions.sessionStorage.commitSession(session);
    }
    after(19 * 60 * 1000);
    expect(await userOf(cookie)).toEqual(user());
    after(60 * 1000);
    expect(await userOf(cookie)).toBeUndefined();
  });

  it("a signed-out browser whose session timed out keeps counting its failures under the same id; a signed-in one ended meanwhile stays ended", async () => {
    const counting = await browserWith({ failures: 2 });
    const session = await sessions.getSession(page("/login", counting));
    after(IDLE_MS + 1000);
    session.set("failures", 3);
    await sessions.sessionStorage.commitSession(session);
    expect((await sessions.getSession(page("/login", counting))).get("failures")).toBe(3);

    const signedIn = await browserWith({ user: user() });
    const open = await sessions.getSession(page("/", signedIn));
    await sessions.sessionStorage.destroySession(await sessions.getSession(page("/", signedIn)));
    open.set("notice", "written by a page still open");
    await sessions.sessionStorage.commitSession(open);
    expect(await userOf(signedIn)).toBeUndefined();
  });

  it("a page's write to a session signed out meanwhile (between its read and its write) does not bring it back", async () => {
    const cookie = await browserWith({ user: user() });
    const session = await sessions.getSession(page("/", cookie));
    const id = session.id;
    const setting = vi.spyOn(store, "set").mockImplementation(async (key, value, ttl, options) => {
      // Another tab's Sign out lands while this request is writing.
      await MemoryStateStore.prototype.delete.call(store, key);
      return MemoryStateStore.prototype.set.call(store, key, value, ttl, options);
    });
    session.set("notice", "written after the sign-out");
    await sessions.sessionStorage.commitSession(session);
    setting.mockRestore();
    expect(await store.get(`session:${id}`)).toBeNull();
  });

  it("a session past its 12 hours that the store still holds (written late by another process) is ended when read, and leaves its holder's set", async () => {
    const cookie = await browserWith({ user: user() });
    const id = (await sessions.getSession(page("/", cookie))).id;
    const raw = await store.get(`session:${id}`);
    after(ABSOLUTE_MS);
    await store.set(`session:${id}`, raw!, IDLE_MS);
    expect(await userOf(cookie)).toBeUndefined();
    expect(await store.get(`session:${id}`)).toBeNull();
    expect(await store.members(accountSessionsKey(PRACTICE, "1001"))).toEqual([]);
  });
});

describe("signing in and out", () => {
  it("signing in starts a session with a new id: the cookie held before opens nothing", async () => {
    const before = await browserWith({ failures: 1 });
    const previous = await sessions.getSession(page("/login", before));
    const after = (await sessions.startSession(previous, { user: user() })).split(";")[0];
    expect(after).not.toBe(before);
    expect(await userOf(after)).toEqual(user());
    expect((await sessions.getSession(page("/login", before))).get("failures")).toBeUndefined();
  });

  it("the session's cookie is out of the page's scripts' reach, sent by this site's own pages only, for every path", async () => {
    const previous = await sessions.sessionStorage.getSession();
    const cookie = await sessions.startSession(previous, { user: user() });
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
  });

  it("signing out leaves nothing of the session, nor of it in its holder's set", async () => {
    const cookie = await browserWith({ user: user() });
    await sessions.sessionStorage.destroySession(await sessions.getSession(page("/", cookie)));
    expect(await userOf(cookie)).toBeUndefined();
    expect(await store.members(accountSessionsKey(PRACTICE, "1001"))).toEqual([]);
  });

  it("redirectIfSignedIn sends a signed-in browser to the dashboard and lets any other through", async () => {
    const signedIn = await browserWith({ user: user() });
    const sent = await thrown(sessions.redirectIfSignedIn(page("/login", signedIn)));
    expect(sent).toBeInstanceOf(Response);
    expect((sent as Response).headers.get("Location")).toBe("/");
    const signingIn = await browserWith({ pending: pending() });
    expect((await sessions.redirectIfSignedIn(page("/login", signingIn))).get("pending")).toEqual(pending());
  });
});

describe("ending a holder's other sessions (a password change)", () => {
  it("ends every other session of the holder, signed in or half-way, and keeps this one and everyone else's", async () => {
    const mine = await browserWith({ user: user() });
    const otherBrowser = await browserWith({ user: user({ token: "token-2" }) });
    const halfWay = await browserWith({ pending: pending() });
    const someoneElse = await browserWith({ user: user({ userId: "2002", parentId: "2002" }) });
    const samePatientElsewhere = await browserWith({ user: user({ apiBase: "http://another-practice.test/api/" }) });
    const forMember = await browserWith({ user: user({ userId: "1002", proxy: "Yes" }) });
    await sessions.endOtherSessions(await sessions.getSession(page("/profile", mine)));
    expect(await userOf(mine)).toEqual(user());
    expect(await userOf(otherBrowser)).toBeUndefined();
    expect((await sessions.getSession(page("/login", halfWay))).get("pending")).toBeUndefined();
    expect(await userOf(forMember)).toBeUndefined();
    expect(await userOf(someoneElse)).toBeDefined();
    expect(await userOf(samePatientElsewhere)).toBeDefined();
  });

  it("a session holding no sign-in ends nothing", async () => {
    const other = await browserWith({ user: user() });
    const nobody = await browserWith({ failures: 1 });
    await sessions.endOtherSessions(await sessions.getSession(page("/login", nobody)));
    expect(await userOf(other)).toEqual(user());
  });

  it("a session that comes to hold another holder's sign-in moves to that holder's set", async () => {
    const cookie = await browserWith({ pending: pending({ patientId: "3003" }) });
    const session = await sessions.getSession(page("/login", cookie));
    session.unset("pending");
    session.set("user", user());
    await sessions.sessionStorage.commitSession(session);
    expect(await store.members(accountSessionsKey(PRACTICE, "3003"))).toEqual([]);
    expect(await store.members(accountSessionsKey(PRACTICE, "1001"))).toEqual([session.id]);
    const mine = await browserWith({ user: user() });
    await sessions.endOtherSessions(await sessions.getSession(page("/", mine)));
    expect(await userOf(cookie)).toBeUndefined();
  });
});

describe("the devices list", () => {
  it("Sign out on a device ends the holder's other sessions on it, in any state, and says how many; this one and other devices' stay", async () => {
    const mine = await browserWith({ user: user({ deviceId: "laptop" }) });
    const copy = await browserWith({ user: user({ deviceId: "laptop" }) });
    const phone = await browserWith({ user: user({ deviceId: "phone" }) });
    const phoneHalfWay = await browserWith({ pending: pending({ device: { id: "phone", label: "Safari on iPhone", range: "10.0.0.0/24" } }) });
    const someoneElsesPhone = await browserWith({ user: user({ userId: "2002", parentId: "2002", deviceId: "phone" }) });
    const session = await sessions.getSession(page("/profile", mine));
    expect(await sessions.endDeviceSessions(session, { device: "phone" })).toBe(2);
    expect(await userOf(phone)).toBeUndefined();
    expect((await sessions.getSession(page("/login", phoneHalfWay))).get("pending")).toBeUndefined();
    expect(await userOf(someoneElsesPhone)).toBeDefined();
    expect(await userOf(copy)).toBeDefined();
    // This very device: only its other sessions end.
    expect(await sessions.endDeviceSessions(session, { device: "laptop" })).toBe(1);
    expect(await userOf(copy)).toBeUndefined();
    expect(await userOf(mine)).toBeDefined();
    // Nothing left there: none.
    expect(await sessions.endDeviceSessions(session, { device: "phone" })).toBe(0);
  });

  it("a session that has already ended is not counted", async () => {
    const mine = await browserWith({ user: user({ deviceId: "laptop" }) });
    const gone = await browserWith({ user: user({ deviceId: "phone" }) });
    await store.delete(`session:${(await sessions.getSession(page("/", gone))).id}`);
    expect(await sessions.endDeviceSessions(await sessions.getSession(page("/", mine)), { device: "phone" })).toBe(0);
  });

  it("a session holding no sign-in signs out nothing", async () => {
    const phone = await browserWith({ user: user({ deviceId: "phone" }) });
    const nobody = await browserWith({ failures: 1 });
    expect(await sessions.endDeviceSessions(await sessions.getSession(page("/", nobody)), { device: "phone" })).toBe(0);
    expect(await userOf(phone)).toBeDefined();
  });

  it("lists the holder's signed-in sessions, oldest first, with their device, start and which is this one; never one half-way or ended", async () => {
    const first = await browserWith({ user: user({ deviceId: "phone" }) });
    after(60_000);
    await browserWith({ pending: pending() });
    after(60_000);
    const mine = await browserWith({ user: user({ deviceId: "laptop" }) });
    after(60_000);
    const ended = await browserWith({ user: user({ deviceId: "tablet" }) });
    await sessions.sessionStorage.destroySession(await sessions.getSession(page("/", ended)));
    await browserWith({ user: user({ userId: "2002", parentId: "2002" }) });
    expect(await sessions.signedInSessions(await sessions.getSession(page("/profile", mine)))).toEqual([
      { deviceId: "phone", startedAt: new Date(START), current: false },
      { deviceId: "laptop", startedAt: new Date(START + 120_000), current: true },
    ]);
    expect(await userOf(first)).toBeDefined();
    const nobody = await browserWith({ failures: 1 });
    expect(await sessions.signedInSessions(await sessions.getSession(page("/", nobody)))).toEqual([]);
  });

  it("passes over a session that timed out, though its holder's set still names it", async () => {
    await browserWith({ user: user({ deviceId: "phone" }) });
    after(20 * 60 * 1000);
    const mine = await browserWith({ user: user({ deviceId: "laptop" }) });
    // The phone's session has had no request for 30 minutes; this one had one 10 minutes ago.
    after(10 * 60 * 1000);
    const listed = await sessions.signedInSessions(await sessions.getSession(page("/", mine)));
    expect(listed.map((s) => s.deviceId)).toEqual(["laptop"]);
    expect(await store.members(accountSessionsKey(PRACTICE, "1001"))).toHaveLength(2);
  });

  it("is in the order the sessions started, whatever order the store keeps them in (Redis keeps none)", async () => {
    await browserWith({ user: user({ deviceId: "phone" }) });
    after(60_000);
    await browserWith({ user: user({ deviceId: "tablet" }) });
    after(60_000);
    const mine = await browserWith({ user: user({ deviceId: "laptop" }) });
    vi.spyOn(store, "members").mockImplementation(async (key) => (await MemoryStateStore.prototype.members.call(store, key)).reverse());
    const listed = await sessions.signedInSessions(await sessions.getSession(page("/", mine)));
    expect(listed.map((s) => s.deviceId)).toEqual(["phone", "tablet", "laptop"]);
  });

  it("Sign out on a device passes over a signed-in session older than the devices list", async () => {
    const mine = await browserWith({ user: user({ deviceId: "laptop" }) });
    const older = await browserWith({ user: user() });
    expect(await sessions.endDeviceSessions(await sessions.getSession(page("/", mine)), { device: "phone" })).toBe(0);
    expect(await userOf(older)).toEqual(user());
  });

  it("Sign out on a device passes over a session half-way through signing in that names no device", async () => {
    const mine = await browserWith({ user: user({ deviceId: "laptop" }) });
    const halfWay = await browserWith({ pending: pending() });
    expect(await sessions.endDeviceSessions(await sessions.getSession(page("/", mine)), { device: "phone" })).toBe(0);
    expect((await sessions.getSession(page("/login", halfWay))).get("pending")).toEqual(pending());
  });

  it("a session past its 12 hours is not listed, though the store has not dropped it yet", async () => {
    const old = await browserWith({ user: user({ deviceId: "phone" }) });
    const oldId = (await sessions.getSession(page("/", old))).id;
    const raw = await store.get(`session:${oldId}`);
    after(ABSOLUTE_MS - 60_000);
    const mine = await browserWith({ user: user({ deviceId: "laptop" }) });
    // Its 12 hours end at this very moment.
    after(60_000);
    // Kept as if another process had just written it.
    await store.set(`session:${oldId}`, raw!, IDLE_MS);
    const listed = await sessions.signedInSessions(await sessions.getSession(page("/", mine)));
    expect(listed.map((s) => s.deviceId)).toEqual(["laptop"]);
  });
});

describe("openSession", () => {
  it("with no session, sends the browser to sign in and back to the page asked for, named as the page", async () => {
    const sent = (await thrown(sessions.openSession(page("/accounts.data?page=2&_routes=routes%2Faccounts")))) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/login?redirectTo=%2Faccounts%3Fpage%3D2");
    expect(isSignInRedirect(sent)).toBe(true);
    expect(((await thrown(sessions.openSession(page("/")))) as Response).headers.get("Location")).toBe("/login");
    const halfWay = await browserWith({ pending: pending() });
    expect(((await thrown(sessions.openSession(page("/profile", halfWay)))) as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
  });

  it("a step (the step client's header) meeting no session is answered 401 { sessionEnded }, not sent to sign in", async () => {
    const answer = (await thrown(sessions.openSession(page("/emails/step", undefined, { method: "POST", headers: { "X-Portal-Step": "1" } })))) as Response;
    expect(answer.status).toBe(401);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Set-Cookie")).toMatch(/^__portal=;/);
    expect(await answer.json()).toEqual({ sessionEnded: true });
    expect(isSignInRedirect(answer)).toBe(false);
    // Any other value of the header is a page's request.
    expect(((await thrown(sessions.openSession(page("/emails", undefined, { headers: { "X-Portal-Step": "0" } })))) as Response).status).toBe(302);
  });

  it("with a token the practice says is good, hands over the user, once per request however many ask", async () => {
    const cookie = await browserWith({ user: user() });
    const request = page("/accounts", cookie);
    const [first, second] = await Promise.all([sessions.openSession(request), sessions.openSession(request)]);
    expect(first).toBe(second);
    expect(first.user).toEqual(user());
    expect(tokensChecked).toEqual(["token-1"]);
  });

  it("the practice's \"valid\" holds for a few seconds across requests, then the token is checked again", async () => {
    const cookie = await browserWith({ user: user() });
    await sessions.openSession(page("/", cookie));
    after(TOKEN_CHECK_KEEP_MS - 1000);
    await sessions.openSession(page("/profile", cookie));
    expect(tokensChecked).toHaveLength(1);
    after(2000);
    await sessions.openSession(page("/profile", cookie));
    expect(tokensChecked).toHaveLength(2);
  });

  it("a \"no\" is not kept: the next request asks the practice again", async () => {
    tokenAnswer = async () => false;
    const cookie = await browserWith({ user: user() });
    const sent = (await thrown(sessions.openSession(page("/profile", cookie)))) as Response;
    // Not back to the page: the practice ended the sign-in.
    expect(sent.headers.get("Location")).toBe("/login");
    expect(sent.headers.get("Set-Cookie")).toMatch(/^__portal=;/);
    expect(await userOf(cookie)).toBeUndefined();
    expect(tokensChecked).toHaveLength(1);
  });

  it("a token the practice answers 401 for ends the session too", async () => {
    tokenAnswer = async () => {
      throw new PracticeApiError("unauthorized", "GET ValidateToken", "401", 401);
    };
    const cookie = await browserWith({ user: user() });
    const sent = (await thrown(sessions.openSession(page("/profile", cookie)))) as Response;
    expect(sent.headers.get("Location")).toBe("/login");
    expect(await userOf(cookie)).toBeUndefined();
  });

  it("a check that could not be made keeps the session: a 503 with words, and the next request goes through", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    tokenAnswer = async () => {
      throw new PracticeApiError("http", "GET ValidateToken", "503", 503);
    };
    const cookie = await browserWith({ user: user() });
    expect(await thrown(sessions.openSession(page("/profile", cookie)))).toMatchObject({ init: { status: 503 }, data: { message: errorsTexts.tokenCheckFailed } });
    expect(logged).toHaveBeenCalledWith("Token check failed, session kept: GET ValidateToken: 503");
    tokenAnswer = async () => {
      throw "not an error";
    };
    expect(await thrown(sessions.openSession(page("/profile", cookie)))).toMatchObject({ init: { status: 503 } });
    expect(logged).toHaveBeenLastCalledWith("Token check failed, session kept: not an error");
    tokenAnswer = async () => true;
    expect((await sessions.openSession(page("/profile", cookie))).user).toEqual(user());
  });

  it("a step claiming another person viewed than the session's is refused 409, before the practice is asked; the right claim passes", async () => {
    const cookie = await browserWith({ user: user({ userId: "1002", proxy: "Yes" }) });
    const claim = (key: string) => page("/emails/step", cookie, { method: "POST", headers: { "X-Portal-Viewing": key } });
    const refused = await thrown(sessions.openSession(claim(viewingKeyOf({ apiBase: PRACTICE, userId: "1001" }))));
    expect(refused).toMatchObject({ init: { status: 409, headers: { "Cache-Control": "no-store" } }, data: { message: errorsTexts.viewingChanged } });
    expect(tokensChecked).toEqual([]);
    expect((await sessions.openSession(claim(viewingKeyOf({ apiBase: PRACTICE, userId: "1002" })))).user.userId).toBe("1002");
  });

  it("a practice call later in the request refused for the token ends the session and sends the browser to sign in", async () => {
    // No token to send: the practice client refuses the call as the practice would, before any request.
    const cookie = await browserWith({ user: user({ token: "" }) });
    const { api } = await sessions.openSession(page("/accounts", cookie));
    const sent = (await thrown(api.call(endpoints.accountBalance, { query: { PatientID: "1001" } }))) as Response;
    expect(sent.headers.get("Location")).toBe("/login");
    expect(await userOf(cookie)).toBeUndefined();
  });

  it("a practice call failing for any other reason is thrown on, and the session is kept", async () => {
    // An address the practice client cannot read: the call fails before any request.
    const cookie = await browserWith({ user: user({ apiBase: "not an address" }) });
    const { api } = await sessions.openSession(page("/accounts", cookie));
    await expect(api.call(endpoints.accountBalance, { query: { PatientID: "1001" } })).rejects.toBeInstanceOf(TypeError);
    expect(await userOf(cookie)).toEqual(user({ apiBase: "not an address" }));
  });

  it("a practice call the practice refuses for another reason (not for this patient, 403) is thrown on, and the session is kept", async () => {
    const practice = createServer((_request, response) => {
      response.statusCode = 403;
      response.end();
    });
    await new Promise<void>((resolve) => practice.listen(0, "127.0.0.1", resolve));
    try {
      const apiBase = `http://127.0.0.1:${(practice.address() as AddressInfo).port}/api/`;
      const cookie = await browserWith({ user: user({ apiBase }) });
      const { api } = await sessions.openSession(page("/accounts", cookie));
      await expect(api.call(endpoints.accountBalance, { query: { PatientID: "1001" } })).rejects.toMatchObject({ kind: "forbidden" });
      expect(await userOf(cookie)).toEqual(user({ apiBase }));
    } finally {
      await new Promise((resolve) => practice.close(resolve));
    }
  });

  it("endOtherSessions and readPracticeAgain of the signed-in session act for it", async () => {
    const cookie = await browserWith({ user: user() });
    const other = await browserWith({ user: user() });
    const signedIn = await sessions.openSession(page("/profile", cookie));
    await signedIn.endOtherSessions();
    expect(await userOf(other)).toBeUndefined();
    expect(await userOf(cookie)).toBeDefined();
    // What was kept of the practice starts again: a new generation, under which nothing kept before is used.
    const kept = async () => JSON.parse((await store.get(`session-reads:${signedIn.session.id}`))!) as { generation: string };
    const before = await kept();
    await signedIn.readPracticeAgain();
    expect((await kept()).generation).not.toBe(before.generation);
  });
});

describe("the signed-in shell's check alongside the page", () => {
  const ok = () => Promise.resolve(new Response("the page"));

  it("answers with the page once the token is good, the check made once for the shell and the page", async () => {
    const cookie = await browserWith({ user: user() });
    const request = page("/accounts", cookie);
    const response = await sessions.checkTokenAlongside(request, async () => {
      expect((await sessions.openSession(request)).user).toEqual(user());
      return ok();
    });
    expect(await response.text()).toBe("the page");
    expect(tokensChecked).toHaveLength(1);
  });

  it("the page's loader runs while the practice is still answering the check, which is not asked again for it", async () => {
    let answer: (valid: boolean) => void = () => undefined;
    const answered = new Promise<boolean>((resolve) => (answer = resolve));
    // The shell's check waits for the practice; any other check would be answered at once.
    tokenAnswer = () => (tokensChecked.length === 1 ? answered : Promise.resolve(true));
    const cookie = await browserWith({ user: user() });
    const request = page("/accounts", cookie);
    const response = await sessions.checkTokenAlongside(request, async () => {
      const signedIn = await sessions.openSession(request);
      answer(true);
      expect(signedIn.user).toEqual(user());
      return ok();
    });
    expect(await response.text()).toBe("the page");
    expect(tokensChecked).toEqual(["token-1"]);
  });

  it("a token the practice no longer accepts sends the browser to sign in in place of the page", async () => {
    tokenAnswer = async () => false;
    const cookie = await browserWith({ user: user() });
    const next = vi.fn(ok);
    const sent = (await thrown(sessions.checkTokenAlongside(page("/accounts", cookie), next))) as Response;
    expect(sent.headers.get("Location")).toBe("/login");
    expect(await userOf(cookie)).toBeUndefined();
  });

  it("a form posted after the session ended goes to its action, which answers for it", async () => {
    const next = vi.fn(ok);
    const response = await sessions.checkTokenAlongside(page("/profile", undefined, { method: "POST" }), next);
    expect(next).toHaveBeenCalledOnce();
    expect(await response.text()).toBe("the page");
  });

  it("a form posted in a session whose token the practice no longer accepts is sent to sign in all the same", async () => {
    tokenAnswer = async () => false;
    const cookie = await browserWith({ user: user() });
    const sent = (await thrown(sessions.checkTokenAlongside(page("/profile", cookie, { method: "POST" }), ok))) as Response;
    expect(sent.headers.get("Location")).toBe("/login");
  });

  it("a page asked for with no session is sent to sign in, its loader never run", async () => {
    const next = vi.fn(ok);
    const sent = (await thrown(sessions.checkTokenAlongside(page("/profile"), next))) as Response;
    expect(sent.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
    expect(((await thrown(sessions.checkTokenAlongside(page("/profile", undefined, { method: "HEAD" }), next))) as Response).status).toBe(302);
    expect(next).not.toHaveBeenCalled();
  });
});

describe("a device's last seen", () => {
  it("a signed-in request on a device tells the store once per interval, with the holder, the device and the time", async () => {
    const cookie = await browserWith({ user: user({ deviceId: "laptop" }) });
    const request = page("/", cookie);
    await sessions.openSession(request);
    await sessions.devicesSeen();
    expect(seen).toEqual([{ holderKey: accountHolderKey(PRACTICE, "1001"), deviceId: "laptop", request, at: new Date(START) }]);
    after(4 * 60 * 1000);
    await sessions.openSession(page("/profile", cookie));
    await sessions.devicesSeen();
    expect(seen).toHaveLength(1);
    after(60 * 1000);
    await sessions.openSession(page("/profile", cookie));
    await sessions.devicesSeen();
    expect(seen.map((s) => s.at)).toEqual([new Date(START), new Date(START + 5 * 60 * 1000)]);
  });

  it("of several requests at once, one tells it", async () => {
    const cookie = await browserWith({ user: user({ deviceId: "laptop" }) });
    await Promise.all([1, 2, 3].map((n) => sessions.openSession(page(`/page-${n}`, cookie))));
    await sessions.devicesSeen();
    expect(seen).toHaveLength(1);
  });

  it("nothing is told for a session with no device, before the token is good, or with none to tell", async () => {
    const noDevice = await browserWith({ user: user() });
    await sessions.openSession(page("/", noDevice));
    tokenAnswer = async () => false;
    const refused = await browserWith({ user: user({ deviceId: "laptop" }) });
    await thrown(sessions.openSession(page("/", refused)));
    await sessions.devicesSeen();
    expect(seen).toEqual([]);
    tokenAnswer = async () => true;
    sessions = build(false);
    await sessions.openSession(page("/", await browserWith({ user: user({ deviceId: "laptop" }) })));
    await sessions.devicesSeen();
    expect(seen).toEqual([]);
  });

  it("a session ended before its turn is claimed tells nothing, and is no error", async () => {
    const logged = vi.spyOn(observability().logger, "error");
    const cookie = await browserWith({ user: user({ deviceId: "laptop" }) });
    const id = (await sessions.getSession(page("/", cookie))).id;
    // The request reads the session; by the time the turn is taken, it has been signed out elsewhere.
    let reads = 0;
    const deleting = vi.spyOn(store, "get").mockImplementation(async (key) => (key === `session:${id}` && ++reads > 1 ? null : MemoryStateStore.prototype.get.call(store, key)));
    await sessions.openSession(page("/", cookie));
    await sessions.devicesSeen();
    deleting.mockRestore();
    expect(seen).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
  });

  it("a request in a session's last moment whose turn is claimed once its 12 hours have ended tells nothing", async () => {
    const cookie = await browserWith({ user: user({ deviceId: "laptop" }) });
    const id = (await sessions.getSession(page("/", cookie))).id;
    // A session signed in 11 h 59 min ago: a minute left.
    const entry = JSON.parse((await store.get(`session:${id}`))!) as { data: unknown; endsAt: number };
    const endsAt = Date.now() + 60_000;
    await store.set(`session:${id}`, JSON.stringify({ ...entry, endsAt }), IDLE_MS);
    // The request reads the session in its last minute; by the time the turn is taken, the 12 hours are up,
    // and another process still holds it then, written late (its clock behind this one's).
    let reads = 0;
    const reading = vi.spyOn(store, "get").mockImplementation(async (key) => {
      const raw = await MemoryStateStore.prototype.get.call(store, key);
      if (key === `session:${id}` && ++reads > 1) {
        vi.setSystemTime(endsAt);
        await store.set(key, raw!, IDLE_MS);
      }
      return raw;
    });
    await sessions.openSession(page("/", cookie));
    await sessions.devicesSeen();
    reading.mockRestore();
    expect(reads).toBe(2);
    expect(seen).toEqual([]);
  });

  it("a store that fails while the turn is claimed is logged by its kind alone, and the request is not failed", async () => {
    const logged = vi.spyOn(observability().logger, "error").mockImplementation(() => undefined);
    const cookie = await browserWith({ user: user({ deviceId: "laptop" }) });
    const claiming = vi
      .spyOn(store, "compareAndSet")
      .mockImplementation(async (key, ...rest) => (key.startsWith("session:") ? Promise.reject(Object.assign(new Error("redis gone"), { name: "ReplyError" })) : MemoryStateStore.prototype.compareAndSet.call(store, key, ...rest)));
    expect((await sessions.openSession(page("/", cookie))).user.deviceId).toBe("laptop");
    await sessions.devicesSeen();
    claiming.mockRestore();
    expect(seen).toEqual([]);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ kind: "devices", operation: "last-seen", error: "ReplyError" }), "device last seen not claimed");
  });

  it("a failure that is not an Error is logged as unknown, never as what was thrown", async () => {
    const logged = vi.spyOn(observability().logger, "error").mockImplementation(() => undefined);
    const cookie = await browserWith({ user: user({ deviceId: "laptop" }) });
    const claiming = vi.spyOn(store, "compareAndSet").mockImplementation(async (key, ...rest) => (key.startsWith("session:") ? Promise.reject("connection to 10.0.0.5 lost") : MemoryStateStore.prototype.compareAndSet.call(store, key, ...rest)));
    await sessions.openSession(page("/", cookie));
    await sessions.devicesSeen();
    claiming.mockRestore();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ kind: "devices", operation: "last-seen", error: "unknown" }), "device last seen not claimed");
  });
});

describe("isSignInRedirect", () => {
  it("is openSession's redirect to sign in, and no other reply", () => {
    expect(isSignInRedirect(new Response(null, { status: 302, headers: { Location: "/login?redirectTo=%2F" } }))).toBe(true);
    expect(isSignInRedirect(new Response(null, { status: 300, headers: { Location: "/login" } }))).toBe(true);
    expect(isSignInRedirect(new Response(null, { status: 399, headers: { Location: "/login" } }))).toBe(true);
    expect(isSignInRedirect(new Response(null, { status: 302, headers: { Location: "/" } }))).toBe(false);
    expect(isSignInRedirect(new Response(null, { status: 302 }))).toBe(false);
    expect(isSignInRedirect(new Response(null, { status: 200, headers: { Location: "/login" } }))).toBe(false);
    expect(isSignInRedirect(new Response(null, { status: 400, headers: { Location: "/login" } }))).toBe(false);
    expect(isSignInRedirect(new Response(null, { status: 299, headers: { Location: "/login" } }))).toBe(false);
    expect(isSignInRedirect({ status: 302, headers: new Headers({ Location: "/login" }) })).toBe(false);
  });
});
