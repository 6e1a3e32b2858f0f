import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { AuthSlots } from "@contract/auth";
import { loadConfig } from "~/.server/config.server";
import { validateToken } from "~/.server/practice/auth.server";
import { createSessions } from "~/.server/session.server";
import { createSignInSteps } from "~/areas/sign-in/login-flow.server";
import type { FlowResult } from "~/areas/sign-in/sign-in-context.server";
import { SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { newPasswordTexts } from "~/lib/texts/new-password";
import { secondStepTexts } from "~/lib/texts/second-step";
import { signInTexts } from "~/areas/sign-in/texts";
import { signInThrottleTexts } from "~/lib/texts/sign-in-throttle";
import { errorsTexts } from "~/lib/texts/errors";
import { observability } from "~/.server/observability.server";
import { CAPTCHA_AFTER } from "~/lib/sign-in-flow";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { createDeviceCookie, type DeviceSighting, type DeviceStore } from "~/.server/sign-in-security/devices.server";
import type { Mail } from "~/.server/sign-in-security/mail.server";
import type { Passkeys } from "~/.server/sign-in-security/passkeys.server";
import type { SecondStepStore } from "~/.server/sign-in-security/second-step.server";
import { AttemptThrottle } from "~/.server/sign-in-security/throttle.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { useMockServer, type TestWorld } from "../helpers/mock-world";

/**
 * The server half of the sign-in (1§4) against the mock over HTTP, with its own sessions, throttle
 * and captcha check: the steps as the login machine posts them, one browser (cookie) at a time.
 */
/** Every request the mock serves, identity server included, as "METHOD /path status". */
const served: string[] = [];
const mock = useMockServer({ log: (line) => served.push(line.split(" ").slice(0, 3).join(" ")) });
const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
const ACCOUNT_LIMIT = 5;
let world: TestWorld;

beforeAll(async () => {
  world = await mock.createWorld({ scenario: "default", seed: 17 });
});

/** The sign-in step's outcomes counted so far in the metrics (decisions/262), by outcome. */
async function signIns(): Promise<Record<string, number>> {
  const counted: Record<string, number> = { throttled: 0, refused: 0 };
  for (const v of (await observability().signIns.get()).values) if (v.labels.step === "sign-in") counted[String(v.labels.outcome)] = v.value;
  return counted;
}

/** What the world's practice answers a user's sign-in, as sent (to be answered again, changed, through a fault). */
async function practiceReply(w: TestWorld, label: string): Promise<Array<{ name: unknown[]; extension: Array<Record<string, unknown>> }>> {
  const { username, password } = w.user(label);
  const res = await fetch(`${mock.url}/worlds/${w.id}/api/${endpoints.patientAuthentication.path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ UserName: username, Password: password, q: "" }),
  });
  return (await res.json()) as Array<{ name: unknown[]; extension: Array<Record<string, unknown>> }>;
}

/** A fresh set of steps: its own throttle, and a captcha that is solved when the browser says "solved". */
function portal() {
  const throttle = new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: ACCOUNT_LIMIT, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 });
  const captchas: Array<string | null> = [];
  const steps = createSignInSteps({
    identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL,
    signedOutApi: mock.portalConfig.PRACTICE_API_URL,
    sessions,
    throttle,
    verifyCaptcha: async (payload) => {
      captchas.push(payload);
      return payload === "solved";
    },
  });
  return { steps, captchas };
}

/** One browser: the cookie each step answers with is sent with the next. */
function browser(steps: ReturnType<typeof portal>["steps"], address = "192.0.2.10") {
  let cookie: string | null = null;
  const session = () => sessions.sessionStorage.getSession(cookie);
  const keep = (result: FlowResult) => {
    if (result.cookie) cookie = result.cookie.split(";")[0];
    return result.outcome;
  };
  const request = () => new Request("http://portal.test/login/flow", { method: "POST", headers: { "x-portal-client-address": address } });
  return {
    session,
    async signIn(username: string, password: string, captcha: string | null = null) {
      return keep(await steps.signInStep(request(), await session(), { username, password, captcha, redirectTo: "/accounts" }));
    },
    async link(q: string) {
      return keep(await steps.switchStep(request(), await session(), q));
    },
    async changePassword(password: string, confirm = password, agreed = true) {
      return keep(await steps.changePasswordStep(await session(), { password, confirm, agreed }));
    },
    async choose(accountId: string) {
      return keep(await steps.chooseAccountStep(await session(), accountId));
    },
    async cancel() {
      return keep(await steps.cancelStep(await session()));
    },
  };
}

describe("sign-in steps", () => {
  it("signs a patient with one account straight in: the session holds the practice token, never the password", async () => {
    const solo = world.user("solo");
    const b = browser(portal().steps);
    expect(await b.signIn(solo.username, solo.password)).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
    const session = await b.session();
    expect(session.get("user")).toMatchObject({ proxy: "No", username: solo.username, token: expect.any(String) });
    expect(session.get("user")!.userId).toBe(session.get("user")!.parentId);
    expect(JSON.stringify(session.data)).not.toContain(solo.password);
  });

  it(`counts wrong passwords; from ${CAPTCHA_AFTER} a captcha is needed, and the right password with it signs in`, async () => {
    const solo = world.user("solo");
    const { steps, captchas } = portal();
    const b = browser(steps);
    const outcomes = [];
    for (let i = 0; i < CAPTCHA_AFTER; i++) outcomes.push(await b.signIn(solo.username, "NotThePassword1"));
    expect(outcomes.map((o) => o.kind)).toEqual(Array(CAPTCHA_AFTER).fill("rejected"));
    expect(outcomes.map((o) => (o.kind === "rejected" ? o.captchaRequired : null))).toEqual([...Array(CAPTCHA_AFTER - 1).fill(false), true]);
    expect((await b.session()).get("failures")).toBe(CAPTCHA_AFTER);

    await world.clearRequests();
    expect(await b.signIn(solo.username, solo.password)).toEqual({ kind: "rejected", message: signInTexts.captchaNeeded, captchaRequired: true });
    // Without the captcha, the practice is not asked at all.
    expect(await world.requests({ path: "Patient/Authentication" })).toEqual([]);
    expect(await b.signIn(solo.username, solo.password, "solved")).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
    expect(captchas).toEqual([null, "solved"]);
  });

  it("pauses an account after the limit, in a new browser too, until the pause ends; the metrics count it as throttled", async () => {
    const solo = world.user("solo");
    const { steps } = portal();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      // A new browser each time: no cookie carries the count, the portal's throttle does.
      expect(await browser(steps).signIn(solo.username, "NotThePassword1", "solved")).toMatchObject({ kind: "rejected" });
    }
    const before = await signIns();
    expect(await browser(steps).signIn(solo.username.toUpperCase(), solo.password, "solved")).toEqual({ kind: "refused", message: signInThrottleTexts.tooManyForAccount });
    const after = await signIns();
    expect(after.throttled - before.throttled).toBe(1);
    expect(after.refused - before.refused).toBe(0);
  });

  it(`lets at most ${CAPTCHA_AFTER} of 40 parallel attempts without a captcha reach the practice, the right password among them`, async () => {
    const solo = world.user("solo");
    const { steps } = portal();
    await world.clearRequests();
    const passwords = Array.from({ length: 40 }, (_, i) => (i === 20 ? solo.password : `NotThePassword${i}`));
    // Each from its own browser, all sent together: no cookie and no earlier reply slows them.
    const outcomes = await Promise.all(passwords.map((p) => browser(steps).signIn(solo.username, p)));
    const asked = await world.requests({ path: "Patient/Authentication" });
    expect(asked.length).toBeLessThanOrEqual(CAPTCHA_AFTER);
    // The others were stopped before the practice: by the captcha, or by the pause once the claimed
    // attempts reached the account's limit.
    const stopped = outcomes.filter((o) => (o.kind === "rejected" && o.message === signInTexts.captchaNeeded) || (o.kind === "refused" && o.message === signInThrottleTexts.tooManyForAccount));
    expect(stopped).toHaveLength(40 - asked.length);
  });

  it("pauses an account at its limit when the attempts come all at once, captcha solved", async () => {
    const solo = world.user("solo");
    const { steps } = portal();
    await world.clearRequests();
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => browser(steps).signIn(solo.username, "NotThePassword1", "solved")));
    expect(await world.requests({ path: "Patient/Authentication" })).toHaveLength(ACCOUNT_LIMIT);
    expect(outcomes.filter((o) => o.kind === "refused")).toEqual(Array(30 - ACCOUNT_LIMIT).fill({ kind: "refused", message: signInThrottleTexts.tooManyForAccount }));
  });

  it("pauses a client address at its limit when its attempts on many accounts come all at once", async () => {
    const throttle = new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 1_000, SIGNIN_MAX_FAILURES_PER_ADDRESS: 12 });
    const steps = createSignInSteps({ identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL, signedOutApi: mock.portalConfig.PRACTICE_API_URL, sessions, throttle, verifyCaptcha: async () => true });
    const labels = ["solo", "family", "empty"] as const;
    await world.clearRequests();
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => browser(steps, "198.51.100.7").signIn(world.user(labels[i % 3]).username, "NotThePassword1", "solved")));
    expect(await world.requests({ path: "Patient/Authentication" })).toHaveLength(12);
    expect(outcomes.filter((o) => o.kind === "refused")).toEqual(Array(48).fill({ kind: "refused", message: signInThrottleTexts.tooManyFromAddress }));
    // Another address is not paused by it.
    expect(await browser(steps, "198.51.100.8").signIn(world.user("solo").username, world.user("solo").password)).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
  });

  it(`asks for the captcha from the browser's own count too: ${CAPTCHA_AFTER} wrong sign-ins under as many user names, then any`, async () => {
    const solo = world.user("solo");
    const { steps, captchas } = portal();
    const b = browser(steps);
    // Each user name is refused once, too few for the throttle's count of any one account to ask for the captcha.
    const outcomes = [];
    for (let i = 0; i < CAPTCHA_AFTER; i++) outcomes.push(await b.signIn(`nobody${i}+${world.id}@demo.nz`, "NotThePassword1"));
    expect(outcomes).toEqual(Array.from({ length: CAPTCHA_AFTER }, (_, i) => ({ kind: "rejected", message: signInTexts.credentialsRefused, captchaRequired: i === CAPTCHA_AFTER - 1 })));
    await world.clearRequests();
    expect(await b.signIn(solo.username, solo.password)).toEqual({ kind: "rejected", message: signInTexts.captchaNeeded, captchaRequired: true });
    expect(await world.requests({ path: "Patient/Authentication" })).toEqual([]);
    expect(await b.signIn(solo.username, solo.password, "solved")).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
    expect(captchas).toEqual([null, "solved"]);
    // Another browser has no such count: the same account is asked for none.
    expect(await browser(steps).signIn(solo.username, solo.password)).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
  });

  it(`tells a new browser each time that the captcha is needed from the account's ${CAPTCHA_AFTER}rd wrong password`, async () => {
    const solo = world.user("solo");
    const { steps } = portal();
    const outcomes = [];
    for (let i = 0; i < CAPTCHA_AFTER; i++) outcomes.push(await browser(steps).signIn(solo.username, "NotThePassword1", "solved"));
    expect(outcomes.map((o) => (o.kind === "rejected" ? o.captchaRequired : o.kind))).toEqual([...Array(CAPTCHA_AFTER - 1).fill(false), true]);
  });

  // Issue 36 (8c, decisions/221): the practice says "locked" and "no patient" only to the right password,
  // so both are answered, right password or wrong, in the one wording that names the lock and the practice.
  it("a locked account, and a reply without a patient, get the one refusal that names the lock, right password or wrong", async () => {
    const { steps } = portal();
    for (const label of ["locked", "noresource"]) {
      for (const password of [world.user(label).password, "NotThePassword1"]) {
        const b = browser(steps);
        expect(await b.signIn(world.user(label).username, password), `${label} ${password}`).toEqual({ kind: "rejected", message: signInTexts.credentialsRefused, captchaRequired: false });
        expect((await b.session()).get("user")).toBeUndefined();
      }
    }
  });

  it("refuses a user name the identity server does not know even when the practice signs it in, and hands that token back", async () => {
    // The practice's signed-out address is the world's here, so that its answer can be set: another patient's sign-in.
    const base = `${mock.url}/worlds/${world.id}/api/`;
    const reply = await practiceReply(world, "solo");
    const token = (endpoints.patientAuthentication.reply.parse(reply) as Array<{ extension: { token: string } }>)[0].extension.token;
    expect(await validateToken(base, token)).toBe(true);
    const throttle = new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: ACCOUNT_LIMIT, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 });
    const steps = createSignInSteps({ identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL, signedOutApi: base, sessions, throttle, verifyCaptcha: async () => true });
    await world.fault({ path: "Patient/Authentication", answer: reply, times: 1 });
    const b = browser(steps);
    expect(await b.signIn(`nobody+${world.id}@demo.nz`, "NotThePassword1")).toEqual({ kind: "rejected", message: signInTexts.credentialsRefused, captchaRequired: false });
    expect((await b.session()).get("user")).toBeUndefined();
    expect((await b.session()).get("pending")).toBeUndefined();
    await expect(validateToken(base, token)).rejects.toMatchObject({ kind: "unauthorized" });
  });

  it("does not count an attempt the practice could not answer, nor one refused for want of the captcha", async () => {
    const solo = world.user("solo");
    const { steps } = portal();
    await world.fault({ path: "Patient/Authentication", status: 503, times: ACCOUNT_LIMIT + 2 });
    for (let i = 0; i < ACCOUNT_LIMIT + 2; i++) expect(await browser(steps).signIn(solo.username, solo.password)).toMatchObject({ kind: "failed" });
    await world.clearFaults();
    for (let i = 0; i < CAPTCHA_AFTER; i++) await browser(steps).signIn(solo.username, "NotThePassword1");
    for (let i = 0; i < ACCOUNT_LIMIT; i++) expect(await browser(steps).signIn(solo.username, solo.password)).toMatchObject({ kind: "rejected", captchaRequired: true });
    expect(await browser(steps).signIn(solo.username, solo.password, "solved")).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
  });

  // What the sign-in page would have refused, posted straight to the step: the form's own schema refuses
  // it on the server too, its words beside the fields (decisions/280), before anything is counted or asked.
  it.each([
    { name: "empty fields", username: "", password: "", fields: { username: signInTexts.emailEmpty, password: signInTexts.passwordEmpty }, message: signInTexts.summaryMissing.both },
    { name: "a password of spaces", username: "solo@demo.nz", password: "   ", fields: { password: signInTexts.passwordEmpty }, message: signInTexts.summaryMissing.password },
    { name: "no address", username: "not-an-email", password: "x", fields: { username: signInTexts.emailInvalid }, message: signInTexts.summary },
    { name: "a script for an address", username: "<script>alert(1)</script>", password: "Kiaora2024", fields: { username: signInTexts.emailInvalid }, message: signInTexts.summary },
    { name: "10,000-character fields", username: "a".repeat(10_000), password: "b".repeat(10_000), fields: { username: signInTexts.emailTooLong, password: signInTexts.passwordTooLong }, message: signInTexts.summary },
  ])("refuses $name before anything is counted or asked", async ({ username, password, fields, message }) => {
    const { steps } = portal();
    const b = browser(steps);
    await world.clearRequests();
    expect(await b.signIn(username, password)).toEqual({ kind: "invalid", fields, message });
    // The practice is asked nothing at all.
    expect(await world.requests()).toEqual([]);
    expect((await b.session()).get("failures")).toBeUndefined();
  });

  it("tells a practice that could not answer from one that answered nonsense, and lets nobody in", async () => {
    const solo = world.user("solo");
    const { steps } = portal();
    await world.fault({ path: "Patient/Authentication", status: 503, times: 1 });
    expect(await browser(steps).signIn(solo.username, solo.password)).toEqual({ kind: "failed", message: signInTexts.networkFailure });
    await world.fault({ path: "Patient/Authentication", body: "malformed", times: 1 });
    expect(await browser(steps).signIn(solo.username, solo.password)).toEqual({ kind: "failed", message: errorsTexts.practiceBroken });
  });

  it("a practice that signs the patient in and then cannot list the linked accounts: told in words, the token handed back, nobody in", async () => {
    const family = world.user("family");
    const { steps } = portal();
    await world.clearRequests();
    await world.fault({ path: "Patient/ProxyUsers", status: 503, times: 1 });
    const b = browser(steps);
    expect(await b.signIn(family.username, family.password)).toEqual({ kind: "failed", message: signInTexts.networkFailure });
    expect((await b.session()).get("user")).toBeUndefined();
    expect((await b.session()).get("pending")).toBeUndefined();
    expect(await world.requests({ method: "POST", path: "Patient/Logout" })).toHaveLength(1);
    // The password was right: the account's count started again, and the next sign-in goes through.
    expect(await b.signIn(family.username, family.password)).toMatchObject({ kind: "chooseAccount" });
  });

  it("a sign-in link signs its holder in once, to the dashboard; a used link, or one the practice refuses, is told in words", async () => {
    const { steps } = portal();
    const linkFor = async (label: string) => ((await (await mock.admin(`/worlds/${world.id}/switch-tokens`, { body: { label } })).json()) as { q: string }).q;
    const q = await linkFor("solo");
    const b = browser(steps);
    await world.clearRequests();
    expect(await b.link(q)).toEqual({ kind: "signedIn", redirectTo: "/" });
    expect((await b.session()).get("user")).toMatchObject({ username: "", proxy: "No", linked: false });
    // The practice is given the link's token alone: no user name, no password (the journal leaves empty ones empty).
    expect((await world.requests({ method: "POST", path: "Patient/Authentication" })).map((r) => r.body)).toEqual([{ UserName: "", Password: "", q: "[redacted]" }]);
    // Used: the identity server no longer knows it, and says so.
    expect(await browser(steps).link(q)).toEqual({ kind: "rejected", message: "Invalid username or password.", captchaRequired: false });
    await world.fault({ path: "Patient/Authentication", answer: { StatusCode: "2", ResponseMessage: "" }, times: 1 });
    expect(await browser(steps).link(await linkFor("solo"))).toEqual({ kind: "rejected", message: signInTexts.switchFailed, captchaRequired: false });
    await world.fault({ path: "Patient/Authentication", answer: { StatusCode: "2", ResponseMessage: "Link withdrawn by the practice." }, times: 1 });
    expect(await browser(steps).link(await linkFor("solo"))).toEqual({ kind: "rejected", message: "Link withdrawn by the practice.", captchaRequired: false });
    await world.fault({ path: "Patient/Authentication", answer: [{}], times: 1 });
    expect(await browser(steps).link(await linkFor("solo"))).toEqual({ kind: "rejected", message: signInTexts.incorrect, captchaRequired: false });
    await world.fault({ path: "Patient/Authentication", status: 503, times: 1 });
    const failed = browser(steps);
    expect(await failed.link(await linkFor("solo"))).toEqual({ kind: "failed", message: signInTexts.networkFailure });
    expect((await failed.session()).get("user")).toBeUndefined();
  });

  it("asks for a new password first when the practice says so, checks it, then signs in", async () => {
    const reset = world.user("reset");
    const b = browser(portal().steps);
    expect(await b.signIn(reset.username, reset.password)).toEqual({ kind: "passwordUpdate" });
    expect((await b.session()).get("user")).toBeUndefined();
    await world.clearRequests();
    expect(await b.changePassword("Harbour-Light-2031", "Harbour-Light-2032")).toMatchObject({ kind: "refused" });
    // 1§5 rule 8: without the agreement tick nothing is sent.
    expect(await b.changePassword("Harbour-Light-2031", "Harbour-Light-2031", false)).toEqual({ kind: "refused", message: newPasswordTexts.resetPanel.agree });
    expect(await world.requests({ path: "Patient/ChangePassword" })).toEqual([]);
    expect(await b.changePassword("Harbour-Light-2031")).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
    expect(await world.requests({ path: "Patient/ChangePassword" })).toHaveLength(1);
    expect((await b.session()).get("user")).toMatchObject({ username: reset.username });
    // 1§8: the practice's message on success is kept for the first signed-in page to show (issue 33).
    expect((await b.session()).get("notice")).toBe("Your password has been updated.");
  });

  it("the new password may not hold the patient's names; the practice's refusal is told in its words, or ours, and nobody is signed in until it says yes", async () => {
    // A world of its own: the practice's answers below are given in place of its own, the change still made.
    const fresh = await mock.createWorld({ scenario: "default", seed: 171 });
    const reset = fresh.user("reset");
    const b = browser(portal().steps);
    expect(await b.signIn(reset.username, reset.password)).toEqual({ kind: "passwordUpdate" });
    const names = (await b.session()).get("pending")!.name.split(/\s+/).filter((part) => part.length >= 3);
    expect(names.length).toBeGreaterThan(0);
    await fresh.clearRequests();
    for (const name of names) expect(await b.changePassword(`${name.toUpperCase()}-harbour-2031`)).toEqual({ kind: "refused", message: signInTexts.passwordHasName });
    expect(await fresh.requests({ path: "Patient/ChangePassword" })).toEqual([]);

    // The chooser is no way round the new password.
    expect(await b.choose((await b.session()).get("pending")!.patientId)).toEqual({ kind: "expired", message: signInTexts.signInExpired });
    const answered = async (answer: unknown) => {
      await fresh.fault({ path: "Patient/ChangePassword", answer, times: 1 });
      return b.changePassword("Harbour-Light-2031");
    };
    expect(await answered({ StatusCode: "3", StatusMessage: "Used before." })).toEqual({ kind: "refused", message: "Used before." });
    expect(await answered({ StatusCode: "3", ResponseMessage: "Too like the old one." })).toEqual({ kind: "refused", message: "Too like the old one." });
    expect(await answered({ StatusCode: "3" })).toEqual({ kind: "refused", message: signInTexts.passwordChangeFailed });
    expect(await answered({ StatusCode: "0", StatusMessage: "Not now." })).toEqual({ kind: "failed", message: signInTexts.passwordChangeFailed });
    await fresh.fault({ path: "Patient/ChangePassword", status: 503, times: 1 });
    expect(await b.changePassword("Harbour-Light-2031")).toEqual({ kind: "failed", message: signInTexts.passwordChangeFailed });
    expect((await b.session()).get("user")).toBeUndefined();
    expect(await answered({ StatusCode: "1", StatusMessage: "", ResponseMessage: "Changed at the practice." })).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
    expect((await b.session()).get("notice")).toBe("Changed at the practice.");
    // Signed in: the panel is not there to post to any more.
    expect(await b.changePassword("Harbour-Light-2032")).toEqual({ kind: "expired", message: signInTexts.signInExpired });
  });

  it("a new password changed with no words from the practice is told in ours", async () => {
    const fresh = await mock.createWorld({ scenario: "default", seed: 172 });
    const reset = fresh.user("reset");
    const b = browser(portal().steps);
    expect(await b.signIn(reset.username, reset.password)).toEqual({ kind: "passwordUpdate" });
    await fresh.fault({ path: "Patient/ChangePassword", answer: { StatusCode: "1" }, times: 1 });
    expect(await b.changePassword("Harbour-Light-2033")).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
    expect((await b.session()).get("notice")).toBe(signInTexts.passwordChanged);
  });

  it("a new password ends the sign-in of the same account half-way in another browser", async () => {
    const fresh = await mock.createWorld({ scenario: "default", seed: 173 });
    const reset = fresh.user("reset");
    const { steps } = portal();
    const [here, elsewhere] = [browser(steps), browser(steps)];
    for (const b of [here, elsewhere]) expect(await b.signIn(reset.username, reset.password)).toEqual({ kind: "passwordUpdate" });
    expect(await here.changePassword("Harbour-Light-2034")).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
    // Opened with the old password: its panel is gone, and no second new password reaches the practice.
    await fresh.clearRequests();
    expect(await elsewhere.changePassword("Harbour-Light-2035")).toEqual({ kind: "expired", message: signInTexts.signInExpired });
    expect(await fresh.requests({ path: "Patient/ChangePassword" })).toEqual([]);
  });

  it("a fault of the portal's own once the practice changed the password is not told as the practice's refusal", async () => {
    const fresh = await mock.createWorld({ scenario: "default", seed: 178 });
    const reset = fresh.user("reset");
    const broken = {
      ...sessions,
      endOtherSessions: async () => {
        throw new TypeError("the session store failed");
      },
    };
    const steps = createSignInSteps({
      identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL,
      signedOutApi: mock.portalConfig.PRACTICE_API_URL,
      sessions: broken,
      throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: ACCOUNT_LIMIT, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 }),
      verifyCaptcha: async () => true,
    });
    const b = browser(steps);
    expect(await b.signIn(reset.username, reset.password)).toEqual({ kind: "passwordUpdate" });
    await expect(b.changePassword("Harbour-Light-2039")).rejects.toThrow(TypeError);
  });

  it("checks the new password against each name of three letters or more, not the shorter ones", async () => {
    const fresh = await mock.createWorld({ scenario: "default", seed: 174 });
    const reset = fresh.user("reset");
    const reply = await practiceReply(fresh, "reset");
    reply[0].name = [{ text: "Mei Lo Tanaka" }];
    await fresh.fault({ path: "Patient/Authentication", answer: reply, times: 1 });
    const b = browser(portal().steps);
    expect(await b.signIn(reset.username, reset.password)).toEqual({ kind: "passwordUpdate" });
    expect(await b.changePassword("Harbour-mei-2036")).toEqual({ kind: "refused", message: signInTexts.passwordHasName });
    expect(await b.changePassword("Harbour-TANAKA-2036")).toEqual({ kind: "refused", message: signInTexts.passwordHasName });
    expect(await b.changePassword("Lo-Harbour-Light-2036")).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
  });

  it("after a new password a holder of several accounts is offered the chooser, and the password panel is gone", async () => {
    const fresh = await mock.createWorld({ scenario: "default", seed: 175 });
    const family = fresh.user("family");
    const reply = await practiceReply(fresh, "family");
    // The practice asks this holder for a new password (IsPasswordReset).
    reply[0].extension = AuthSlots.write({ ...AuthSlots.read(reply[0].extension as Parameters<typeof AuthSlots.read>[0]), passwordReset: true });
    await fresh.fault({ path: "Patient/Authentication", answer: reply, times: 1 });
    const b = browser(portal().steps);
    expect(await b.signIn(family.username, family.password)).toEqual({ kind: "passwordUpdate" });
    const chooser = await b.changePassword("Harbour-Light-2037");
    if (chooser.kind !== "chooseAccount") throw new Error(`expected the chooser, got ${chooser.kind}`);
    await fresh.clearRequests();
    expect(await b.changePassword("Harbour-Light-2038")).toEqual({ kind: "expired", message: signInTexts.signInExpired });
    expect(await fresh.requests({ path: "Patient/ChangePassword" })).toEqual([]);
    expect(await b.choose(chooser.accounts[0].id)).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
    expect((await b.session()).get("notice")).toBe("Your password has been updated.");
  });

  it("signs a holder whose practice lists no linked account, not even their own, in to their own record", async () => {
    const solo = world.user("solo");
    const b = browser(portal().steps);
    await world.fault({ path: "Patient/ProxyUsers", answer: [{ resourceType: "Bundle", total: 0, entry: [] }], times: 1 });
    expect(await b.signIn(solo.username, solo.password)).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
    const user = (await b.session()).get("user")!;
    expect(user).toMatchObject({ proxy: "No", linked: false, username: solo.username, userId: user.parentId, userName: user.parentName });
    expect(user.userId).not.toBe("");
    expect(user.userName).not.toBe("");
  });

  it("offers the linked accounts to choose from, takes only a listed one, and signs in as that patient", async () => {
    const family = world.user("family");
    const b = browser(portal().steps);
    const outcome = await b.signIn(family.username, family.password);
    if (outcome.kind !== "chooseAccount") throw new Error(`expected the chooser, got ${outcome.kind}`);
    expect(outcome.accounts.length).toBeGreaterThan(1);
    const child = outcome.accounts.find((a) => a.relationship === "Child")!;
    const holderId = (await b.session()).get("pending")!.patientId;

    expect(await b.choose("not-a-listed-account")).toEqual({ kind: "refused", message: signInTexts.chooseAccountInvalid });
    expect(await b.choose(child.id)).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
    expect((await b.session()).get("user")).toMatchObject({ userId: child.id, parentId: holderId, proxy: "Yes", userName: child.name, linked: true });
    // Chosen once: the chooser is gone with the sign-in it belonged to.
    expect(await b.choose(child.id)).toEqual({ kind: "expired", message: signInTexts.signInExpired });

    // The holder's own record from the chooser: not a proxy, but with the linked accounts to switch to.
    const own = browser(portal().steps);
    await own.signIn(family.username, family.password);
    expect(await own.choose(holderId)).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
    expect((await own.session()).get("user")).toMatchObject({ userId: holderId, parentId: holderId, proxy: "No", linked: true });
  });

  it("a completed sign-in keeps the browser's device: its cookie set again, the session on it, the device noted in the background", async () => {
    const solo = world.user("solo");
    const deviceCookie = createDeviceCookie(loadConfig({ NODE_ENV: "test" }));
    // The devices list's store (decisions/295) as the sign-in uses it: told each sighting, this device new the first
    // time; it answers only once the test opens it, and then on a later turn of the event loop.
    const seen: Array<{ holderKey: string; device: DeviceSighting }> = [];
    const mails: Mail[] = [];
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const store = {
      seen: async (holderKey: string, device: DeviceSighting) => {
        await opened;
        await new Promise((resolve) => setImmediate(resolve));
        seen.push({ holderKey, device });
        return { isNew: seen.length === 1 };
      },
    } as unknown as DeviceStore;
    const steps = createSignInSteps({
      identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL,
      signedOutApi: mock.portalConfig.PRACTICE_API_URL,
      sessions,
      throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: ACCOUNT_LIMIT, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 }),
      verifyCaptcha: async () => true,
      devices: { cookie: deviceCookie, notices: { store, sendMail: async (mail) => void mails.push(mail) } },
    });
    const signIn = async (device: string | null) => {
      const request = new Request("http://portal.test/login/flow", { method: "POST", headers: { "x-portal-client-address": "192.0.2.10", ...(device ? { Cookie: device } : {}) } });
      const result = await steps.signInStep(request, await sessions.sessionStorage.getSession(null), { username: solo.username, password: solo.password, captcha: null, redirectTo: "/accounts" });
      expect(result.outcome).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
      const set = result.deviceCookie!.split(";")[0];
      const id = (await deviceCookie.sighting(new Request("http://portal.test/", { headers: { Cookie: set } }))).id;
      return { set, id, session: await sessions.sessionStorage.getSession(result.cookie!.split(";")[0]) };
    };

    const first = await signIn(null);
    expect(first.session.get("user")).toMatchObject({ deviceId: first.id });
    expect(first.session.get("deviceSeenAt")).toEqual(expect.any(Number));
    // The sign-in did not wait for the store; devicesNoted does.
    const noted = steps.devicesNoted();
    expect(seen).toEqual([]);
    open();
    await noted;
    const user = first.session.get("user")!;
    expect(seen).toEqual([{ holderKey: accountHolderKey(user.apiBase, user.parentId), device: expect.objectContaining({ id: first.id }) }]);
    expect(mails.map((m) => m.to)).toEqual([solo.username]);

    // The same browser again: the same device, known now, and nothing mailed.
    const again = await signIn(first.set);
    expect(again.id).toBe(first.id);
    expect(again.session.get("user")).toMatchObject({ deviceId: first.id });
    await steps.devicesNoted();
    expect(seen.map((s) => s.device.id)).toEqual([first.id, first.id]);
    expect(mails).toHaveLength(1);
  });

  it("puts a known user name to its own practice, not to the signed-out address", async () => {
    const solo = world.user("solo");
    // The signed-out address here is another practice's, which does not know this patient.
    const other = await mock.createWorld({ scenario: "default", seed: 176 });
    const steps = createSignInSteps({
      identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL,
      signedOutApi: `${mock.url}/worlds/${other.id}/api/`,
      sessions,
      throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: ACCOUNT_LIMIT, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 }),
      verifyCaptcha: async () => true,
    });
    await world.clearRequests();
    expect(await browser(steps).signIn(solo.username, solo.password)).toEqual({ kind: "signedIn", redirectTo: "/accounts" });
    expect(await world.requests({ path: "Patient/Authentication" })).toHaveLength(1);
    expect(await other.requests({ path: "Patient/Authentication" })).toEqual([]);
  });

  it("a sign-in link to a new password does not open the chooser", async () => {
    // A world of its own: the reset patient of the shared one may have a new password by now.
    const fresh = await mock.createWorld({ scenario: "default", seed: 177 });
    const { steps } = portal();
    const q = ((await (await mock.admin(`/worlds/${fresh.id}/switch-tokens`, { body: { label: "reset" } })).json()) as { q: string }).q;
    const b = browser(steps);
    expect(await b.link(q)).toEqual({ kind: "passwordUpdate" });
    expect(await b.choose((await b.session()).get("pending")!.patientId)).toEqual({ kind: "expired", message: signInTexts.signInExpired });
  });

  it("after the password, a holder with a passkey is asked for it, offered a recovery code only when some are left; a fault in the stores is not taken for the practice's", async () => {
    const solo = world.user("solo");
    let status: () => Promise<{ on: boolean; recoveryCodesLeft: number }> = async () => ({ on: false, recoveryCodesLeft: 0 });
    // The second step's and passkeys' stores as the sign-in reads them: one passkey, added long ago (no longer undoable by e-mail).
    const store = { status: () => status() } as unknown as SecondStepStore;
    let held = [{ createdAt: new Date("2020-01-01T00:00:00Z") }];
    const passkeys = { relyingParty: { id: "portal.test", name: "Patient Portal", origin: "https://portal.test" }, store: { list: async () => held } } as unknown as Passkeys;
    const steps = createSignInSteps({
      identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL,
      signedOutApi: mock.portalConfig.PRACTICE_API_URL,
      sessions,
      throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: ACCOUNT_LIMIT, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 }),
      verifyCaptcha: async () => true,
      secondStep: { store, attempts: new AttemptThrottle({ perAccount: 5, perAddress: 50 }), sends: new AttemptThrottle({ perAccount: 5, perAddress: 50 }, new MemoryStateStore(), "send:"), sendMail: null, required: false },
      passkeys,
    });
    expect(await browser(steps).signIn(solo.username, solo.password)).toEqual({ kind: "passkey", email: false, recovery: false });
    status = async () => ({ on: false, recoveryCodesLeft: 2 });
    expect(await browser(steps).signIn(solo.username, solo.password)).toEqual({ kind: "passkey", email: false, recovery: true });
    // A link's sign-in has no address to e-mail a code to: it stops in words, and the token is handed back.
    held = [];
    status = async () => ({ on: true, recoveryCodesLeft: 2 });
    const q = ((await (await mock.admin(`/worlds/${world.id}/switch-tokens`, { body: { label: "solo" } })).json()) as { q: string }).q;
    expect(await browser(steps).link(q)).toEqual({ kind: "failed", message: secondStepTexts.noAddress });
    // Not the store's "unavailable", nor the practice's failure: a fault of the portal's own goes up as one.
    status = async () => {
      throw new TypeError("a fault in the portal");
    };
    await expect(browser(steps).signIn(solo.username, solo.password)).rejects.toThrow(TypeError);
    // Nor a fault of the portal's throttle store once the practice said yes.
    class Failing extends SignInThrottle {
      override async succeeded(): Promise<void> {
        throw new TypeError("the throttle's store failed");
      }
    }
    const failing = createSignInSteps({
      identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL,
      signedOutApi: mock.portalConfig.PRACTICE_API_URL,
      sessions,
      throttle: new Failing({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: ACCOUNT_LIMIT, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 }),
      verifyCaptcha: async () => true,
    });
    await expect(browser(failing).signIn(solo.username, solo.password)).rejects.toThrow(TypeError);
  });

  it("cancel gives the practice token back and ends the session", async () => {
    const family = world.user("family");
    const b = browser(portal().steps);
    expect(await b.signIn(family.username, family.password)).toMatchObject({ kind: "chooseAccount" });
    const pending = (await b.session()).get("pending")!;
    expect(await validateToken(pending.apiBase, pending.token)).toBe(true);

    expect(await b.cancel()).toEqual({ kind: "cancelled" });
    expect((await b.session()).get("pending")).toBeUndefined();
    await expect(validateToken(pending.apiBase, pending.token)).rejects.toMatchObject({ kind: "unauthorized" });
    // Nothing is left to choose from.
    expect(await b.choose(pending.accounts[0].id)).toEqual({ kind: "expired", message: signInTexts.signInExpired });
  });
});

