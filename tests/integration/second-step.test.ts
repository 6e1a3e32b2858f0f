import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityPost } from "../helpers/steps";
import { listAccess } from "~/.server/access-entries.server";
import { loadConfig } from "~/.server/config.server";
import { smtpSender, type Mail } from "~/.server/sign-in-security/mail.server";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import { CODE_TTL_MS, SECOND_STEP_LIMITS, SecondStepUnavailable, secondStepStore, secondStepThrottle, type SecondStepStore } from "~/.server/sign-in-security/second-step.server";
import { createSessions } from "~/.server/session.server";
import { accountHolderKey, anonymousSessionId } from "~/.server/opaque-names.server";
import { createSignInSteps } from "~/areas/sign-in/login-flow.server";
import { expired, type FlowResult } from "~/areas/sign-in/sign-in-context.server";
import { AttemptThrottle, SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { secondStepTexts } from "~/lib/texts/second-step";
import { signInTexts } from "~/areas/sign-in/texts";
import { securityMailTexts } from "~/.server/sign-in-security/security-mail-texts";
import { MemoryStateStore } from "~/.server/state-store.server";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { openEmbeddedTestStore, openPostgresTestStore } from "../helpers/test-stores";

/**
 * The second step at sign-in (issue 31, decisions/277), over HTTP: the sign-in steps against the mock
 * practice, codes e-mailed through SMTP to the mock's mail catcher and read back from its admin API,
 * the codes kept in the portal's store. The store's rules run against both stores: the embedded PGlite
 * and the run's PostgreSQL. It makes its store the process's (the access record is written through
 * it) and hands it back when it ends (vitest.config.ts).
 */

const mock = useMockServer({ smtpPort: 0 });
const stores: PortalStore[] = [];
let embedded: PortalStore;
let world: TestWorld;

beforeAll(async () => {
  embedded = await openEmbeddedTestStore();
  stores.push(embedded);
  sharePortalStore(embedded);
  world = await mock.createWorld({ scenario: "default", seed: 31 });
}, 120_000);
afterAll(async () => {
  unsharePortalStore(embedded);
  for (const store of stores) await store.close().catch(() => undefined);
}, 60_000);

const HOLDER = "holderaaaaaaaaaaaaaaaa1";
const otherThan = (code: string) => (code === "000000" ? "111111" : "000000");
const OTHER = "holderbbbbbbbbbbbbbbbb2";

describe.each(["embedded", "postgres"] as const)("the second step's store (%s)", (kind) => {
  let codes: SecondStepStore;
  beforeAll(async () => {
    const store = kind === "embedded" ? embedded : await openPostgresTestStore("second_step");
    if (kind === "postgres") stores.push(store);
    codes = secondStepStore(() => store);
  }, 60_000);

  it("an e-mailed code works once, for its holder only, until it expires; a newer code replaces it", async () => {
    const now = new Date("2026-11-26T01:00:00Z");
    const first = await codes.issueEmailCode(HOLDER, "sign-in", now);
    const code = await codes.issueEmailCode(HOLDER, "sign-in", now);
    if (first !== code) expect(await codes.useEmailCode(HOLDER, "sign-in", first, now)).toBe("wrong");
    expect(await codes.useEmailCode(OTHER, "sign-in", code, now)).toBe("wrong");
    expect(await codes.useEmailCode(HOLDER, "sign-in", code, new Date(now.getTime() + CODE_TTL_MS))).toBe("expired");
    expect(await codes.useEmailCode(HOLDER, "sign-in", code, new Date(now.getTime() + CODE_TTL_MS - 1))).toBe("accepted");
    expect(await codes.useEmailCode(HOLDER, "sign-in", code, now)).toBe("wrong");
  });

  it("two requests racing with the same code: exactly one passes", async () => {
    const code = await codes.issueEmailCode(HOLDER, "sign-in");
    const verdicts = await Promise.all(Array.from({ length: 6 }, () => codes.useEmailCode(HOLDER, "sign-in", code)));
    expect(verdicts.filter((v) => v === "accepted")).toHaveLength(1);
  });

  it("turning on makes ten recovery codes, each usable once, by their holder; new ones replace them; turning off ends them", async () => {
    expect(await codes.status(HOLDER)).toEqual({ on: false, recoveryCodesLeft: 0 });
    const made = await codes.turnOn(HOLDER);
    expect(await codes.status(HOLDER)).toEqual({ on: true, recoveryCodesLeft: 10 });
    expect(await codes.useRecoveryCode(OTHER, made[0])).toBe(false);
    expect(await codes.useRecoveryCode(HOLDER, made[0].toLowerCase().replace("-", " "))).toBe(true);
    expect(await codes.useRecoveryCode(HOLDER, made[0])).toBe(false);
    expect(await codes.status(HOLDER)).toEqual({ on: true, recoveryCodesLeft: 9 });
    const again = await codes.replaceRecoveryCodes(HOLDER);
    expect(await codes.useRecoveryCode(HOLDER, made[1])).toBe(false);
    expect(await codes.status(HOLDER)).toEqual({ on: true, recoveryCodesLeft: 10 });
    await codes.turnOff(HOLDER);
    expect(await codes.status(HOLDER)).toEqual({ on: false, recoveryCodesLeft: 0 });
    expect(await codes.useRecoveryCode(HOLDER, again[0])).toBe(false);
  });
});

describe("signing in with the second step", () => {
  const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
  const sent: Mail[] = [];
  let store: SecondStepStore;

  beforeAll(() => {
    store = secondStepStore(() => embedded);
  });

  function portal({ required = false, codes = store, sends = 50 } = {}) {
    const smtp = smtpSender(`smtp://127.0.0.1:${mock.server.smtpPort}`, "Patient Portal <no-reply@portal.invalid>");
    return createSignInSteps({
      identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL,
      signedOutApi: mock.portalConfig.PRACTICE_API_URL,
      sessions,
      throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 10, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 }),
      verifyCaptcha: async () => true,
      secondStep: {
        store: codes,
        attempts: secondStepThrottle(new MemoryStateStore()),
        sends: new AttemptThrottle({ perAccount: sends, perAddress: 50 }, new MemoryStateStore(), "send:"),
        sendMail: async (mail) => {
          sent.push(mail);
          await smtp(mail);
        },
        required,
      },
    });
  }

  function browser(steps: ReturnType<typeof portal>) {
    let cookie: string | null = null;
    const session = () => sessions.sessionStorage.getSession(cookie);
    const keep = (result: FlowResult) => {
      if (result.cookie) cookie = result.cookie.split(";")[0];
      return result.outcome;
    };
    const request = () => new Request("http://portal.test/login/flow", { method: "POST", headers: { "x-portal-client-address": "192.0.2.31", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" } });
    return {
      session,
      signIn: async (username: string, password: string) => keep(await steps.signInStep(request(), await session(), { username, password, captcha: null, redirectTo: "/" })),
      code: async (code: string, recovery = false) => keep(await steps.secondStepCode(request(), await session(), { code, recovery })),
      resend: async () => keep(await steps.resendCodeStep(request(), await session())),
      continue: async () => keep(await steps.continueStep(await session())),
      changePassword: async (password: string) => keep(await steps.changePasswordStep(await session(), { password, confirm: password, agreed: true })),
      choose: async (account: string) => keep(await steps.chooseAccountStep(await session(), account)),
      signedIn: async () => (await session()).get("user") !== undefined,
    };
  }

  /** The store, on the embedded store while `down` is false; a query while it is true fails as a store that does not answer. */
  function failingStore() {
    const state = { down: false };
    return { state, codes: secondStepStore(() => (state.down ? undefined : embedded)) };
  }

  /** The newest code the mock's catcher holds for this address, as the admin API shows it. */
  async function caughtCode(to: string): Promise<string> {
    const res = await mock.admin(`/worlds/${world.id}/mail?to=${encodeURIComponent(to)}`);
    const { mail } = (await res.json()) as { mail: { subject: string; body: string }[] };
    const last = mail.at(-1);
    expect(last?.subject).toBe(secondStepTexts.mailSubject);
    return /\b(\d{6})\b/.exec(last!.body)![1];
  }

  const holderKeyOf = async (label: string) => {
    const b = browser(portal());
    // Signed in without a second step, to learn the holder's practice address and id.
    expect(await b.signIn(world.user(label).username, world.user(label).password)).toMatchObject({ kind: expect.stringMatching(/signedIn|chooseAccount/) });
    const s = await b.session();
    const user = s.get("user");
    const pending = s.get("pending");
    return accountHolderKey(user?.apiBase ?? pending!.apiBase, user?.parentId ?? pending!.patientId);
  };

  it("asks for the code e-mailed to the sign-in address; the session reaches no record until it is given", async () => {
    const user = world.user("solo");
    const key = await holderKeyOf("solo");
    await store.turnOn(key);
    const b = browser(portal());
    const asked = await b.signIn(user.username, user.password);
    expect(asked).toEqual({ kind: "secondStep", to: expect.stringMatching(/^s•••@/), setup: false, resent: false });
    expect(await b.signedIn()).toBe(false);
    const code = await caughtCode(user.username);
    expect(sent.at(-1)?.to).toBe(user.username);

    expect(await b.code("000000" === code ? "111111" : "000000")).toEqual({ kind: "refused", message: secondStepTexts.wrongCode });
    expect(await b.code("12 34")).toEqual({ kind: "refused", message: secondStepTexts.codeShape });
    expect(await b.signedIn()).toBe(false);
    expect(await b.code(code)).toEqual({ kind: "signedIn", redirectTo: "/" });
    expect(await b.signedIn()).toBe(true);

    // Used once: the same code at the next sign-in is wrong.
    const again = browser(portal());
    await again.signIn(user.username, user.password);
    expect(await again.code(code)).toMatchObject({ kind: "refused" });
    await embedded.settled();
    const entries = await listAccess({ practice: (await b.session()).get("user")!.apiBase, patientId: (await b.session()).get("user")!.parentId });
    expect(entries.entries.map((e) => e.action)).toEqual(expect.arrayContaining(["second-step-failed"]));
    // An e-mailed code is not recorded as a recovery code used, nor as a passkey's recovery (no passkey was asked for).
    expect(entries.entries.map((e) => e.action)).not.toContain("recovery-code-used");
    expect(entries.entries.map((e) => e.action)).not.toContain("passkey-recovery");
    // Never a code in the record: only closed sets and ids.
    expect(JSON.stringify(entries)).not.toContain(code);
    await store.turnOff(key);
  });

  it("a code for another account is refused; a new code replaces the old; too many wrong codes pause the account", async () => {
    const solo = world.user("solo");
    const empty = world.user("empty");
    const [soloKey, emptyKey] = [await holderKeyOf("solo"), await holderKeyOf("empty")];
    await store.turnOn(soloKey);
    await store.turnOn(emptyKey);
    const a = browser(portal());
    const b = browser(portal());
    await a.signIn(solo.username, solo.password);
    await b.signIn(empty.username, empty.password);
    const emptysCode = await caughtCode(empty.username);
    expect(await a.code(emptysCode)).toMatchObject({ kind: "refused" });
    expect(await a.signedIn()).toBe(false);

    const first = await caughtCode(solo.username);
    expect(await a.resend()).toEqual({ kind: "secondStep", to: expect.any(String), setup: false, resent: true });
    const second = await caughtCode(solo.username);
    if (first !== second) expect(await a.code(first)).toEqual({ kind: "refused", message: secondStepTexts.wrongCode });

    const wrong = second === "999999" ? "888888" : "999999";
    for (let i = 0; i < SECOND_STEP_LIMITS.perAccount; i++) await a.code(wrong);
    // Even the right code waits now: the pause is the account's.
    expect(await a.code(second)).toEqual({ kind: "refused", message: secondStepTexts.tooManyAttempts });
    expect(await a.signedIn()).toBe(false);
    await store.turnOff(soloKey);
    await store.turnOff(emptyKey);
  });

  it("a recovery code is taken instead of the e-mailed one, once", async () => {
    const user = world.user("solo");
    const key = await holderKeyOf("solo");
    const recovery = await store.turnOn(key);
    const b = browser(portal());
    await b.signIn(user.username, user.password);
    expect(await b.code("ABCDE-FGHJK", true)).toEqual({ kind: "refused", message: secondStepTexts.wrongRecoveryCode });
    const halfWay = (await b.session()).id;
    expect(await b.code(recovery[3], true)).toEqual({ kind: "signedIn", redirectTo: "/" });
    const { apiBase, parentId } = (await b.session()).get("user")!;
    const used = async () => {
      await embedded.settled();
      return (await listAccess({ practice: apiBase, patientId: parentId })).entries.filter((e) => e.action === "recovery-code-used");
    };
    // Recorded once, by the session the code was given in.
    expect((await used()).filter((e) => e.sessionId === anonymousSessionId(halfWay))).toHaveLength(1);
    const usedOnce = (await used()).length;
    const c = browser(portal());
    await c.signIn(user.username, user.password);
    expect(await c.code(recovery[3], true)).toEqual({ kind: "refused", message: secondStepTexts.wrongRecoveryCode });
    expect((await store.status(key)).recoveryCodesLeft).toBe(9);
    expect(await used(), "a refused code is no use").toHaveLength(usedOnce);
    await store.turnOff(key);
  });

  it("the new-password panel is no way round the second step: it waits until the code is given", async () => {
    const user = world.user("reset");
    const first = browser(portal());
    expect(await first.signIn(user.username, user.password)).toEqual({ kind: "passwordUpdate" });
    const pending = (await first.session()).get("pending")!;
    const key = accountHolderKey(pending.apiBase, pending.patientId);
    await store.turnOn(key);
    const b = browser(portal());
    expect(await b.signIn(user.username, user.password)).toMatchObject({ kind: "secondStep" });
    await world.clearRequests();
    expect(await b.changePassword("Harbour-Light-2031")).toEqual({ kind: "expired", message: signInTexts.signInExpired });
    expect(await world.requests({ path: "Patient/ChangePassword" })).toEqual([]);
    expect(await b.code(await caughtCode(user.username))).toEqual({ kind: "passwordUpdate" });
    expect(await b.signedIn()).toBe(false);
    expect(await b.changePassword("Harbour-Light-2031")).toEqual({ kind: "signedIn", redirectTo: "/" });
    await store.turnOff(key);
  });

  it("the account chooser and every signed-in route's guard refuse the half-signed-in session", async () => {
    const user = world.user("family");
    const key = await holderKeyOf("family");
    await store.turnOn(key);
    const b = browser(portal());
    expect(await b.signIn(user.username, user.password)).toMatchObject({ kind: "secondStep" });
    const holderId = (await b.session()).get("pending")!.patientId;
    expect(await b.choose(holderId)).toEqual({ kind: "expired", message: signInTexts.signInExpired });
    const c = browser(portal());
    await c.signIn(user.username, user.password);
    const cookie = (await sessions.sessionStorage.commitSession(await c.session())).split(";")[0];
    const refused = await sessions.openSession(new Request("http://portal.test/profile", { headers: { Cookie: cookie } })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
    await store.turnOff(key);
  });

  it("with the store not answering after the password, nobody is let through: the sign-in stops in words and the practice's token is given back", async () => {
    const user = world.user("solo");
    const { state, codes } = failingStore();
    const b = browser(portal({ codes }));
    state.down = true;
    await world.clearRequests();
    expect(await b.signIn(user.username, user.password)).toEqual({ kind: "failed", message: secondStepTexts.unavailable });
    expect(await b.signedIn()).toBe(false);
    expect((await b.session()).get("pending")).toBeUndefined();
    expect(await world.requests({ path: "Patient/Logout" })).toHaveLength(1);
    // The practice requiring a second step changes nothing: still nobody through.
    expect(await browser(portal({ codes, required: true })).signIn(user.username, user.password)).toEqual({ kind: "failed", message: secondStepTexts.unavailable });
  });

  it("a code that could not be checked is not counted against the holder, and lets nobody in", async () => {
    const user = world.user("solo");
    const key = await holderKeyOf("solo");
    await store.turnOn(key);
    const { state, codes } = failingStore();
    const b = browser(portal({ codes }));
    expect(await b.signIn(user.username, user.password)).toMatchObject({ kind: "secondStep" });
    const code = await caughtCode(user.username);
    state.down = true;
    for (let i = 0; i <= SECOND_STEP_LIMITS.perAccount; i++) expect(await b.code(code)).toEqual({ kind: "failed", message: secondStepTexts.unavailable });
    expect(await b.signedIn()).toBe(false);
    state.down = false;
    expect(await b.code(code)).toEqual({ kind: "signedIn", redirectTo: "/" });
    await store.turnOff(key);
  });

  it("a second step set up at sign-in that the store could not turn on lets nobody in, and shows no recovery codes", async () => {
    const user = world.user("solo");
    const key = await holderKeyOf("solo");
    const codes: SecondStepStore = {
      ...store,
      turnOn: () => Promise.reject(new SecondStepUnavailable()),
    };
    const b = browser(portal({ codes, required: true }));
    expect(await b.signIn(user.username, user.password)).toMatchObject({ kind: "secondStep", setup: true });
    expect(await b.code(await caughtCode(user.username))).toEqual({ kind: "failed", message: secondStepTexts.unavailable });
    expect(await b.signedIn()).toBe(false);
    expect(await b.continue()).toEqual({ kind: "expired", message: signInTexts.signInExpired });
    expect(await store.status(key)).toEqual({ on: false, recoveryCodesLeft: 0 });
  });

  it("a fault of the portal's own in the second step's store at the code goes up, not told as the store unavailable; a portal whose second step is off takes no code", async () => {
    const user = world.user("solo");
    const key = await holderKeyOf("solo");
    const fault = async (): Promise<never> => {
      throw new TypeError("a fault in the portal");
    };
    await store.turnOn(key);
    const b = browser(portal({ codes: { ...store, useEmailCode: fault } }));
    expect(await b.signIn(user.username, user.password)).toMatchObject({ kind: "secondStep" });
    const code = await caughtCode(user.username);
    await expect(b.code(code)).rejects.toThrow(TypeError);
    expect(await b.signedIn()).toBe(false);
    // The same sign-in pending on a portal without the second step: expired, nobody in.
    const without = createSignInSteps({
      identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL,
      signedOutApi: mock.portalConfig.PRACTICE_API_URL,
      sessions,
      throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 10, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 }),
      verifyCaptcha: async () => true,
    });
    expect((await without.secondStepCode(new Request("http://portal.test/login/flow", { method: "POST" }), await b.session(), { code, recovery: false })).outcome).toEqual(expired.outcome);
    expect(await b.signedIn()).toBe(false);
    await store.turnOff(key);

    // Setting up at sign-in: a fault as the store turns the code on goes up too.
    const setup = browser(portal({ codes: { ...store, turnOn: fault }, required: true }));
    expect(await setup.signIn(user.username, user.password)).toMatchObject({ kind: "secondStep", setup: true });
    await expect(setup.code(await caughtCode(user.username))).rejects.toThrow(TypeError);
    expect(await setup.signedIn()).toBe(false);
  });

  it("when no more codes may be sent, Send a new code is refused in words, and a sign-in stops in words with the token given back", async () => {
    const user = world.user("solo");
    const key = await holderKeyOf("solo");
    await store.turnOn(key);
    const steps = portal({ sends: 1 });
    const b = browser(steps);
    expect(await b.signIn(user.username, user.password)).toMatchObject({ kind: "secondStep", resent: false });
    expect(await b.resend()).toEqual({ kind: "refused", message: secondStepTexts.tooManySends });
    await world.clearRequests();
    const c = browser(steps);
    expect(await c.signIn(user.username, user.password)).toEqual({ kind: "failed", message: secondStepTexts.tooManySends });
    expect(await c.signedIn()).toBe(false);
    expect((await c.session()).get("pending")).toBeUndefined();
    expect(await world.requests({ path: "Patient/Logout" })).toHaveLength(1);
    await store.turnOff(key);
  });

  it("with the practice's setting, a holder without one sets up the e-mailed code at sign-in and is shown recovery codes first", async () => {
    const user = world.user("solo");
    const key = await holderKeyOf("solo");
    const b = browser(portal({ required: true }));
    expect(await b.signIn(user.username, user.password)).toMatchObject({ kind: "secondStep", setup: true });
    // No recovery codes exist yet.
    expect(await b.code("ABCDE-FGHJK", true)).toEqual({ kind: "refused", message: secondStepTexts.codeShape });
    // A new code asked for is still the setting up's.
    expect(await b.resend()).toEqual({ kind: "secondStep", to: expect.stringMatching(/^s•••@/), setup: true, resent: true });
    const shown = await b.code(await caughtCode(user.username));
    expect(shown).toMatchObject({ kind: "recoveryCodes" });
    expect(await b.signedIn()).toBe(false);
    expect(await store.status(key)).toEqual({ on: true, recoveryCodesLeft: 10 });
    expect(await b.continue()).toEqual({ kind: "signedIn", redirectTo: "/" });
    expect(await b.signedIn()).toBe(true);
    // Recorded, and the sign-in address told at once (in case it was not the holder).
    await embedded.settled();
    const signedIn = (await b.session()).get("user")!;
    const actions = (await listAccess({ practice: signedIn.apiBase, patientId: signedIn.parentId })).entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["second-step-on", "recovery-codes-made"]));
    const told = sent.filter((m) => m.to === user.username && m.subject === securityMailTexts.subject);
    expect(told.at(-1)?.text.split("\n")[0]).toBe(securityMailTexts.what({ kind: "second-step-on" }));
    await store.turnOff(key);
  });

  it("a code past its ten minutes is told as expired, and counted; the right code starts the count again", async () => {
    const user = world.user("solo");
    const key = await holderKeyOf("solo");
    await store.turnOn(key);
    const steps = portal();
    const b = browser(steps);
    await b.signIn(user.username, user.password);
    // A code e-mailed eleven minutes ago, in place of the one just sent.
    const stale = await store.issueEmailCode(key, "sign-in", new Date(Date.now() - CODE_TTL_MS - 60_000));
    expect(await b.code(stale)).toEqual({ kind: "refused", message: secondStepTexts.expiredCode });
    const wrong = otherThan(stale);
    for (let i = 2; i < SECOND_STEP_LIMITS.perAccount; i++) expect(await b.code(wrong)).toEqual({ kind: "refused", message: secondStepTexts.wrongCode });
    // One try left, and the right code takes it.
    await b.resend();
    expect(await b.code(await caughtCode(user.username))).toEqual({ kind: "signedIn", redirectTo: "/" });

    // As many wrong codes again still leave the last try.
    const c = browser(steps);
    await c.signIn(user.username, user.password);
    const code = await caughtCode(user.username);
    for (let i = 1; i < SECOND_STEP_LIMITS.perAccount; i++) expect(await c.code(otherThan(code))).toEqual({ kind: "refused", message: secondStepTexts.wrongCode });
    expect(await c.code(code)).toEqual({ kind: "signedIn", redirectTo: "/" });
    await store.turnOff(key);
  });
});

