import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solveChallenge } from "altcha-lib/v1";
import { forgotPasswordTexts } from "~/areas/sign-in/forgot-password-texts";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { START_TIMEOUT_MS, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { freePort, startRedisServer, type RedisServer } from "../helpers/redis-server";

/**
 * Issue 36, finding 4: Forgot Password is no lockout tool. Each request that the practice would act on
 * (each replaces the account's password with a temporary one) is counted per account and per client
 * address before the practice is asked, in the shared state store: two built portal processes on one
 * Redis, the posts sent all at once and spread over both. Every answer is the same neutral one, sent,
 * unknown or held back alike.
 */

const mock = useMockServer();
const ACCOUNT_LIMIT = 3;
const ADDRESS_LIMIT = 5;
let redis: RedisServer;
let portals: PortalProcess[] = [];
let worlds: TestWorld[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  const env = {
    PRACTICE_IDENTITY_URL: mock.url,
    SESSION_SECRET: "forgot-password-test-secret-32-chars!!!!",
    REDIS_URL: redis.url,
    // Each test speaks for its own client address, as a proxy in front of the portal would say.
    TRUST_PROXY: "loopback",
    CAPTCHA_MAX_NUMBER: "1000",
    FORGOT_PASSWORD_MAX_PER_ACCOUNT: String(ACCOUNT_LIMIT),
    FORGOT_PASSWORD_MAX_PER_ADDRESS: String(ADDRESS_LIMIT),
  };
  portals = await Promise.all([startPortalProcess(await freePort(), env), startPortalProcess(await freePort(), env)]);
  worlds = await Promise.all([1, 2, 3].map((n) => mock.createWorld({ scenario: "default", seed: 360 + n })));
}, START_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await Promise.all(portals.map((p) => p.stop()));
  await redis?.stop();
}, 30_000);

/** A captcha from the portal, solved as the page's widget solves it. */
async function solvedCaptcha(portal: PortalProcess): Promise<string> {
  const challenge = (await (await fetch(`${portal.url}/captcha`)).json()) as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number; maxNumber?: number };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber ?? challenge.maxNumber).promise;
  if (!solution) throw new Error("The captcha could not be solved");
  return Buffer.from(JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature })).toString("base64");
}

/** The Forgot Password form as the page posts it (a document request), from `address`. */
async function askForPassword(portal: PortalProcess, email: string, captcha: string, address: string): Promise<{ status: number; page: string }> {
  const res = await fetch(`${portal.url}/forgetPassword`, {
    method: "POST",
    headers: { "X-Forwarded-For": address },
    body: new URLSearchParams({ email, captcha }),
    redirect: "manual",
  });
  return { status: res.status, page: await res.text() };
}

const resetsIn = async (world: TestWorld) => (await world.requests({ path: "Patient/ForgotPassword" })).length;
const mailsTo = async (world: TestWorld, email: string) => {
  const { mail } = (await (await mock.admin(`/worlds/${world.id}/mail`)).json()) as { mail: { to: string }[] };
  return mail.filter((m) => m.to === email).length;
};

describe("Forgot Password", () => {
  it(`lets at most ${ACCOUNT_LIMIT} of 15 requests for one account, sent at once to two processes, reach the practice, and answers each the same`, async () => {
    const [world] = worlds;
    const victim = world.user("solo").username;
    const captchas = await Promise.all(Array.from({ length: 15 }, (_, i) => solvedCaptcha(portals[i % 2])));
    const answers = await Promise.all(captchas.map((captcha, i) => askForPassword(portals[i % 2], victim, captcha, "198.51.100.41")));

    expect(await resetsIn(world)).toBe(ACCOUNT_LIMIT);
    expect(await mailsTo(world, victim)).toBe(ACCOUNT_LIMIT);
    // Sent or held back, the page says the same words with the same status.
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.page).toContain(forgotPasswordTexts.neutral);
    }
  });

  it(`lets at most ${ADDRESS_LIMIT} requests from one address reach the practice, whichever accounts they name`, async () => {
    const accounts = worlds.flatMap((world) => ["family", "empty", "reset", "noresource"].map((label) => ({ world, email: world.user(label).username })));
    const captchas = await Promise.all(accounts.map((_, i) => solvedCaptcha(portals[i % 2])));
    const answers = await Promise.all(accounts.map(({ email }, i) => askForPassword(portals[i % 2], email, captchas[i], "198.51.100.42")));

    const reached = (await Promise.all(worlds.map(async (world) => (await world.requests({ path: "Patient/ForgotPassword" })).filter((e) => (e.query as { Username?: string }).Username !== world.user("solo").username).length))).reduce((a, b) => a + b, 0);
    expect(reached).toBe(ADDRESS_LIMIT);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.page).toContain(forgotPasswordTexts.neutral);
    }
    // Another address is not held back by it.
    const other = worlds[2].user("solo").username;
    expect((await askForPassword(portals[0], other, await solvedCaptcha(portals[0]), "198.51.100.43")).page).toContain(forgotPasswordTexts.neutral);
    expect(await mailsTo(worlds[2], other)).toBe(1);
  });
});
