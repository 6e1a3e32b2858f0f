import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import axe, { type RunOptions } from "axe-core";
import { test as base, expect, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { signInSteps } from "~/areas/sign-in/steps";
import { STEP_HEADER } from "~/lib/step-errors";
import type { StepArea, StepInput } from "~/lib/steps";
import { buildSettings } from "../fixtures/builders/practice";
import { MOCK_PORT } from "../playwright.config";

/**
 * `world`: a fresh practice in the mock server for each test, so tests run in parallel without
 * seeing each other's changes. Its users are its scenario's, under their own usernames. Which
 * scenario, seed and clock is the `worldOptions` option:
 *   test.use({ worldOptions: { scenario: "family", seed: 7, now: "2026-03-01T09:00:00+13:00" } });
 *   test.use({ worldOptions: { practice: "spec" } });   // a practice as the spec describes it
 *   test.use({ specPractice: true });   // the same for every world of the file or block whose options name no practice
 * At a spec practice a test names no seed for its replies' shapes (`roomSeed`): each test takes one of
 * SPEC_ROOM_SEEDS by its title, so a file's tests meet the room the spec leaves at several seeds while
 * the scenario's data stays seed 1's (decisions/396); `E2E_ROOM_SEED=3` runs every such test at seed 3.
 */
const ADMIN = `http://127.0.0.1:${MOCK_PORT}/__admin`;

export interface WorldUser {
  label: string;
  username: string;
  password: string;
}

/** The world a test gets; without `now` its clock runs from real time. */
export interface WorldOptions {
  scenario?: string;
  seed?: number;
  /** Fixes the world's clock at this instant, e.g. "2026-03-01T09:00:00+13:00" (decisions/012). */
  now?: string;
  /** Ours, or a practice as 1§7 and 2§7 describe it (decisions/372); by default the scenario's. */
  practice?: "mock" | "spec";
  /**
   * At a spec practice, the seed its replies' shapes are drawn by (contract/room); by default `seed`
   * when given, else the test's of SPEC_ROOM_SEEDS (or E2E_ROOM_SEED).
   */
  roomSeed?: number;
}

/** The room seeds spec-practice tests are spread over, each test by its title: seeds 1..5 cover every reply shape of most calls (tests/unit/spec-room.test.ts). */
export const SPEC_ROOM_SEEDS = [1, 2, 3, 4, 5] as const;

/** The test's room seed: E2E_ROOM_SEED when set, else one of SPEC_ROOM_SEEDS by a hash of its title, the same at every run. */
function roomSeedOf(titlePath: readonly string[]): number {
  if (process.env.E2E_ROOM_SEED) return Number(process.env.E2E_ROOM_SEED);
  const digest = createHash("sha256").update(titlePath.join(" › ")).digest();
  return SPEC_ROOM_SEEDS[digest.readUInt32BE(0) % SPEC_ROOM_SEEDS.length];
}

export interface WorldClock {
  /** The world's now, ISO in Pacific/Auckland. */
  now: string;
  mode: "fixed" | "running";
  startedAt: string;
  advanced: string;
}

export interface World {
  id: string;
  /** A user of the world's scenario by label ("solo", "family", "many", …). */
  user(label: string): WorldUser;
  /** A single-use switch token for an account: sign in at /loginSwitch/{q}. */
  switchToken(label: string): Promise<string>;
  /**
   * What the practice "sent" to an address (temporary passwords), and what the mock's mail catcher
   * caught for it (the portal's second-step codes, decisions/277), oldest first. A code mail is there
   * once the portal has answered the step that sent it.
   */
  mail(to: string): Promise<{ subject: string; body: string }[]>;
  /** Login Help requests the practice received. */
  helpMessages(): Promise<Record<string, string>[]>;
  /** The world's request journal (secrets redacted), optionally filtered. */
  requests(filter?: { method?: string; path?: string }): Promise<{ method: string; path: string; query: Record<string, unknown>; body: unknown; fault: string | null; chaos: { call: number; kind: string; latencyMs: number } | null; status: number }[]>;
  /** The repeat prescription requests the practice received, with what it answered. */
  /** The messages patients posted in this world, as the practice received them. */
  sentMessages(): Promise<{ receivedAt: string; id: string; patientId: string; box: "sent" | "drafts"; to: string; recipient: string; subject: string; body: string; attachments: { title: string; contentType: string; bytes: number }[]; deleted: boolean }[]>;
  repeatRequests(): Promise<{ receivedAt: string; patientId: string; medicines: string[]; delivery: "pickup" | "pharmacy"; pharmacy: { id: string; name: string } | null; urgent: boolean; preferredPharmacy: boolean; notes: string; ignoreLeave: boolean; outcome: "sent" | "refused" | "on-leave" }[]>;
  /** The card charges the world's payment provider made. */
  charges(): Promise<{ intentId: string; amountCents: number; at: string }[]>;
  /** Injects a fault into the next calls of one practice API path of this world. */
  fault(fault: { path: string; method?: "GET" | "POST" | "PUT" | "DELETE"; status?: number; body?: "malformed" | "empty" | "drop" | "lost-reply"; answer?: unknown; delayMs?: number; times?: number }): Promise<void>;
  /**
   * Holds the next calls of one practice API path until the test releases them (then the rest of the
   * fault applies, or the normal reply): to see a state that lasts only while the practice answers.
   */
  hold(fault: { path: string; method?: "GET" | "POST" | "PUT" | "DELETE"; status?: number; body?: "malformed" | "empty" | "drop" | "lost-reply"; answer?: unknown; times?: number }): Promise<HeldCalls>;
  /** Removes every fault injected into this world, leaving its data, sign-ins and journal as they are. */
  clearFaults(): Promise<void>;
  /** Seeded chaos from the next call on (decisions/383): a share of the world's practice calls fail or slow down. */
  chaos(config: { seed: number; rate: number; kinds: readonly ("503" | "timeout" | "garbled" | "lost-reply" | "slow")[]; latency?: { min: number; max: number } }): Promise<void>;
  /** Ends the world's chaos; the calls it hit stay marked in the journal. */
  clearChaos(): Promise<void>;
  /** The world's clock. */
  clock(): Promise<WorldClock>;
  /** Moves the world's clock on by an ISO 8601 duration ("P1D", "PT2H"). */
  advance(duration: string): Promise<WorldClock>;
  /** Back to the scenario's starting state: data, clock, sign-ins, faults and journal. */
  reset(): Promise<void>;
  /**
   * The practice's settings as our practice words them, for a test whose point needs a setting's value
   * (card types, delivery to a pharmacy): a spec practice may send every value null, and 1§3's defaults
   * then apply (decisions/396). Call it before signing in: the session reads the settings once.
   */
  settingsAsOurs(): Promise<void>;
  /**
   * At a spec practice, what its room seed draws for a call ("GET Patient/NextAvailableDay"): the reply's
   * shape and, for a reply with records, the nth record's (decisions/396); at our practice, undefined.
   */
  room(call: string): Promise<RoomDrawn | undefined>;
}

/** The shapes a spec practice's seed draws for one call, by name (contract/room). */
export interface RoomDrawn {
  reply: string;
  records?: string[];
}

/** Calls held by a fault with `hold`: wait for them to reach the practice, then let them go on. */
export interface HeldCalls {
  id: number;
  /** Resolves once at least `count` calls (default 1) have reached the held fault. */
  arrived(count?: number): Promise<void>;
  /** Lets the held calls go on, and the fault's later calls pass. */
  release(): Promise<void>;
}

export const test = base.extend<{ worldOptions: WorldOptions; specPractice: boolean; eachPractice: (typeof PRACTICES)[number] | undefined; world: World; consoleErrors: string[] }>({
  worldOptions: [{ scenario: "default" }, { option: true }],
  /** Every world of the file or block plays a practice as the spec describes it, unless its options name a practice. */
  specPractice: [false, { option: true }],
  /** Set by forEachPractice: the practice of this copy of the test, which runs only where this run meets it. */
  eachPractice: [undefined, { option: true }],
  world: async ({ worldOptions, specPractice, eachPractice }, use, testInfo) => {
    // Skipped before its world and page are made, so the copy not run costs nothing.
    if (eachPractice && !practicesThisRun(testInfo.titlePath, eachPractice).includes(eachPractice)) {
      testInfo.skip(true, `met at the ${eachPractice === "mock" ? "spec" : "mock"} practice in this run (E2E_PRACTICE=both runs both)`);
    }
    const practice = worldOptions.practice ?? (specPractice ? "spec" : undefined);
    const roomSeed = practice === "spec" ? (worldOptions.roomSeed ?? worldOptions.seed ?? roomSeedOf(testInfo.titlePath)) : undefined;
    // A failure at a spec practice says which shapes it met: run it again with E2E_ROOM_SEED.
    if (roomSeed !== undefined) testInfo.annotations.push({ type: "spec practice", description: `room seed ${roomSeed} (E2E_ROOM_SEED=${roomSeed})` });
    const created = await fetch(`${ADMIN}/worlds`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ scenario: "default", ...worldOptions, practice, roomSeed }),
    });
    expect(created.status, `the mock server creates a world: ${created.status === 201 ? "" : await created.clone().text()}`).toBe(201);
    const world = (await created.json()) as { id: string; users: WorldUser[] };
    await use({
      id: world.id,
      user(label) {
        const found = world.users.find((u) => u.label === label);
        if (!found) throw new Error(`No ${label} user in world ${world.id}`);
        return found;
      },
      async switchToken(label) {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/switch-tokens`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ label }) });
        expect(res.status).toBe(201);
        return ((await res.json()) as { q: string }).q;
      },
      async mail(to) {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/mail?to=${encodeURIComponent(to)}`);
        return ((await res.json()) as { mail: { subject: string; body: string }[] }).mail;
      },
      async helpMessages() {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/help-messages`);
        return ((await res.json()) as { messages: Record<string, string>[] }).messages;
      },
      async requests(filter = {}) {
        const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]);
        const res = await fetch(`${ADMIN}/worlds/${world.id}/requests?${query}`);
        return ((await res.json()) as { requests: Awaited<ReturnType<World["requests"]>> }).requests;
      },
      async sentMessages() {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/messages`);
        if (!res.ok) throw new Error(`sentMessages: ${res.status}`);
        return ((await res.json()) as { messages: Awaited<ReturnType<World["sentMessages"]>> }).messages;
      },
      async repeatRequests() {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/repeat-requests`);
        expect(res.status).toBe(200);
        return ((await res.json()) as { requests: Awaited<ReturnType<World["repeatRequests"]>> }).requests;
      },
      async charges() {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/charges`);
        return ((await res.json()) as { charges: Awaited<ReturnType<World["charges"]>> }).charges;
      },
      async fault(fault) {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/faults`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(fault),
        });
        expect(res.status).toBe(201);
      },
      async hold(fault) {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/faults`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ ...fault, hold: true }),
        });
        expect(res.status).toBe(201);
        const { id } = (await res.json()) as { id: number };
        return {
          id,
          async arrived(count = 1) {
            const waited = await fetch(`${ADMIN}/worlds/${world.id}/faults/${id}/held?atLeast=${count}&timeoutMs=20000`);
            expect(waited.status, `${count} call(s) of ${fault.path} reach the practice`).toBe(200);
          },
          async release() {
            const released = await fetch(`${ADMIN}/worlds/${world.id}/faults/${id}/release`, { method: "POST" });
            expect(released.status).toBe(200);
          },
        };
      },
      async clearFaults() {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/faults`, { method: "DELETE" });
        expect(res.ok).toBe(true);
      },
      async chaos(config) {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/chaos`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(config) });
        expect(res.status, `chaos ${JSON.stringify(config)}`).toBe(200);
      },
      async clearChaos() {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/chaos`, { method: "DELETE" });
        expect(res.status).toBe(204);
      },
      async clock() {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/clock`);
        expect(res.status).toBe(200);
        return (await res.json()) as WorldClock;
      },
      async advance(duration) {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/clock`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ advance: duration }) });
        expect(res.status, `advance ${duration}`).toBe(200);
        return (await res.json()) as WorldClock;
      },
      async reset() {
        const res = await fetch(`${ADMIN}/worlds/${world.id}/reset`, { method: "POST" });
        expect(res.status).toBe(200);
      },
      async settingsAsOurs() {
        await this.fault({ path: "Lookup/LoadPracticeSetting", answer: buildSettings({}) });
      },
      async room(call) {
        const res = await fetch(`${ADMIN}/worlds/${world.id}`);
        expect(res.status).toBe(200);
        return ((await res.json()) as { room?: Record<string, RoomDrawn> }).room?.[call];
      },
    });
    await fetch(`${ADMIN}/worlds/${world.id}`, { method: "DELETE" });
  },
  // The page opens after its world and closes before the world is deleted: a request the page still
  // makes as the test ends (a revalidation, a timer) finds its world rather than a 404 at the token check.
  page: async ({ world: _world, page }, use) => {
    await use(page);
  },
  // Tests fail on unexpected console errors (DESIGN conventions). Failed HTTP statuses that a test
  // provokes on purpose (a 401 sign-in, the 404 page) are the network's, not the page's, and are ignored.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      // A refusal by the page's own security policy is an error too, even one the page's code caught.
      await page.exposeFunction("__reportPolicyViolation", (text: string) => errors.push(text));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as { __reportPolicyViolation: (text: string) => void }).__reportPolicyViolation;
          void report(`Content-Security-Policy refused ${event.blockedURI || "(inline)"} under ${event.violatedDirective} at ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The flows that move money or messages run against both practices (issue 52): our mock's, and one
 * as 1§7 and 2§7 describe it, which reads no idempotency key, records whatever SavePayment names and
 * answers in the shapes the spec allows (decisions/372). Each describe block of `body` runs once per
 * practice, with the other world options it is given (a scenario, a seed).
 */
export const PRACTICES = ["mock", "spec"] as const;

/**
 * Each test of a block meets one of the two practices in a run, by a hash of its title, so every
 * behaviour is guarded once per run (decisions/397). E2E_PRACTICE pins it: `mock` or `spec`, `both`, or
 * `other` for the practice the hash did not draw, which `.ci/run`'s second pass meets, so CI meets both.
 */
export function forEachPractice(title: string, body: (practice: (typeof PRACTICES)[number]) => void, worldOptions: Omit<WorldOptions, "practice"> = {}) {
  for (const practice of PRACTICES) {
    test.describe(`${title}, at the ${practice} practice`, { tag: "@each-practice" }, () => {
      test.use({ worldOptions: { scenario: "default", ...worldOptions, practice }, eachPractice: practice });
      body(practice);
    });
  }
}

/** The practices a forEachPractice test meets in this run (above). */
function practicesThisRun(titlePath: readonly string[], practice: (typeof PRACTICES)[number]): readonly (typeof PRACTICES)[number][] {
  const pinned = process.env.E2E_PRACTICE ?? "";
  if (pinned === "both") return PRACTICES;
  if (pinned === "mock" || pinned === "spec") return [pinned];
  const suffix = `, at the ${practice} practice`;
  const title = titlePath.map((part) => (part.endsWith(suffix) ? part.slice(0, -suffix.length) : part)).join(" › ");
  const drawn = PRACTICES[createHash("sha256").update(title).digest().readUInt32BE(0) % PRACTICES.length];
  if (pinned === "other") return PRACTICES.filter((p) => p !== drawn);
  if (pinned) throw new Error(`E2E_PRACTICE=${pinned}: mock, spec, both or other`);
  return [drawn];
}

export async function signIn(page: Page, user: WorldUser) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/**
 * Signs `user` in without drawing the sign-in page: the test posts the sign-in form's own step
 * (/login/flow) over HTTP with the browser context's cookies, so the next page the browser opens is
 * signed in. Only the sign-in specs sign in through the form; every other test starts here.
 * A holder of linked accounts continues as the `account`th of the chooser (0 is the holder); the
 * id of that account is returned.
 */
export async function signInDirectly(page: Page, user: WorldUser, account?: number): Promise<string | undefined> {
  // The step answers "signed in" to a session that already is, whoever it is: start from none.
  await page.context().clearCookies({ name: "__portal" });
  const post = async <N extends keyof typeof signInSteps.steps & string>(name: N, input: StepInput<typeof signInSteps, N>) => {
    const res = await postStep(page.request, signInSteps, name, input);
    const body: unknown = await res.json();
    expect(res.status(), `the sign-in step ${name} for ${user.label}: ${JSON.stringify(body)}`).toBe(200);
    expect(body, `the sign-in step ${name} for ${user.label}`).toMatchObject({ ok: true });
    return signInSteps.steps[name].reply.parse((body as { reply: unknown }).reply);
  };
  const outcome = await post("sign-in", { username: user.username, password: user.password, captcha: null, redirectTo: "/" });
  if (outcome.kind === "signedIn") {
    expect(account, `${user.label} has no linked accounts to choose from`).toBeUndefined();
    return undefined;
  }
  if (outcome.kind !== "chooseAccount") throw new Error(`${user.label} was not signed in: ${JSON.stringify(outcome)}`);
  if (account === undefined) throw new Error(`${user.label} has linked accounts: say which to continue as`);
  const chosen = outcome.accounts[account];
  if (!chosen) throw new Error(`${user.label} has no account number ${account}`);
  expect((await post("choose-account", { account: chosen.id })).kind).toBe("signedIn");
  return chosen.id;
}

/**
 * Posts one step over HTTP as the page's `callStep` does (decisions/280: `step`, the input as JSON,
 * the step header), with the browser context's cookies; `headers` add to it (an `Origin` to test the
 * cross-site rule). The raw answer, for a test that reads its status and envelope itself.
 */
export function postStep<A extends StepArea, N extends keyof A["steps"] & string>(
  request: APIRequestContext,
  area: A,
  name: N,
  input: StepInput<A, N>,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  return request.post(area.url, { form: { step: name, input: JSON.stringify(input) }, headers: { [STEP_HEADER]: "1", ...headers }, maxRedirects: 0 });
}

/**
 * Signs `user` in directly (above), opens `path` and waits for its level-1 heading, the page's sign
 * that it is shown, and for React to have hydrated it. Returns the id of the chosen linked account, if one was chosen.
 */
export async function openSignedIn(page: Page, user: WorldUser, path: string, heading: string | RegExp, options: { account?: number } = {}): Promise<string | undefined> {
  const id = await signInDirectly(page, user, options.account);
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  // The server's page is visible before React has taken it over; a press or a choice made before then is
  // the browser's alone (a button with no form does nothing), so every test starts on a live page.
  await waitForHydration(page);
  return id;
}

/**
 * Waits until React has hydrated the page and committed it. The server's HTML is visible before the
 * page's effects run, so a test that moves a fake clock must wait for this, or it moves the clock before
 * the page's timers exist. The heading holding React's fiber is not enough on its own: React hydrates
 * in slices and tags each element as it reaches it, so a node a test adds to the page between the
 * heading's slice and the commit is a mismatch, and React then draws the page again without it (a CI
 * run met this). The root is committed when its state is no longer dehydrated.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector("h1");
    if (!heading || !Object.keys(heading).some((key) => key.startsWith("__reactFiber"))) return false;
    const containerKey = Object.keys(document).find((key) => key.startsWith("__reactContainer"));
    const hostRoot = containerKey ? (document as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[containerKey] : undefined;
    return hostRoot?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
}

/** Ticks "I'm not a robot" and waits for this browser to solve the proof of work. */
export async function solveCaptcha(scope: Page | import("@playwright/test").Locator) {
  await scope.getByRole("checkbox", { name: "I’m not a robot" }).check();
  await expect(scope.getByText("Done: you can continue.")).toBeVisible({ timeout: 20_000 });
}

/** axe's tags for WCAG 2.0, 2.1 and 2.2 at levels A and AA, and 2.0's 4.1.1 Parsing (obsolete in 2.2, still in 2.0/2.1). */
const WCAG_A_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "wcag2a-obsolete"];