/**
 * Issue 36, 8a and 8c: a refusal must not tell whether the user name is known (by its work or its
 * time), nor whether the password was right (by the words relayed for a locked account).
 */
describe("refusals that tell nothing", () => {
  /** The practice calls one attempt made, each as "METHOD path status", the world's part of the path left out. */
  async function callsOf(attempt: () => Promise<unknown>): Promise<string[]> {
    served.length = 0;
    await attempt();
    // A line is written when its reply has gone: a request made after the attempt, once its own line
    // is there, is behind every call of the attempt.
    await mock.admin("/health");
    while (!served.includes("GET /__admin/health 200")) await new Promise((resolve) => setImmediate(resolve));
    return served.filter((line) => !line.includes("/__admin/")).map((line) => line.replace(/\/worlds\/[^/]+/, ""));
  }

  it("an unknown user name makes the same practice calls, and gets the same answer, as a known one with a wrong password", async () => {
    const solo = world.user("solo");
    const { steps } = portal();
    let known: unknown;
    let unknown: unknown;
    const knownCalls = await callsOf(async () => (known = await browser(steps).signIn(solo.username, "NotThePassword1")));
    const unknownCalls = await callsOf(async () => (unknown = await browser(steps).signIn(`nobody+${world.id}@demo.nz`, "NotThePassword1")));
    expect(knownCalls).toEqual(["POST /api/Authentication 200", "POST /api/Patient/Authentication 200"]);
    expect(unknownCalls).toEqual(knownCalls);
    expect(unknown).toEqual(known);
    expect(known).toEqual({ kind: "rejected", message: signInTexts.credentialsRefused, captchaRequired: false });
  });

  it("puts an unknown user name to the practice with a fixed password, never the one typed (which may be the person's elsewhere)", async () => {
    // The practice's signed-out address, through a recorder of what it is sent.
    const sent: string[] = [];
    const recorder = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += String(chunk)));
      req.on("end", () => {
        sent.push(body);
        void fetch(new URL(req.url!.slice(1), mock.portalConfig.PRACTICE_API_URL), { method: req.method, headers: { "Content-Type": "application/json" }, body: body || undefined }).then(async (reply) => {
          res.writeHead(reply.status, { "Content-Type": reply.headers.get("content-type") ?? "application/json" }).end(await reply.text());
        });
      });
    });
    await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
    try {
      const throttle = new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: ACCOUNT_LIMIT, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 });
      const signedOutApi = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/`;
      const steps = createSignInSteps({ identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL, signedOutApi, sessions, throttle, verifyCaptcha: async () => true });
      const typed = "MyBankPassword-771";
      expect(await browser(steps).signIn(`nobody+${world.id}@demo.nz`, typed)).toEqual({ kind: "rejected", message: signInTexts.credentialsRefused, captchaRequired: false });
      expect(sent).toHaveLength(1);
      expect(JSON.parse(sent[0])).toMatchObject({ UserName: `nobody+${world.id}@demo.nz` });
      expect(sent[0]).not.toContain(typed);
    } finally {
      await new Promise((resolve) => recorder.close(resolve));
    }
  });

  it.each(["locked", "noresource"])("gives the %s account the same answer with the right password as with a wrong one", async (label) => {
    const user = world.user(label);
    const { steps } = portal();
    const right = await browser(steps).signIn(user.username, user.password);
    const wrong = await browser(steps).signIn(user.username, "NotThePassword1");
    expect(right).toEqual(wrong);
    expect(wrong).toMatchObject({ kind: "rejected", message: signInTexts.credentialsRefused });
  });
});
