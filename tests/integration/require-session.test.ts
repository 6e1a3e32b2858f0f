import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "~/.server/config.server";
import { logout } from "~/.server/practice/auth.server";
import { createSessions, type SignedInData } from "~/.server/session.server";
import { errorsTexts } from "~/lib/texts/errors";
import { endpoints } from "@contract/endpoints";
import { useMockServer, type TestWorld } from "../helpers/mock-world";

/** requireSession (1§4 token validation) against the mock over HTTP, with a session store of its own. */
const mock = useMockServer();
const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
let world: TestWorld;

beforeAll(async () => {
  world = await mock.createWorld({ scenario: "default", seed: 23 });
});

/** A browser signed in as solo: the cookie of a session holding the practice token. */
async function signedIn(): Promise<{ cookie: string; user: SignedInData }> {
  const s = await world.signIn("solo");
  const user: SignedInData = { token: s.token, apiBase: s.apiBase, userId: s.id, parentId: s.id, proxy: "No", username: world.user("solo").username, userName: "Solo", parentName: "Solo" };
  const session = await sessions.sessionStorage.getSession();
  session.set("user", user);
  return { cookie: (await sessions.sessionStorage.commitSession(session)).split(";")[0], user };
}

const page = (path: string, cookie?: string) => new Request(`http://portal.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });

async function redirectOf(promise: Promise<unknown>): Promise<Response> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return thrown as Response;
}

describe("requireSession", () => {
  it("with no session, redirects to /login with the page to come back to", async () => {
    const response = await redirectOf(sessions.openSession(page("/accounts?page=2")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccounts%3Fpage%3D2");
    // The dashboard is where sign-in goes anyway.
    expect((await redirectOf(sessions.openSession(page("/")))).headers.get("Location")).toBe("/login");
  });

  it("a machine's step (the step client's header) that meets no session is answered 401 { sessionEnded }, never a redirect (issue 21)", async () => {
    const step = (cookie?: string) => new Request("http://portal.test/medications/repeat", { method: "POST", headers: { "X-Portal-Step": "1", ...(cookie ? { Cookie: cookie } : {}) } });
    const response = await redirectOf(sessions.openSession(step()));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ sessionEnded: true });
    // So is one whose token the practice no longer accepts.
    const { cookie, user } = await signedIn();
    await logout(user.apiBase, user.token);
    const refused = await redirectOf(sessions.openSession(step(cookie)));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Set-Cookie")).toMatch(/^__portal=;/);
  });

  it("a document the PDF viewer fetches with that header is answered the same way; the same address opened as a page still goes to sign in", async () => {
    const documentRequest = (headers: Record<string, string>) => new Request("http://portal.test/letters/letter/L1", { headers });
    const fetched = await redirectOf(sessions.openSession(documentRequest({ "X-Portal-Step": "1" })));
    expect(fetched.status).toBe(401);
    expect(fetched.headers.get("Cache-Control")).toBe("no-store");
    expect(await fetched.json()).toEqual({ sessionEnded: true });
    const opened = await redirectOf(sessions.openSession(documentRequest({})));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toMatch(/^\/login/);
  });

  it("with a token the practice refuses, redirects to /login and ends the session", async () => {
    const { cookie, user } = await signedIn();
    await logout(user.apiBase, user.token);
    const response = await redirectOf(sessions.openSession(page("/profile", cookie)));
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__portal=;/);
    // The old cookie opens nothing any more.
    expect((await sessions.sessionStorage.getSession(cookie)).get("user")).toBeUndefined();
  });

  it("with a valid token, gives the user and an api calling the practice with it, checked once per request", async () => {
    const { cookie, user } = await signedIn();
    await world.clearRequests();
    const request = page("/accounts", cookie);
    const [first, second] = await Promise.all([sessions.openSession(request), sessions.openSession(request)]);
    expect(first).toBe(second);
    expect(first.user).toEqual(user);
    expect(await world.requests({ path: "ValidateToken" })).toHaveLength(1);
    const balance = await first.api.call(endpoints.accountBalance, { query: { PatientID: user.userId } });
    expect(typeof balance).toBe("number");
  });

  it.each([
    ["answers 503", { status: 503 }],
    ["sends a garbled reply", { body: "malformed" as const }],
    ["drops the connection", { body: "drop" as const }],
  ])("keeps the session when the token check %s: a 503 to try again, and the next request goes through", async (_what, fault) => {
    const { cookie, user } = await signedIn();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await world.fault({ path: "ValidateToken", times: 1, ...fault });
    const thrown = await sessions.openSession(page("/profile", cookie)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 503 }, data: { message: errorsTexts.tokenCheckFailed } });
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Token check failed, session kept: GET ValidateToken/));
    expect((await sessions.sessionStorage.getSession(cookie)).get("user")).toEqual(user);
    expect((await sessions.openSession(page("/profile", cookie))).user).toEqual(user);
  });

  it("a call that answers 401 later in the request also goes to /login and ends the session", async () => {
    const { cookie, user } = await signedIn();
    const { api } = await sessions.openSession(page("/accounts", cookie));
    await logout(user.apiBase, user.token);
    const response = await redirectOf(api.call(endpoints.accountBalance, { query: { PatientID: user.userId } }));
    expect(response.headers.get("Location")).toBe("/login");
    expect((await sessions.sessionStorage.getSession(cookie)).get("user")).toBeUndefined();
  });
});
