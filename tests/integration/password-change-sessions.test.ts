import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/.server/config.server";
import { actOnProfile } from "~/areas/profile/page.server";
import { createSessions, type SignedInData } from "~/.server/session.server";
import { accountSessionsKey } from "~/.server/opaque-names.server";
import { createSignInSteps } from "~/areas/sign-in/login-flow.server";
import type { FlowResult } from "~/areas/sign-in/sign-in-context.server";
import { RedisStateStore } from "~/.server/redis-state-store.server";
import { MemoryStateStore, type StateStore } from "~/.server/state-store.server";
import { SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { useMockServer } from "../helpers/mock-world";
import { startRedisServer, type RedisServer } from "../helpers/redis-server";

/**
 * A password change ends every other session of the account holder (issue 20): the profile's Change
 * Password and the forced update during sign-in, against the mock over HTTP, with sessions in each
 * kind of state store (this process's, and a real Redis). Each test has its own world, as each
 * changes a password.
 */
const mock = useMockServer();
const NEW_PASSWORD = "Kahikatea42Ab";
let redis: RedisServer;
const opened: StateStore[] = [];
let seed = 40;

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  for (const store of opened) await store.close();
  await redis?.stop();
});

const stores: [string, () => StateStore][] = [
  ["embedded", () => new MemoryStateStore()],
  ["Redis", () => new RedisStateStore(redis.url)],
];

