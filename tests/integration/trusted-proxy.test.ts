import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInSteps } from "~/areas/sign-in/steps";
import { signInThrottleTexts } from "~/lib/texts/sign-in-throttle";
import type { FlowOutcome } from "~/lib/sign-in-flow";
import { callStep } from "~/lib/steps";
import { useMockServer } from "../helpers/mock-world";
import { START_TIMEOUT_MS, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { freePort } from "../helpers/redis-server";

/**
 * Whose address the per-address sign-in pause counts (decisions/008), against built portals over real
 * HTTP. This test's requests come from 127.0.0.1, so a portal trusting `loopback` sees them as coming
 * from a proxy, and one trusting 192.0.2.1 does not. With the address limit at 3, the fourth wrong
 * sign-in from one client address is refused: which address that was tells whose address was counted.
 */
const mock = useMockServer();
let untrusting: PortalProcess;
let behindProxy: PortalProcess;
let otherProxy: PortalProcess;

beforeAll(async () => {
  const env = { PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET: "trusted-proxy-test-secret-32-chars!!!!!", SIGNIN_MAX_FAILURES_PER_ADDRESS: "3" };
  [untrusting, behindProxy, otherProxy] = await Promise.all([
    startPortalProcess(await freePort(), env),
    startPortalProcess(await freePort(), { ...env, TRUST_PROXY: "loopback, 203.0.113.0/24" }),
    startPortalProcess(await freePort(), { ...env, TRUST_PROXY: "192.0.2.1" }),
  ]);
}, START_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await Promise.all([untrusting?.stop(), behindProxy?.stop(), otherProxy?.stop()]);
}, 30_000);

let attempts = 0;

/** A wrong sign-in (an unknown account each time, so only the address's count grows); what the portal answered. */
async function wrongSignIn(portal: PortalProcess, forwardedFor?: string): Promise<FlowOutcome> {
  const input = { username: `nobody-${++attempts}@example.invalid`, password: "NotThePassword1", captcha: "", redirectTo: "/" };
  return callStep(signInSteps, "sign-in", input, {
    // Posted as the page posts it, with the address a proxy in front would say it forwarded for.
    fetch: (url, init) => {
      const headers = new Headers(init?.headers);
      if (forwardedFor) headers.set("X-Forwarded-For", forwardedFor);
      return fetch(`${portal.url}${String(url)}`, { ...init, headers });
    },
  });
}

const paused = { kind: "refused", message: signInThrottleTexts.tooManyFromAddress };

describe("the client address of the sign-in pause", () => {
  it("without TRUST_PROXY is the socket's: a forged X-Forwarded-For changes nothing", async () => {
    for (const forged of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) expect(await wrongSignIn(untrusting, forged)).toMatchObject({ kind: "rejected" });
    expect(await wrongSignIn(untrusting, "198.51.100.4")).toEqual(paused);
    expect(await wrongSignIn(untrusting)).toEqual(paused);
  });

  it("from a trusted proxy is the address it forwards: one client paused, another not", async () => {
    for (let i = 0; i < 3; i++) expect(await wrongSignIn(behindProxy, "198.51.100.10")).toMatchObject({ kind: "rejected" });
    expect(await wrongSignIn(behindProxy, "198.51.100.10")).toEqual(paused);
    expect(await wrongSignIn(behindProxy, "198.51.100.11")).toMatchObject({ kind: "rejected" });
  });

  it("from a chain of trusted proxies is the right-most address that is not one: what the client wrote to the left is ignored", async () => {
    // 203.0.113.7 is a trusted proxy that passed on 198.51.100.20's request; the left-most entries are the client's own.
    for (const forged of ["10.9.9.1", "10.9.9.2", "10.9.9.3"]) expect(await wrongSignIn(behindProxy, `${forged}, 198.51.100.20, 203.0.113.7`)).toMatchObject({ kind: "rejected" });
    expect(await wrongSignIn(behindProxy, "198.51.100.20")).toEqual(paused);
    expect(await wrongSignIn(behindProxy, "10.9.9.1")).toMatchObject({ kind: "rejected" });
  });

  it("from a socket that is not a trusted proxy is the socket's, whatever proxies are configured", async () => {
    for (const forged of ["198.51.100.30", "198.51.100.31", "198.51.100.32"]) expect(await wrongSignIn(otherProxy, forged)).toMatchObject({ kind: "rejected" });
    expect(await wrongSignIn(otherProxy, "198.51.100.33")).toEqual(paused);
  });
});
