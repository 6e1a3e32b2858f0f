import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getInvoices } from "~/.server/practice/accounts.server";
import { errorsTexts } from "~/lib/texts/errors";
import { signInTexts } from "~/areas/sign-in/texts";
import { signInThrottleTexts } from "~/lib/texts/sign-in-throttle";
import { feeCents, feeRateBasisPoints, toCents } from "~/lib/money";
import type { FlowOutcome } from "~/lib/sign-in-flow";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { Browser, runPortalUntilExit, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { freePort, startRedisServer, type RedisServer } from "../helpers/redis-server";
import type { StepEnvelope } from "~/lib/steps";
import { signInSteps } from "~/areas/sign-in/steps";

/**
 * Issue 13: two built portal processes on two ports, one mock practice, one real redis-server, as a
 * practice group runs the portal behind a load balancer. A `Browser` keeps one cookie and sends each
 * request to the process the test names, as a balancer without sticky sessions may. Where two
 * requests may meet, they are sent together.
 */

const mock = useMockServer();
const SESSION_SECRET = "multi-process-test-secret-of-at-least-32-chars";
let redis: RedisServer;
let first: PortalProcess;
let second: PortalProcess;

beforeAll(async () => {
  redis = await startRedisServer();
  const env = {
    PRACTICE_IDENTITY_URL: mock.url,
    SESSION_SECRET,
    REDIS_URL: redis.url,
    CAPTCHA_MAX_NUMBER: "1000",
    // Every request comes from 127.0.0.1: the per-address pause stays out of the way of the per-account one.
    SIGNIN_MAX_FAILURES_PER_ADDRESS: "1000",
  };
  [first, second] = await Promise.all([startPortalProcess(await freePort(), env), startPortalProcess(await freePort(), env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await redis?.stop();
}, 30_000);

async function signIn(browser: Browser, portal: PortalProcess, user: { username: string; password: string }, captcha = ""): Promise<FlowOutcome> {
  return browser.step(portal, signInSteps, "sign-in", { username: user.username, password: user.password, captcha, redirectTo: "/" });
}

/** The dashboard as the browser loads it: 200 signed in, or the redirect to /login. */
async function dashboard(browser: Browser, portal: PortalProcess): Promise<{ status: number; location: string | null }> {
  const res = await browser.fetch(portal, "/");
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get("location") };
}

type PayReply = StepEnvelope<unknown>;
const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

/** What the payment panel posts to save the first pending invoice in full, Visa. */
async function paymentOf(world: TestWorld, label: string) {
  const s = await world.signIn(label);
  const pending = await getInvoices(s.api, s.id, "pending");
  const invoice = pending.resources[0]!;
  const amount = toCents(invoice.extension.balance)!;
  const fee = feeCents(amount, feeRateBasisPoints("Visa - 2.5%")!);
  return {
    chargeCents: amount + fee,
    saveTemp: (key: string) => ({ step: "save-temp", key, cardType: "Visa - 2.5%", amountCents: amount, feeCents: fee, allocations: [{ id: invoice.id, payNowCents: amount }] }),
  };
}

/** Posts a step as the browser's callStep does (decisions/280): its name, and its input as JSON. */
const pay = (browser: Browser, portal: PortalProcess, { step, ...input }: { step: string } & Record<string, unknown>) => browser.post<PayReply>(portal, "/accounts/pay", { step, input: JSON.stringify(input) });

describe("two portal processes sharing Redis", () => {
  it("sign in on the first, load the dashboard and pay on the second", async () => {
    const world = await mock.createWorld({ seed: 131 });
    const browser = new Browser();
    expect(await signIn(browser, first, world.user("solo"))).toEqual({ kind: "signedIn", redirectTo: "/" });
    // The first page loads from both processes at once, as a browser's parallel requests may land.
    const [onSecond, onFirst] = await Promise.all([dashboard(browser, second), dashboard(browser, first)]);
    expect(onSecond).toEqual({ status: 200, location: null });
    expect(onFirst).toEqual({ status: 200, location: null });

    const payment = await paymentOf(world, "solo");
    const key = `multi-pay-${Date.now()}`;
    expect(await pay(browser, second, payment.saveTemp(key))).toMatchObject({ ok: true, reply: { outcome: "saved" } });
    const intent = await pay(browser, second, { step: "intent", key });
    expect(intent).toMatchObject({ ok: true });
    expect(await pay(browser, second, { step: "confirm", clientSecret: String(intent.ok && intent.reply), ...card })).toMatchObject({ ok: true });
    expect(await pay(browser, second, { step: "record", key })).toEqual({ ok: true, reply: true });
    expect((await world.charges()).map((c) => c.amountCents)).toEqual([payment.chargeCents]);
  });

  it("wrong passwords spread across both bring the captcha at the third and the pause at the tenth, as on one process", async () => {
    const world = await mock.createWorld({ seed: 132 });
    const user = world.user("solo");
    const wrong = { username: user.username, password: "not-the-password-1" };
    // Each attempt from a new browser: only the portal's own count, shared in Redis, can remember them.
    const attempt = async (portal: PortalProcess, captcha = false) => {
      const browser = new Browser();
      return signIn(browser, portal, wrong, captcha ? await browser.solveCaptcha(portal) : "");
    };
    const firstTwo = await Promise.all([attempt(first), attempt(second)]);
    expect(firstTwo.map((o) => o.kind === "rejected" && o.captchaRequired)).toEqual([false, false]);
    // The practice's own refusal: a solved captcha let the attempt through to the password check.
    const rejection = firstTwo[0].kind === "rejected" ? firstTwo[0].message : "";
    expect(rejection).not.toBe(signInTexts.captchaNeeded);
    expect(await attempt(first)).toMatchObject({ kind: "rejected", captchaRequired: true });
    // The fourth, on the other process, without a captcha: asked for one, not let through.
    expect(await attempt(second)).toEqual({ kind: "rejected", message: signInTexts.captchaNeeded, captchaRequired: true });
    for (const pair of [[first, second], [second, first], [first, second]]) {
      const replies = await Promise.all(pair.map((portal) => attempt(portal, true)));
      for (const reply of replies) expect(reply).toEqual({ kind: "rejected", message: rejection, captchaRequired: true });
    }
    expect(await attempt(second, true)).toEqual({ kind: "rejected", message: rejection, captchaRequired: true });
    // Ten failures counted across both: the right password is now refused on either process.
    for (const portal of [first, second]) {
      const browser = new Browser();
      expect(await signIn(browser, portal, user, await browser.solveCaptcha(portal))).toEqual({ kind: "refused", message: signInThrottleTexts.tooManyForAccount });
    }
  }, 60_000);

  it("a captcha solution accepted by one process is refused by the other", async () => {
    const world = await mock.createWorld({ seed: 137 });
    const wrong = { username: world.user("solo").username, password: "not-the-password-2" };
    await Promise.all([first, second, first].map((portal) => signIn(new Browser(), portal, wrong)));
    const solver = new Browser();
    const solution = await solver.solveCaptcha(first);
    const [accepted, replayed] = await Promise.all([signIn(new Browser(), first, wrong, solution), signIn(new Browser(), second, wrong, solution)].map((p) => p.then((o) => o.kind === "rejected" && o.message)));
    // Exactly one reached the password check; the other was asked for a captcha of its own.
    expect([accepted, replayed].filter((m) => m === signInTexts.captchaNeeded)).toHaveLength(1);
  });

  it("a payment whose reply was lost on the first process and retried on the second is charged once", async () => {
    const world = await mock.createWorld({ seed: 133 });
    const browser = new Browser();
    expect(await signIn(browser, first, world.user("solo"))).toMatchObject({ kind: "signedIn" });
    const payment = await paymentOf(world, "solo");
    const key = `multi-lost-${Date.now()}`;
    expect(await pay(browser, first, payment.saveTemp(key))).toMatchObject({ ok: true, reply: { outcome: "saved" } });
    const intent = await pay(browser, first, { step: "intent", key });
    if (!intent.ok) throw new Error(intent.failure.message);
    // The practice charges the card, and its answer never reaches the first process.
    await world.fault({ path: "payments/confirm-card", body: "lost-reply", times: 1 });
    expect(await pay(browser, first, { step: "confirm", clientSecret: String(intent.reply), ...card })).toMatchObject({ ok: false, failure: { kind: "failed" } });
    expect(await world.charges()).toHaveLength(1);

    // "Try again" with the same key lands on the second process; a second tab's retry on the first meets it.
    const temps = await Promise.all([pay(browser, second, payment.saveTemp(key)), pay(browser, first, payment.saveTemp(key))]);
    expect(temps[0]).toEqual(temps[1]);
    const again = await pay(browser, second, { step: "intent", key });
    expect(again).toEqual(intent);
    const confirmations = await Promise.all([second, first].map((portal) => pay(browser, portal, { step: "confirm", clientSecret: String(intent.reply), ...card })));
    for (const reply of confirmations) expect(reply).toMatchObject({ ok: true });
    expect(await pay(browser, second, { step: "record", key })).toEqual({ ok: true, reply: true });
    expect((await world.charges()).map((c) => c.amountCents)).toEqual([payment.chargeCents]);
    expect(await world.requests({ path: "patient/SavePayment" })).toHaveLength(1);
  }, 30_000);

  it("logging out on one ends the session on the other", async () => {
    const world = await mock.createWorld({ seed: 134 });
    const browser = new Browser();
    expect(await signIn(browser, second, world.user("solo"))).toMatchObject({ kind: "signedIn" });
    const cookie = browser.cookie;
    expect(await dashboard(browser, first)).toEqual({ status: 200, location: null });
    // The log out on the first meets a page load on the second.
    const [loggedOut] = await Promise.all([browser.fetch(first, "/logout", { method: "POST" }), dashboard(browser, second)]);
    expect(loggedOut.status).toBe(302);
    expect(browser.cookie).toBeNull();
    // The old cookie, replayed on either process (a stolen copy, another tab), is signed out.
    for (const portal of [second, first]) {
      const replay = new Browser();
      replay.cookie = cookie;
      expect(await dashboard(replay, portal)).toMatchObject({ status: 302, location: "/login" });
    }
  });

  it("a portal restarted between two requests keeps the session", async () => {
    const world = await mock.createWorld({ seed: 135 });
    const browser = new Browser();
    expect(await signIn(browser, first, world.user("solo"))).toMatchObject({ kind: "signedIn" });
    expect(await dashboard(browser, first)).toEqual({ status: 200, location: null });
    await first.stop();
    await first.start();
    expect(await dashboard(browser, first)).toEqual({ status: 200, location: null });
    expect(await dashboard(browser, second)).toEqual({ status: 200, location: null });
  }, 90_000);

  it("with Redis gone, a page answers 503 with words for the patient, and a payment step is not taken", async () => {
    const world = await mock.createWorld({ seed: 136 });
    const browser = new Browser();
    expect(await signIn(browser, second, world.user("solo"))).toMatchObject({ kind: "signedIn" });
    await world.clearRequests();
    await redis.stop();
    try {
      const page = await browser.fetch(first, "/");
      expect(page.status).toBe(503);
      expect(await page.text()).toContain(errorsTexts.stateUnavailable.replace(/'/g, "&#x27;"));
      const step = await browser.fetch(second, "/accounts/pay", { form: { step: "record", input: JSON.stringify({ key: "any-payment" }) } });
      expect(step.status).toBe(503);
      expect(await world.requests({ path: "patient/SavePayment" })).toEqual([]);
    } finally {
      await redis.start();
    }
  }, 30_000);
});

describe("starting a portal process", () => {
  it("stops with a clear message when REDIS_URL is not a Redis URL", async () => {
    const { code, output } = await runPortalUntilExit({ PORT: String(await freePort()), PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET, REDIS_URL: "http://127.0.0.1:6379" });
    expect(code).toBe(1);
    expect(output).toContain("REDIS_URL: must be a redis:// or rediss:// URL");
  }, 30_000);

  it("stops with a clear message when Redis does not answer", async () => {
    const nobody = await freePort();
    const { code, output } = await runPortalUntilExit({ PORT: String(await freePort()), PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET, REDIS_URL: `redis://127.0.0.1:${nobody}` });
    expect(code).toBe(1);
    expect(output).toContain(`The portal cannot reach Redis at redis://127.0.0.1:${nobody}`);
  }, 30_000);
});
