import { beforeAll, describe, expect, it } from "vitest";
import { switchAccount, type SwitchDeps } from "~/areas/account-switch/page.server";
import { loadConfig } from "~/.server/config.server";
import { createSessions } from "~/.server/session.server";
import { viewingKeyOf } from "~/.server/viewing-claims.server";
import { linkedAccountsOf } from "~/.server/linked-accounts.server";
import { accountSwitchTexts } from "~/lib/texts/account-switch";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";

/**
 * Switch account (decisions/160) against the mock over HTTP: the practice's list of linked accounts
 * is the authority, read again at the switch; the session id changes; anything else is refused.
 */
const mock = useMockServer();
const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
const deps: SwitchDeps = { openSession: sessions.openSession, sessions };
let world: TestWorld;

beforeAll(async () => {
  world = await mock.createWorld({ scenario: "default", seed: 31 });
});

const post = (cookie: string, account: string) =>
  new Request("http://portal.test/account/switch", { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ account }) });

async function statusOf(reply: unknown): Promise<{ status: number; body: unknown }> {
  // React Router's data(): { type: "DataWithResponseInit", data, init }.
  const init = (reply as { init?: { status?: number } }).init;
  return { status: init?.status ?? 200, body: (reply as { data?: unknown }).data };
}

describe("switch account", () => {
  it("views a linked account in a new session, and goes back to the holder's own record", async () => {
    const { practice, cookie } = await signedInToPortal(sessions, world, "family");
    const accounts = await linkedAccountsOf(practice.api, practice.id);
    const child = accounts.find((a) => a.relationship === "Child")!;
    expect(child).toBeTruthy();

    const reply = await switchAccount(post(cookie, child.id), deps);
    expect(reply).toBeInstanceOf(Response);
    const response = reply as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const next = response.headers.get("Set-Cookie")!.split(";")[0];
    expect(next).not.toBe(cookie);
    // The old id opens nothing any more (decisions/001: the id changes at a change of privilege).
    expect((await sessions.sessionStorage.getSession(cookie)).get("user")).toBeUndefined();
    const viewing = (await sessions.sessionStorage.getSession(next)).get("user")!;
    expect(viewing).toMatchObject({ userId: child.id, parentId: practice.id, proxy: "Yes", userName: child.name, linked: true });

    const back = (await switchAccount(post(next, practice.id), deps)) as Response;
    const own = (await sessions.sessionStorage.getSession(back.headers.get("Set-Cookie")!.split(";")[0])).get("user")!;
    expect(own).toMatchObject({ userId: practice.id, parentId: practice.id, proxy: "No" });
  });

  it("refuses an account the practice does not list for this login, and the session stays as it was", async () => {
    const { cookie, user } = await signedInToPortal(sessions, world, "family");
    const stranger = await world.signIn("solo");
    for (const forged of [stranger.id, "", "Patient/1"]) {
      const { status, body } = await statusOf(await switchAccount(post(cookie, forged), deps));
      expect(status).toBe(403);
      expect(body).toEqual({ ok: false, message: accountSwitchTexts.notLinked });
    }
    expect((await sessions.sessionStorage.getSession(cookie)).get("user")).toEqual(user);
  });

  it("lets a login without linked accounts view only its own record", async () => {
    const { cookie, practice } = await signedInToPortal(sessions, world, "solo");
    const family = await world.signIn("family");
    expect((await statusOf(await switchAccount(post(cookie, family.id), deps))).status).toBe(403);
    const own = (await switchAccount(post(cookie, practice.id), deps)) as Response;
    expect(own.status).toBe(302);
  });

  it("refuses a step posted by a tab that still shows the person viewed before a switch", async () => {
    const { cookie, user } = await signedInToPortal(sessions, world, "family");
    const step = (viewing: string) => new Request("http://portal.test/medications/repeat", { method: "POST", headers: { Cookie: cookie, "X-Portal-Viewing": viewing } });
    expect((await sessions.openSession(step(viewingKeyOf(user)))).user.userId).toBe(user.userId);
    const stale = await sessions.openSession(step(viewingKeyOf({ ...user, userId: "someone-else" }))).then(
      () => null,
      (error: unknown) => error as { init?: { status?: number } },
    );
    expect(stale?.init?.status).toBe(409);
  });
});