describe("changes that weaken sign-in ask for fresh proof (decisions/312)", () => {
  // The profile's own action, with the portal's own sessions, second-step store (this file's embedded
  // store, shared on globalThis) and mail, which is pointed at the mock's catcher here.
  let profile: typeof import("~/areas/profile/steps.server");
  let app: typeof import("~/.server/session.server");
  let secondStep: typeof import("~/.server/sign-in-security/second-step.server");
  beforeAll(async () => {
    [profile, app, secondStep] = await Promise.all([import("~/areas/profile/steps.server"), import("~/.server/session.server"), import("~/.server/sign-in-security/second-step.server")]);
    (secondStep.portalSecondStep as { sendMail: unknown }).sendMail = smtpSender(`smtp://127.0.0.1:${mock.server.smtpPort}`, "Patient Portal <no-reply@portal.invalid>");
  });

  async function signedIn(label: string) {
    const { signedInToPortal } = await import("../helpers/portal-cookie");
    const { user, cookie } = await signedInToPortal(app.sessions, world, label);
    const key = accountHolderKey(user.apiBase, user.parentId);
    const post = (fields: { intent: string } & Record<string, string>) => securityPost(profile.answerProfileSteps, fields, { Cookie: cookie, "x-portal-client-address": `192.0.2.${label.length}` });
    const recorded = async () => {
      await embedded.settled();
      return (await listAccess({ practice: user.apiBase, patientId: user.parentId })).entries.map((e) => e.action);
    };
    return { user, key, post, recorded };
  }

  /** The newest mail of this subject to the address, as the catcher's admin API shows it. */
  async function newest(to: string, subject: string) {
    const res = await mock.admin(`/worlds/${world.id}/mail?to=${encodeURIComponent(to)}`);
    const { mail } = (await res.json()) as { mail: { subject: string; body: string }[] };
    return mail.filter((m) => m.subject === subject).at(-1);
  }

  it("turning the e-mailed code off: refused without a code, with a wrong or an expired one (each recorded), then done with a code e-mailed for it", async () => {
    const holder = await signedIn("solo");
    await secondStep.portalSecondStep.store.turnOn(holder.key);
    const before = (await holder.recorded()).length;

    expect(await holder.post({ intent: "sign-in-security-turn-off" })).toEqual({ status: 400, reply: { ok: false, message: secondStepTexts.proofNeeded } });
    // An e-mailed code that was good, ten minutes and more ago.
    const stale = await secondStep.portalSecondStep.store.issueEmailCode(holder.key, "confirm", new Date(Date.now() - CODE_TTL_MS - 1_000));
    expect(await holder.post({ intent: "sign-in-security-turn-off", code: stale })).toEqual({ status: 400, reply: { ok: false, message: secondStepTexts.expiredCode } });

    expect(await holder.post({ intent: "sign-in-security-confirm-send" })).toEqual({ status: 200, reply: { ok: true, sentTo: expect.stringMatching(/^s•••@/) } });
    const mail = await newest(holder.user.username, secondStepTexts.confirmSubject);
    expect(mail?.body).toContain("If you did not ask for this");
    const code = /\b(\d{6})\b/.exec(mail!.body)![1];
    expect(await holder.post({ intent: "sign-in-security-turn-off", code: otherThan(code) })).toEqual({ status: 400, reply: { ok: false, message: secondStepTexts.wrongCode } });
    expect((await secondStep.portalSecondStep.store.status(holder.key)).on).toBe(true);

    expect(await holder.post({ intent: "sign-in-security-turn-off", code })).toEqual({ status: 200, reply: { ok: true, message: secondStepTexts.turnedOff } });
    expect((await secondStep.portalSecondStep.store.status(holder.key)).on).toBe(false);
    // Used once: the same code cannot make another change.
    await secondStep.portalSecondStep.store.turnOn(holder.key);
    expect(await holder.post({ intent: "sign-in-security-turn-off", code })).toMatchObject({ status: 400, reply: { ok: false } });
    const actions = (await holder.recorded()).slice(0, -before || undefined);
    expect(actions.filter((a) => a === "second-step-failed")).toHaveLength(3);
    expect(actions.filter((a) => a === "second-step-off")).toHaveLength(1);
    expect(JSON.stringify(await listAccess({ practice: holder.user.apiBase, patientId: holder.user.parentId }))).not.toContain(code);
    await secondStep.portalSecondStep.store.turnOff(holder.key);
  });

  it("new recovery codes take a recovery code as proof; another account's code is simply wrong", async () => {
    const holder = await signedIn("empty");
    const other = await signedIn("family");
    const recovery = await secondStep.portalSecondStep.store.turnOn(holder.key);
    const theirs = await secondStep.portalSecondStep.store.turnOn(other.key);
    expect(await holder.post({ intent: "sign-in-security-recovery-codes", code: theirs[0], recovery: "true" })).toEqual({ status: 400, reply: { ok: false, message: secondStepTexts.wrongRecoveryCode } });
    const made = await holder.post({ intent: "sign-in-security-recovery-codes", code: recovery[0], recovery: "true" });
    expect(made).toMatchObject({ status: 200, reply: { ok: true, codes: expect.any(Array) } });
    expect((made.reply as { codes: string[] }).codes).toHaveLength(10);
    expect(await holder.recorded()).toEqual(expect.arrayContaining(["recovery-code-used", "recovery-codes-made", "second-step-failed"]));
    // The other account's codes are untouched by the attempt.
    expect(await secondStep.portalSecondStep.store.status(other.key)).toEqual({ on: true, recoveryCodesLeft: 10 });
    await secondStep.portalSecondStep.store.turnOff(holder.key);
    await secondStep.portalSecondStep.store.turnOff(other.key);
  });
  it("removing a passkey takes the same proof; a passkey not the holder's is refused before any code is spent", async () => {
    const { portalPasskeys } = await import("~/.server/sign-in-security/passkeys.server");
    const holder = await signedIn("solo");
    const other = await signedIn("family");
    const credential = (id: string, name: string) => ({ credentialId: id.repeat(22), publicKey: "pQECAyYgASFYIB".repeat(4), counter: 0, transports: ["internal"], name });
    // A first passkey brings ten recovery codes (decisions/321), for each holder.
    expect(await portalPasskeys.store.add(holder.key, credential("A", "Home laptop"))).toEqual({ added: true, recoveryCodes: expect.any(Array) });
    expect(await portalPasskeys.store.add(other.key, credential("B", "Their phone"))).toEqual({ added: true, recoveryCodes: expect.any(Array) });
    const mine = "A".repeat(22);
    const theirs = "B".repeat(22);
    const remove = (id: string, proof: Record<string, string> = {}) => holder.post({ intent: "sign-in-security-passkey-remove", id, ...proof });

    expect(await remove(mine)).toEqual({ status: 400, reply: { ok: false, message: secondStepTexts.proofNeeded } });
    await holder.post({ intent: "sign-in-security-confirm-send" });
    const code = /\b(\d{6})\b/.exec((await newest(holder.user.username, secondStepTexts.confirmSubject))!.body)![1];
    // Another holder's passkey is not listed for this one: refused, and the code still works after.
    expect(await remove(theirs, { code })).toEqual({ status: 404, reply: { ok: false, message: passkeyTexts.notListed } });
    expect(await remove(mine, { code: otherThan(code) })).toEqual({ status: 400, reply: { ok: false, message: secondStepTexts.wrongCode } });
    expect((await portalPasskeys.store.list(holder.key)).map((p) => p.name)).toEqual(["Home laptop"]);

    expect(await secondStep.portalSecondStep.store.status(holder.key)).toEqual({ on: false, recoveryCodesLeft: 10 });
    // The holder's last passkey, with the e-mailed code off: no second step is left, and the codes go with it (decisions/321).
    expect(await remove(mine, { code })).toEqual({ status: 200, reply: { ok: true, message: passkeyTexts.removedWithCodes("Home laptop") } });
    expect(await portalPasskeys.store.list(holder.key)).toEqual([]);
    expect(await secondStep.portalSecondStep.store.status(holder.key)).toEqual({ on: false, recoveryCodesLeft: 0 });
    expect(await secondStep.portalSecondStep.store.status(other.key)).toEqual({ on: false, recoveryCodesLeft: 10 });
    expect((await portalPasskeys.store.list(other.key)).map((p) => p.name)).toEqual(["Their phone"]);
    expect(await holder.recorded()).toEqual(expect.arrayContaining(["second-step-failed", "passkey-removed"]));
    await portalPasskeys.store.remove(other.key, theirs);
  });

  it("a passkey-only holder makes new recovery codes with the same proof (a code e-mailed for it, or a recovery code); a holder with no second step has none to make", async () => {
    const { portalPasskeys } = await import("~/.server/sign-in-security/passkeys.server");
    const holder = await signedIn("solo");
    const none = await holder.post({ intent: "sign-in-security-recovery-codes", code: "ABCDE-FGHJK", recovery: "true" });
    expect(none).toEqual({ status: 400, reply: { ok: false, message: secondStepTexts.notOn } });

    const added = await portalPasskeys.store.add(holder.key, { credentialId: "C".repeat(22), publicKey: "pQECAyYgASFYIB".repeat(4), counter: 0, transports: ["internal"], name: "Phone" });
    if (!added.added || !added.recoveryCodes) throw new Error("a first passkey makes recovery codes");
    expect(await holder.post({ intent: "sign-in-security-recovery-codes" })).toEqual({ status: 400, reply: { ok: false, message: secondStepTexts.proofNeeded } });
    // The e-mailed code is off, yet a code e-mailed for this change is proof: the holder is not locked out of it.
    await holder.post({ intent: "sign-in-security-confirm-send" });
    const code = /\b(\d{6})\b/.exec((await newest(holder.user.username, secondStepTexts.confirmSubject))!.body)![1];
    const made = await holder.post({ intent: "sign-in-security-recovery-codes", code });
    expect(made).toMatchObject({ status: 200, reply: { ok: true, codes: expect.any(Array), message: secondStepTexts.newRecoveryCodes } });
    const fresh = (made.reply as { codes: string[] }).codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(added.recoveryCodes[0]);
    // The codes the passkey made stop working; a new one is proof for the next change.
    const again = await holder.post({ intent: "sign-in-security-recovery-codes", code: added.recoveryCodes[0], recovery: "true" });
    expect(again).toEqual({ status: 400, reply: { ok: false, message: secondStepTexts.wrongRecoveryCode } });
    expect(await holder.post({ intent: "sign-in-security-recovery-codes", code: fresh[0], recovery: "true" })).toMatchObject({ status: 200, reply: { ok: true } });
    await portalPasskeys.store.remove(holder.key, "C".repeat(22));
    expect(await secondStep.portalSecondStep.store.status(holder.key)).toEqual({ on: false, recoveryCodesLeft: 0 });
  });

  it("turning the e-mailed code off keeps the recovery codes while a passkey remains, and says so", async () => {
    const { portalPasskeys } = await import("~/.server/sign-in-security/passkeys.server");
    const holder = await signedIn("empty");
    const recovery = await secondStep.portalSecondStep.store.turnOn(holder.key);
    // The e-mailed code's codes are kept: a first passkey makes none beside them.
    expect(await portalPasskeys.store.add(holder.key, { credentialId: "D".repeat(22), publicKey: "pQECAyYgASFYIB".repeat(4), counter: 0, transports: ["internal"], name: "Phone" })).toEqual({ added: true, recoveryCodes: null });
    const off = await holder.post({ intent: "sign-in-security-turn-off", code: recovery[0], recovery: "true" });
    expect(off).toEqual({ status: 200, reply: { ok: true, message: secondStepTexts.turnedOffCodesKept } });
    expect(await secondStep.portalSecondStep.store.status(holder.key)).toEqual({ on: false, recoveryCodesLeft: 9 });
    await portalPasskeys.store.remove(holder.key, "D".repeat(22));
    expect(await secondStep.portalSecondStep.store.status(holder.key)).toEqual({ on: false, recoveryCodesLeft: 0 });
  });

  it("renaming a passkey takes no proof: a name with characters it cannot hold is refused in words, another holder's passkey is not listed, and the new name is kept and recorded", async () => {
    const { portalPasskeys } = await import("~/.server/sign-in-security/passkeys.server");
    const holder = await signedIn("solo");
    const other = await signedIn("family");
    const credential = (id: string, name: string) => ({ credentialId: id.repeat(22), publicKey: "pQECAyYgASFYIB".repeat(4), counter: 0, transports: ["internal"], name });
    await portalPasskeys.store.add(holder.key, credential("E", "My laptop"));
    await portalPasskeys.store.add(other.key, credential("F", "Their phone"));
    const rename = (id: string, name: string) => holder.post({ intent: "sign-in-security-passkey-rename", id, name });
    const renamed = async () => (await holder.recorded()).filter((a) => a === "passkey-renamed").length;
    const before = await renamed();

    expect(await rename("E".repeat(22), "Home <laptop>")).toEqual({ status: 400, reply: { ok: false, message: passkeyTexts.nameBadCharacters } });
    expect(await rename("F".repeat(22), "Mine now")).toEqual({ status: 404, reply: { ok: false, message: passkeyTexts.notListed } });
    expect((await portalPasskeys.store.list(other.key)).map((p) => p.name)).toEqual(["Their phone"]);
    expect(await renamed()).toBe(before);

    expect(await rename("E".repeat(22), "  Home   laptop ")).toEqual({ status: 200, reply: { ok: true, message: passkeyTexts.renamed("Home laptop") } });
    expect((await portalPasskeys.store.list(holder.key)).map((p) => p.name)).toEqual(["Home laptop"]);
    expect(await renamed()).toBe(before + 1);
    await portalPasskeys.store.remove(holder.key, "E".repeat(22));
    await portalPasskeys.store.remove(other.key, "F".repeat(22));
  });
});
