import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInSteps } from "~/areas/sign-in/steps";
import { profileSteps } from "~/areas/profile/steps";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { Browser, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { testDatabase } from "../helpers/test-stores";
import { freePort, startRedisServer, type RedisServer } from "../helpers/redis-server";
import { SoftwareAuthenticator } from "../helpers/software-authenticator";

/**
 * Passkeys across processes (issue 31, decisions/300): two built portals behind one origin, sharing one
 * PostgreSQL (the passkeys) and one Redis (sessions, challenges, counts), as a balancer without sticky
 * sessions would have them. A passkey added through one is asked for by the other; a challenge made by
 * one is answered at the other, once.
 */

const mock = useMockServer();
const SESSION_SECRET = "passkeys-processes-secret-of-at-least-32-chars";
let redis: RedisServer;
let first: PortalProcess;
let second: PortalProcess;
let world: TestWorld;
let origin: string;

beforeAll(async () => {
  redis = await startRedisServer();
  world = await mock.createWorld({ scenario: "default", seed: 301 });
  // The origin patients reach both processes at (a balancer's); the processes listen on ports of their own.
  origin = "https://portal.example.test";
  const env = {
    PRACTICE_IDENTITY_URL: mock.url,
    SESSION_SECRET,
    REDIS_URL: redis.url,
    DATABASE_URL: await testDatabase("passkeys_processes"),
    PORTAL_ORIGIN: origin,
    CAPTCHA_MAX_NUMBER: "1000",
    SIGNIN_MAX_FAILURES_PER_ADDRESS: "1000",
  };
  [first, second] = await Promise.all([startPortalProcess(await freePort(), env), startPortalProcess(await freePort(), env)]);
}, 180_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await redis?.stop();
}, 60_000);

describe("passkeys on two portal processes", () => {
  it("a passkey added through one process is asked for by the other; its challenge answered at the first works once", async () => {
    const user = world.user("solo");
    const authenticator = new SoftwareAuthenticator(origin);

    const holder = new Browser();
    expect(await holder.step(first, signInSteps, "sign-in", { username: user.username, password: user.password, captcha: "", redirectTo: "/" })).toEqual({ kind: "signedIn", redirectTo: "/" });
    // Fresh proof first (issue 51): with no second step yet, the current password, checked by the practice.
    const asked = await holder.step(first, profileSteps, "passkey-options", { name: "Laptop", password: user.password });
    if (!asked.options) throw new Error(`options expected: ${JSON.stringify(asked)}`);
    expect(asked.options.rp.id).toBe("portal.example.test");
    // The new credential posted to the other process, with the proof's grant token: the challenge and the grant are in the shared state store.
    const added = await holder.step(second, profileSteps, "passkey-add", { name: "Laptop", answer: JSON.stringify(authenticator.register(asked.options)), grant: asked.grant });
    // The holder's first passkey: ten recovery codes come with it, once (decisions/321).
    expect(added).toEqual({ message: passkeyTexts.added("Laptop"), codes: expect.any(Array) });
    expect(added.codes).toHaveLength(10);

    // Another browser signs in at the second process: the passkey is asked for.
    const later = new Browser();
    expect(await later.step(second, signInSteps, "sign-in", { username: user.username, password: user.password, captcha: "", redirectTo: "/" })).toEqual({ kind: "passkey", email: true, recovery: true });
    const options = await later.step(second, signInSteps, "passkey-options", {});
    if (options.kind !== "passkeyOptions") throw new Error(`options expected, not ${options.kind}`);
    const answer = authenticator.assert(options.options);
    // Answered at the first process, twice at once: one passes, the other is told it was used.
    const [a, b] = await Promise.all([later.step(first, signInSteps, "passkey", { answer }), later.step(second, signInSteps, "passkey", { answer })]);
    expect([a, b]).toContainEqual({ kind: "signedIn", redirectTo: "/" });
    const other = [a, b].find((o) => o.kind !== "signedIn");
    // The loser either saw the challenge spent, or the session already signed in by the winner.
    if (other) expect(other).toEqual({ kind: "refused", message: passkeyTexts.replayed });
    expect((await later.fetch(second, "/")).status).toBe(200);
  }, 60_000);
});