describe.each(stores)("a password change, sessions in the %s store", (_name, open) => {
  let store: StateStore;
  let sessions: ReturnType<typeof createSessions>;
  beforeAll(() => {
    store = open();
    opened.push(store);
    sessions = createSessions(loadConfig({ NODE_ENV: "test" }), { store });
  });

  function steps() {
    const throttle = new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 10, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 });
    return createSignInSteps({ identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL, signedOutApi: mock.portalConfig.PRACTICE_API_URL, sessions, throttle, verifyCaptcha: async () => true });
  }

  const attempt = () => ({ address: "192.0.2.21", throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 10, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 }) });

  /** One browser: the cookie each step answers with is sent with the next request. */
  function browser() {
    const flow = steps();
    let cookie: string | null = null;
    const keep = (result: FlowResult) => {
      if (result.cookie) cookie = result.cookie.split(";")[0];
      return result.outcome;
    };
    const session = () => sessions.sessionStorage.getSession(cookie);
    const request = (path: string) => new Request(`http://portal.test${path}`, { headers: { ...(cookie ? { Cookie: cookie } : {}), "x-portal-client-address": "192.0.2.20" } });
    return {
      session,
      async signIn(username: string, password: string) {
        return keep(await flow.signInStep(request("/login/flow"), await session(), { username, password, captcha: null, redirectTo: "/" }));
      },
      async changePassword(password: string) {
        return keep(await flow.changePasswordStep(await session(), { password, confirm: password, agreed: true }));
      },
      async choose(accountId: string) {
        return keep(await flow.chooseAccountStep(await session(), accountId));
      },
      /** What requireSession makes of this browser's next page: its user, or where it is sent. */
      async page(): Promise<SignedInData | string> {
        return sessions.openSession(request("/profile")).then(
          (signedIn) => signedIn.user,
          (thrown: unknown) => {
            if (thrown instanceof Response) return thrown.headers.get("Location") ?? `status ${thrown.status}`;
            throw thrown;
          },
        );
      },
      requireSession: () => sessions.openSession(request("/profile")),
      async logOut() {
        cookie = (await sessions.sessionStorage.destroySession(await session())).split(";")[0];
      },
      /** A session that was signed in some other way (before the practice flagged the password). */
      async adopt(user: SignedInData) {
        const fresh = await sessions.sessionStorage.getSession();
        fresh.set("user", user);
        cookie = (await sessions.sessionStorage.commitSession(fresh)).split(";")[0];
      },
    };
  }

  const changePasswordForm = (password: string, current: string) => {
    const form = new FormData();
    form.set("intent", "change-password");
    form.set("current", current);
    form.set("password", password);
    form.set("confirm", password);
    return form;
  };

  it("on the profile signs out the account holder's other sessions, keeps this one, and no other account's", async () => {
    const world = await mock.createWorld({ scenario: "default", seed: ++seed });
    const solo = world.user("solo");
    const family = world.user("family");
    const [here, elsewhere, another, otherAccount] = [browser(), browser(), browser(), browser()];
    for (const b of [here, elsewhere, another]) expect(await b.signIn(solo.username, solo.password)).toMatchObject({ kind: "signedIn" });
    const chooser = await otherAccount.signIn(family.username, family.password);
    if (chooser.kind !== "chooseAccount") throw new Error(`expected the chooser, got ${chooser.kind}`);
    expect(await otherAccount.choose(chooser.accounts[0].id)).toMatchObject({ kind: "signedIn" });

    expect(await actOnProfile(await here.requireSession(), changePasswordForm(NEW_PASSWORD, solo.password), attempt())).toMatchObject({ intent: "change-password", ok: true });

    expect(await elsewhere.page()).toBe("/login?redirectTo=%2Fprofile");
    expect(await another.page()).toBe("/login?redirectTo=%2Fprofile");
    expect(await here.page()).toMatchObject({ username: solo.username });
    expect(await otherAccount.page()).toMatchObject({ username: family.username });
    // Signing out afterwards still works, and signing in takes the new password.
    await here.logOut();
    expect(await here.page()).toBe("/login?redirectTo=%2Fprofile");
    expect(await elsewhere.signIn(solo.username, NEW_PASSWORD)).toMatchObject({ kind: "signedIn" });
  });

  it("refused by the practice ends nothing", async () => {
    const world = await mock.createWorld({ scenario: "default", seed: ++seed });
    const solo = world.user("solo");
    const [here, elsewhere] = [browser(), browser()];
    for (const b of [here, elsewhere]) await b.signIn(solo.username, solo.password);
    // The practice refuses a new password equal to the current one.
    expect(await actOnProfile(await here.requireSession(), changePasswordForm(solo.password, solo.password), attempt())).toMatchObject({ ok: false });
    expect(await elsewhere.page()).toMatchObject({ username: solo.username });
  });

  it("forced during sign-in ends the account's other sessions, signed in or half-way, and signs this one in", async () => {
    const world = await mock.createWorld({ scenario: "default", seed: ++seed });
    const reset = world.user("reset");
    const practice = await world.signIn("reset");
    const signedInBefore = browser();
    await signedInBefore.adopt({ token: practice.token, apiBase: practice.apiBase, userId: practice.id, parentId: practice.id, proxy: "No", username: reset.username, userName: "Reset", parentName: "Reset" });
    expect(await signedInBefore.page()).toMatchObject({ username: reset.username });
    const [here, atThePanel] = [browser(), browser()];
    for (const b of [here, atThePanel]) expect(await b.signIn(reset.username, reset.password)).toEqual({ kind: "passwordUpdate" });

    expect(await here.changePassword(NEW_PASSWORD)).toMatchObject({ kind: "signedIn" });

    expect(await signedInBefore.page()).toBe("/login?redirectTo=%2Fprofile");
    expect(await atThePanel.changePassword("Another-Password-2031")).toMatchObject({ kind: "expired" });
    expect(await here.page()).toMatchObject({ username: reset.username });
  });

  it("finds the sessions whose ids changed at every sign-in step, and none that were signed out", async () => {
    const world = await mock.createWorld({ scenario: "default", seed: ++seed });
    const family = world.user("family");
    const [stays, leaves] = [browser(), browser()];
    for (const b of [stays, leaves]) {
      const chooser = await b.signIn(family.username, family.password);
      if (chooser.kind !== "chooseAccount") throw new Error(`expected the chooser, got ${chooser.kind}`);
      expect(await b.choose(chooser.accounts[0].id)).toMatchObject({ kind: "signedIn" });
    }
    await leaves.logOut();
    const session = await stays.session();
    const user = session.get("user")!;
    // The set holds exactly the one live session: not the ids it had before choosing, nor the one signed out.
    expect(await store.takeMembers(accountSessionsKey(user.apiBase, user.parentId))).toEqual([session.id]);
  });
});