/**
 * Zero axe violations under every WCAG 2.x A and AA rule axe has, and best practice (issue 33). A tag
 * alone leaves out the rules axe ships switched off, because it marks them experimental
 * (`label-content-name-mismatch`, `p-as-heading`, `td-has-header`, ...) or deprecated: those are
 * switched on by name, read from axe's own list so a rule a new axe adds is run without editing this.
 * Only violations are gathered in full (the passes were never read).
 */
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: [...WCAG_A_AA_TAGS, "best-practice"] },
  rules: Object.fromEntries(axe.getRules(WCAG_A_AA_TAGS).map((rule) => [rule.ruleId, { enabled: true }])),
  resultTypes: ["violations"],
};

/** The minified build (570 KB; `axe.source` is the 1.3 MB readable one): a third less to send and parse. */
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs in the page once axe is in it: each `rgb()`/`rgba()` string axe parses is parsed once. axe reads
 * every colour of every text through colorjs.io afresh, half of a scan's time on the portal's pages, and
 * one string is always one colour; other forms go to axe's own parser each time, and one it cannot read
 * throws there as before (decisions/401).
 */
export function rememberParsedColours() {
  type Colour = { r: number; g: number; b: number; alpha: number; parseString(text: string): Colour };
  const colourClass = (window as unknown as { axe: { commons: { color: { Color: { prototype: Colour } } } } }).axe.commons.color.Color;
  const parse = colourClass.prototype.parseString;
  const parsed = new Map<string, [number, number, number, number]>();
  colourClass.prototype.parseString = function (this: Colour, text: string) {
    const known = parsed.get(text);
    if (!known) {
      parse.call(this, text);
      if (/^rgba?\([\d.,\s%]+\)$/.test(text)) parsed.set(text, [this.r, this.g, this.b, this.alpha]);
      return this;
    }
    [this.r, this.g, this.b, this.alpha] = known;
    return this;
  };
}

export async function expectNoAxeViolations(page: Page) {
  // axe-core itself, run in the page once it is in every frame (axe reaches the portal's own frames by
  // message, as @axe-core/playwright's legacy mode does). A frame is asked first whether it has it:
  // sending the source again to a page that has it cost as much as the first time (about 0.1 s).
  for (const frame of page.frames()) {
    const put = frame
      .evaluate((version) => (window as unknown as { axe?: { version: string } }).axe?.version === version, axe.version)
      .then(async (has) => (has ? undefined : frame.evaluate(AXE_SOURCE).then(() => frame.evaluate(rememberParsedColours))));
    // A frame that cannot take it (detached meanwhile, or never loading) is left out, as the builder did.
    if (frame === page.mainFrame()) await put;
    else await put.catch(() => undefined);
  }
  const violations = await page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(document, options).then((results) => results.violations), AXE_OPTIONS);
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, "axe violations").toEqual([]);
}
