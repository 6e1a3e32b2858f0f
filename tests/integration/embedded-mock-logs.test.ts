import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { messagingSteps } from "~/areas/messaging/steps";
import { mockAt } from "../helpers/mock-world";
import { Browser, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { freePort } from "../helpers/redis-server";
import { testTempDir } from "../helpers/test-temp";

/**
 * The portal as `npm start` runs it with no practice named: its own mock, whose request lines join the
 * portal's in LOG_FILE (issue 51, decisions/367). A line names the mock's route pattern, never the
 * address: no patient id, sign-in address or test name in a query or a path. The mock's journal, which
 * QA reads over the admin API, keeps every value. Metrics and the portal's own lines: metrics-and-logs.test.ts.
 */

const logFile = path.join(testTempDir("embedded-mock-logs-"), "portal.log");
let portal: PortalProcess;
let mockUrl: string;

beforeAll(async () => {
  const mockPort = await freePort();
  mockUrl = `http://127.0.0.1:${mockPort}`;
  // No PRACTICE_IDENTITY_URL: the portal starts the mock itself (scripts/serve.ts).
  portal = await startPortalProcess(await freePort(), { SESSION_SECRET: "embedded-mock-logs-secret-of-32-characters", MOCK_PORT: String(mockPort), LOG_FILE: logFile });
}, 120_000);

afterAll(async () => {
  await portal?.stop();
}, 30_000);

interface LogLine {
  kind?: string;
  msg: string;
}

const mockLines = (): LogLine[] =>
  readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.kind === "mock");

/** A value as it can stand in an address: as it is, percent-encoded, and form-encoded. */
const written = (value: string) => [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice("v=".length)];

describe("the embedded mock's request lines in LOG_FILE", () => {
  it("after a sign-in, Forgot Password, a test's result and chart and further pages of lists: no patient id, address or test name in any line; the journal keeps them", async () => {
    const world = await mockAt(mockUrl).createWorld({ scenario: "many-records", seed: 51 });
    const many = world.user("many");
    const browser = new Browser();
    await browser.signIn(portal, many);
    const practice = await world.signIn("many");
    const [result] = (await practice.api.call(endpoints.labResults, { query: { PatientID: practice.id, PageSize: 1, PageNumber: 1 } })).resources;
    const test = result.description!;

    // The two ways a list pages: a further page of letters in the address, a further page of messages by step.
    for (const address of ["/emails", "/letters?pages=2", `/reports?q=${encodeURIComponent(test)}`, `/reports/result/${encodeURIComponent(result.id)}`, `/reports/chart?test=${encodeURIComponent(test)}`]) {
      const page = await browser.fetch(portal, address);
      expect(page.status, address).toBe(200);
      await page.arrayBuffer();
    }
    expect((await browser.step(portal, messagingSteps, "page", { box: "inbox", filter: "all", page: 2 })).rows).toHaveLength(25);
    const stranger = new Browser();
    const forgot = await stranger.fetch(portal, "/forgetPassword", { form: { email: many.username, captcha: await stranger.solveCaptcha(portal) } });
    expect(forgot.status).toBe(200);
    await forgot.arrayBuffer();

    // The mock writes its line once its reply is out, which may be after the portal has read the reply.
    const logged = (pattern: RegExp) => mockLines().some((l) => pattern.test(l.msg));
    await expect.poll(() => logged(/^POST \/api\/Patient\/ForgotPassword\b/)).toBe(true);
    await expect.poll(() => logged(/^GET \/worlds\/\S+\/api\/Patient\/LabResultChartById\b/)).toBe(true);
    await expect.poll(() => mockLines().filter((l) => /^GET \/worlds\/\S+\/api\/Patient\/Messaging\b/.test(l.msg)).length).toBeGreaterThanOrEqual(2);

    const log = readFileSync(logFile, "utf8");
    for (const secret of [`=${practice.id}`, `/${practice.id}`, ...written(many.username), ...written(test), ...written(result.id)]) expect(log, secret).not.toContain(secret);
    // Each line of the mock's: method, route pattern (or "unrouted"), status and time.
    for (const { msg } of mockLines()) expect(msg).toMatch(/^[A-Z]+ (\/[\w/:.-]*|unrouted) \d{3} \d+ms$/);
    expect(logged(/^GET \/worlds\/:worldId\/api\/Patient\/Messaging 200 \d+ms$/)).toBe(true);

    // What QA reads over the admin API keeps every value.
    expect((await world.requests({ path: "Patient/LabResultChartById" }))[0]?.query).toMatchObject({ PatientID: practice.id, labcode: test });
    expect((await world.requests({ path: "Patient/ForgotPassword" }))[0]?.query).toMatchObject({ Username: many.username });
  }, 90_000);
});
