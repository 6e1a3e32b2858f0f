import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StepEnvelope } from "~/lib/steps";
import { listAccess, startAccessRetention } from "~/.server/access-entries.server";
import { loadConfig } from "~/.server/config.server";
import { DEVICE_SEEN_INTERVAL_MS, noteDeviceRequest, purgeDevices } from "~/.server/device-rows.server";
import { createDeviceCookie, deviceStore, noteSignIn, type DeviceStore } from "~/.server/sign-in-security/devices.server";
import { smtpSender, type Mail } from "~/.server/sign-in-security/mail.server";
import { observability } from "~/.server/observability.server";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import { createSessions } from "~/.server/session.server";
import { accountHolderKey, anonymousSessionId } from "~/.server/opaque-names.server";
import { createSignInSteps } from "~/areas/sign-in/login-flow.server";
import type { FlowResult } from "~/areas/sign-in/sign-in-context.server";
import { SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { RedisStateStore } from "~/.server/redis-state-store.server";
import type { StateStore } from "~/.server/state-store.server";
import { startRedisServer, type RedisServer } from "../helpers/redis-server";
import { deviceMailTexts } from "~/lib/texts/devices";
import { profileTexts as t } from "~/areas/profile/texts";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { openEmbeddedTestStore, openPostgresTestStore } from "../helpers/test-stores";

/**
 * Your devices (issue 31, decisions/295) against the mock practice and the embedded store (the
 * store's own rules against a real PostgreSQL too): the sign-in
 * steps note each browser by its device cookie, a device new to the holder is e-mailed about once
 * (through SMTP to the mock's catcher, read back from its admin API), and a device's sessions end in
 * the session store. It makes its store the process's (the access record is written through it)
 * and hands it back when it ends (vitest.config.ts).
 */

const mock = useMockServer({ smtpPort: 0 });
let embedded: PortalStore;
let world: TestWorld;
let devices: DeviceStore;
const sent: Mail[] = [];

beforeAll(async () => {
  embedded = await openEmbeddedTestStore();
  sharePortalStore(embedded);
  devices = deviceStore(() => embedded);
  world = await mock.createWorld({ scenario: "default", seed: 295 });
}, 120_000);
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  unsharePortalStore(embedded);
  for (const close of closers) await close().catch(() => undefined);
  await embedded?.close().catch(() => undefined);
}, 60_000);

const config = loadConfig({ NODE_ENV: "test" });
/** The clock the sessions read for last seen (decisions/310): moved by the tests, never waited for. */
let clock: number | null = null;
/** Each time a session took its turn to move its device's last seen on. */
let lastSeenWrites = 0;
const sessions = createSessions(config, {
  deviceSeen: {
    intervalMs: DEVICE_SEEN_INTERVAL_MS,
    now: () => clock ?? Date.now(),
    note: (seen) => {
      lastSeenWrites++;
      noteDeviceRequest(seen, embedded);
    },
  },
});
const deviceCookie = createDeviceCookie(config);

function portal() {
  const smtp = smtpSender(`smtp://127.0.0.1:${mock.server.smtpPort}`, "Patient Portal <no-reply@portal.invalid>");
  return createSignInSteps({
    identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL,
    signedOutApi: mock.portalConfig.PRACTICE_API_URL,
    sessions,
    throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 10, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 }),
    verifyCaptcha: async () => true,
    devices: {
      cookie: deviceCookie,
      notices: {
        store: devices,
        sendMail: async (mail) => {
          sent.push(mail);
          await smtp(mail);
        },
      },
    },
  });
}

let steps: ReturnType<typeof portal>;
beforeAll(() => {
  steps = portal();
});

/** A browser: its session cookie and its device cookie, kept as a browser keeps them. */
function browser(address = "203.0.113.57") {
  let cookie: string | null = null;
  let device: string | null = null;
  const session = () => sessions.sessionStorage.getSession(cookie);
  const keep = (result: FlowResult) => {
    if (result.cookie) cookie = result.cookie.split(";")[0];
    if (result.deviceCookie) device = result.deviceCookie.split(";")[0];
    return result.outcome;
  };
  const request = () =>
    new Request("http://portal.test/login/flow", {
      method: "POST",
      headers: { "x-portal-client-address": address, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0", ...(device ? { Cookie: device } : {}) },
    });
  return {
    session,
    signIn: async (label: string) => keep(await steps.signInStep(request(), await session(), { username: world.user(label).username, password: world.user(label).password, captcha: null, redirectTo: "/" })),
    signedIn: async () => (await session()).get("user") !== undefined,
    deviceId: async () => (await session()).get("user")?.deviceId,
    /** A signed-in page, through the shell's own guard (checkTokenAlongside), from `from`; resolves once its last seen is handed to the store and written. */
    page: async (from = address) => {
      const request = new Request("http://portal.test/letters", { headers: { Cookie: cookie ?? "", "x-portal-client-address": from, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" } });
      const response = await sessions.checkTokenAlongside(request, async () => new Response("the page"));
      await sessions.devicesSeen();
      await embedded.settled();
      return response.status;
    },
  };
}

/** The mail the mock's catcher holds for an address, as its admin API shows it. */
async function caught(to: string): Promise<{ subject: string; body: string }[]> {
  const res = await mock.admin(`/worlds/${world.id}/mail?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { mail: { subject: string; body: string }[] }).mail;
}

async function holderKeyOf(b: ReturnType<typeof browser>) {
  const user = (await b.session()).get("user")!;
  return accountHolderKey(user.apiBase, user.parentId);
}

describe.each(["embedded", "postgres"] as const)("the devices store (%s)", (kind) => {
  let store: DeviceStore;
  let portal: PortalStore;
  beforeAll(async () => {
    if (kind === "embedded") {
      store = devices;
      portal = embedded;
    } else {
      const opened = await openPostgresTestStore("devices");
      closers.push(() => opened.close());
      store = deviceStore(() => opened);
      portal = opened;
    }
  }, 120_000);

  it("a request moves last seen (and the range seen from) on, only forward and only for a device on the list", async () => {
    const key = "lastseenholderaaaaaa1";
    const device = { id: "l".repeat(32), label: "Chrome on Android" as const, range: "203.0.113.x" };
    const signedIn = new Date("2026-11-26T01:00:00Z");
    await store.seen(key, device, signedIn);
    const request = new Request("http://portal.test/", { headers: { "x-portal-client-address": "198.51.100.20" } });
    noteDeviceRequest({ holderKey: key, deviceId: device.id, request, at: new Date(signedIn.getTime() + 60_000) }, portal);
    // An older request written late never moves it back; a device not on the list gets no row.
    noteDeviceRequest({ holderKey: key, deviceId: device.id, request, at: new Date(signedIn.getTime() + 30_000) }, portal);
    noteDeviceRequest({ holderKey: key, deviceId: "n".repeat(32), request, at: new Date(signedIn.getTime() + 90_000) }, portal);
    await portal.settled();
    expect(await store.list(key)).toEqual([{ deviceId: device.id, label: device.label, addressRange: "198.51.100.x", firstSeen: signedIn, lastSeen: new Date(signedIn.getTime() + 60_000) }]);
  });

  it("the access record's daily purge also removes devices not seen for DEVICE_RETENTION_DAYS, and no others", async () => {
    const key = "purgedholderaaaaaaaa1";
    const now = new Date("2031-01-01T00:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    await store.seen(key, { id: "o".repeat(32), label: "Safari on iPhone", range: "203.0.113.x" }, daysAgo(396));
    await store.seen(key, { id: "k".repeat(32), label: "Firefox on Windows", range: "203.0.113.x" }, daysAgo(394));
    const purged = await new Promise<unknown>((resolve) => {
      const stop = startAccessRetention(portal, { days: 3_650, devicesDays: 395, now: () => now, onPurged: (outcome) => (stop?.(), resolve(outcome)) });
    });
    // Other tests' devices were seen in 2026, over 13 months before this clock: they go too; this holder keeps only the recent one.
    expect(purged).toMatchObject({ devicesRemoved: expect.any(Number) });
    expect((purged as { devicesRemoved: number }).devicesRemoved).toBeGreaterThanOrEqual(1);
    expect((await store.list(key)).map((d) => d.deviceId)).toEqual(["k".repeat(32)]);
    expect(await purgeDevices(portal, { now, days: 395 })).toBe(0);
  });

  it("two sign-ins racing on one new device find it new once; each holder sees only their own", async () => {
    const key = "racingholderaaaaaaaaa1";
    const device = { id: "r".repeat(32), label: "Firefox on Windows" as const, range: "198.51.100.x" };
    const seen = await Promise.all(Array.from({ length: 5 }, () => store.seen(key, device)));
    expect(seen.filter((s) => s.isNew)).toHaveLength(1);
    await store.seen("anotherholderaaaaaaaa2", { ...device, id: "s".repeat(32) });
    expect((await store.list(key)).map((d) => d.deviceId)).toEqual([device.id]);
    expect(await store.forgetAllBut(key, device.id)).toBe(0);
    expect(await store.forget("anotherholderaaaaaaaa2", device.id)).toBe(false);
  });
});

describe("your devices", () => {
  it("lists one holder's browsers, each once, with when each was first and last seen; another holder's are not among them", async () => {
    const [a, b, other] = [browser(), browser("2001:db8:85a3::1"), browser()];
    expect(await a.signIn("solo")).toEqual({ kind: "signedIn", redirectTo: "/" });
    await b.signIn("solo");
    await other.signIn("empty");
    await steps.devicesNoted();
    const key = await holderKeyOf(a);
    const first = await devices.list(key);
    expect(first.map((d) => d.deviceId).sort()).toEqual([await a.deviceId(), await b.deviceId()].sort());
    expect(first.map((d) => d.addressRange).sort()).toEqual(["2001:db8:85a3::/48", "203.0.113.x"]);
    expect(first.every((d) => d.label === "Chrome on Linux")).toBe(true);
    expect(await devices.list(await holderKeyOf(other))).toHaveLength(1);

    // The same browser signing in again is the same device: last seen moves on, first seen stays.
    const idBefore = await a.deviceId();
    await a.signIn("solo");
    await steps.devicesNoted();
    expect(await a.deviceId()).toBe(idBefore);
    const again = await devices.list(key);
    expect(again).toHaveLength(2);
    const row = again.find((d) => d.deviceId === idBefore)!;
    expect(row.firstSeen).toEqual(first.find((d) => d.deviceId === idBefore)!.firstSeen);
    expect(row.lastSeen.getTime()).toBeGreaterThan(row.firstSeen.getTime());
  });

  it("last seen is the last request: a page after the interval moves it on, one inside it does not, and of several at once one writes", async () => {
    const b = browser("203.0.113.57");
    const signedInAt = Date.now();
    await b.signIn("solo");
    await steps.devicesNoted();
    const key = await holderKeyOf(b);
    const id = (await b.deviceId())!;
    const row = async () => (await devices.list(key)).find((d) => d.deviceId === id)!;
    const atSignIn = await row();
    try {
      // Inside the interval the sign-in started: the page is served, nothing is written.
      clock = signedInAt + DEVICE_SEEN_INTERVAL_MS - 1_000;
      const writes = lastSeenWrites;
      expect(await b.page("198.51.100.7")).toBe(200);
      expect(lastSeenWrites).toBe(writes);
      expect(await row()).toEqual(atSignIn);

      // Past it: last seen is this page's time, and the range the page came from.
      clock = signedInAt + DEVICE_SEEN_INTERVAL_MS + 1_000;
      expect(await b.page("198.51.100.7")).toBe(200);
      expect(lastSeenWrites).toBe(writes + 1);
      expect(await row()).toMatchObject({ firstSeen: atSignIn.firstSeen, lastSeen: new Date(clock), addressRange: "198.51.100.x" });

      // A minute later: inside the new interval, so unchanged.
      const moved = clock;
      clock += 60_000;
      await b.page();
      expect((await row()).lastSeen).toEqual(new Date(moved));

      // Past the next interval, three pages at once (as a browser's parallel requests, or two processes): one write.
      clock = moved + DEVICE_SEEN_INTERVAL_MS;
      await Promise.all([b.page(), b.page(), b.page()]);
      expect(lastSeenWrites).toBe(writes + 2);
      expect((await row()).lastSeen).toEqual(new Date(clock));
      expect(await b.signedIn()).toBe(true);
    } finally {
      clock = null;
    }
  });

  it("a new device is e-mailed about once, to the sign-in address, and recorded; a known one is not", async () => {
    const to = world.user("empty").username;
    const before = (await caught(to)).length;
    const b = browser();
    await b.signIn("empty");
    await steps.devicesNoted();
    await embedded.settled();
    const user = (await b.session()).get("user")!;
    const newDevices = async () => (await listAccess({ practice: user.apiBase, patientId: user.parentId })).entries.filter((e) => e.area === "devices" && e.action === "new-device").length;
    const recordedBefore = await newDevices();
    // Named by the session the sign-in started (its anonymous name), as every other entry of that session is.
    const entries = (await listAccess({ practice: user.apiBase, patientId: user.parentId })).entries;
    expect(entries.filter((e) => e.action === "new-device").map((e) => e.sessionId)).toContain(anonymousSessionId((await b.session()).id));
    // Each of the holder's devices was recorded once, when it was new (this one among them).
    expect(recordedBefore).toBe((await devices.list(accountHolderKey(user.apiBase, user.parentId))).length);
    await steps.devicesNoted();
    const mail = (await caught(to)).slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: deviceMailTexts.subject });
    expect(mail[0].body).toContain("Chrome on Linux");
    expect(mail[0].body).toContain("203.0.113.x");
    // Never the whole address.
    expect(mail[0].body).not.toContain("203.0.113.57");

    await b.signIn("empty");
    await steps.devicesNoted();
    expect(await caught(to)).toHaveLength(before + 1);
    await embedded.settled();
    expect(await newDevices()).toBe(recordedBefore);
  });

  it("a mail server that refuses is counted and logged, never thrown at the sign-in", async () => {
    const failures = async () => (await observability().mailFailures.get()).values.find((v) => v.labels.mail === "new-device")?.value ?? 0;
    const counted = await failures();
    const result = await noteSignIn(
      { store: devices, sendMail: async () => Promise.reject(new Error("550 mailbox unavailable")) },
      { apiBase: "http://practice.test", holderId: "p1", holderKey: "failingholderaaaaaaaa1", sessionId: "session-for-the-test", username: "jo@example.com" },
      { id: "f".repeat(32), label: "Safari on iPhone", range: "203.0.113.x" },
    );
    expect(result).toEqual({ isNew: true, mailed: false });
    expect(await failures()).toBe(counted + 1);
  });

  it("Sign out for one device ends its session only; everywhere else keeps this one", async () => {
    const [mine, other, third] = [browser(), browser(), browser()];
    for (const b of [mine, other, third]) await b.signIn("solo");
    await steps.devicesNoted();

    const ended = await sessions.endDeviceSessions(await mine.session(), { device: (await other.deviceId())! });
    expect(ended).toBe(1);
    expect(await other.signedIn()).toBe(false);
    expect(await mine.signedIn()).toBe(true);
    expect(await third.signedIn()).toBe(true);

    await sessions.endOtherSessions(await mine.session());
    expect(await third.signedIn()).toBe(false);
    expect(await mine.signedIn()).toBe(true);
  });

  it("a device taken off the list is new again at its next sign-in", async () => {
    const b = browser();
    await b.signIn("empty");
    await steps.devicesNoted();
    const key = await holderKeyOf(b);
    const id = (await b.deviceId())!;
    expect(await devices.forget(key, id)).toBe(true);
    expect(await devices.forget(key, id)).toBe(false);
    expect(await devices.forget("someoneelseaaaaaaaaaa1", id)).toBe(false);
    const to = world.user("empty").username;
    const before = (await caught(to)).length;
    await b.signIn("empty");
    await steps.devicesNoted();
    expect(await caught(to)).toHaveLength(before + 1);
  });
});

describe("sessions of one holder in two portal processes sharing one Redis (decisions/366)", () => {
  let redis: RedisServer;
  const stores: StateStore[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  }, 60_000);
  afterAll(async () => {
    for (const store of stores) await store.close();
    await redis?.stop();
  });

  /** A portal process: its own connection to the shared Redis, its own sessions and sign-in steps. */
  function portalProcess() {
    const store = new RedisStateStore(redis.url);
    stores.push(store);
    const processSessions = createSessions(config, { store });
    const processSteps = createSignInSteps({
      identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL,
      signedOutApi: mock.portalConfig.PRACTICE_API_URL,
      sessions: processSessions,
      throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 10, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 }),
      verifyCaptcha: async () => true,
      devices: { cookie: deviceCookie, notices: { store: devices, sendMail: null } },
    });
    /** Signs solo in through this process, with a device cookie when one is given (a copy of another browser's). */
    const signIn = async (device?: string) => {
      const request = new Request("http://portal.test/login/flow", { method: "POST", headers: { "x-portal-client-address": "203.0.113.57", ...(device ? { Cookie: device } : {}) } });
      const result = await processSteps.signInStep(request, await processSessions.sessionStorage.getSession(), { username: world.user("solo").username, password: world.user("solo").password, captcha: null, redirectTo: "/" });
      expect(result.outcome).toMatchObject({ kind: "signedIn" });
      return { cookie: result.cookie!.split(";")[0], device: result.deviceCookie!.split(";")[0] };
    };
    return { sessions: processSessions, signIn, session: (cookie: string) => processSessions.sessionStorage.getSession(cookie) };
  }

  it("a copy of this device's sign-in made in another process is listed in this one, this session marked, and ends with the other sessions; this one stays", async () => {
    const [a, b] = [portalProcess(), portalProcess()];
    const mine = await a.signIn();
    const copy = await b.signIn(mine.device);
    const elsewhere = await b.signIn();
    const session = await a.session(mine.cookie);
    const deviceId = session.get("user")!.deviceId!;
    expect((await b.session(copy.cookie)).get("user")!.deviceId).toBe(deviceId);

    const listed = await a.sessions.signedInSessions(session);
    expect(listed.filter((s) => s.deviceId === deviceId).map((s) => s.current).sort()).toEqual([false, true]);
    expect(listed.filter((s) => s.deviceId !== deviceId)).toEqual([{ deviceId: (await b.session(elsewhere.cookie)).get("user")!.deviceId, startedAt: expect.any(Date), current: false }]);
    // Seen from the copy's process, the copy is the current one.
    expect((await b.sessions.signedInSessions(await b.session(copy.cookie))).filter((s) => s.current)).toHaveLength(1);

    // This device's Sign out ends the copy only; Sign out everywhere else the rest.
    expect(await a.sessions.endDeviceSessions(session, { device: deviceId })).toBe(1);
    expect((await b.session(copy.cookie)).get("user")).toBeUndefined();
    expect((await b.session(elsewhere.cookie)).get("user")).toBeDefined();
    await a.sessions.endOtherSessions(session);
    expect((await b.session(elsewhere.cookie)).get("user")).toBeUndefined();
    expect((await a.session(mine.cookie)).get("user")).toBeDefined();
    expect(await a.sessions.signedInSessions(session)).toEqual([{ deviceId, startedAt: expect.any(Date), current: true }]);
  });
});

describe("Sign out from Your devices, through the profile's action", () => {
  // The portal's own sessions, state store, device cookie and devices store (on this file's embedded
  // store, shared on globalThis), as the profile's action uses them.
  let app: typeof import("~/.server/session.server");
  let state: typeof import("~/.server/state.server");
  let answerProfileSteps: typeof import("~/areas/profile/steps.server").answerProfileSteps;
  let devicesOf: typeof import("~/areas/profile/devices.server").devicesOf;
  let appSteps: ReturnType<typeof createSignInSteps>;
  beforeAll(async () => {
    const [session, devicesModule, route, stateModule, area] = await Promise.all([
      import("~/.server/session.server"),
      import("~/.server/sign-in-security/devices.server"),
      import("~/areas/profile/steps.server"),
      import("~/.server/state.server"),
      import("~/areas/profile/devices.server"),
    ]);
    [app, state, answerProfileSteps, devicesOf] = [session, stateModule, route.answerProfileSteps, area.devicesOf];
    appSteps = createSignInSteps({
      identityUrl: mock.portalConfig.PRACTICE_IDENTITY_URL,
      signedOutApi: mock.portalConfig.PRACTICE_API_URL,
      sessions: app.sessions,
      throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 10, SIGNIN_MAX_FAILURES_PER_ADDRESS: 50 }),
      verifyCaptcha: async () => true,
      devices: { cookie: devicesModule.deviceCookie, notices: { store: devices, sendMail: null } },
    });
  });

  /**
   * A browser signed in to the portal: its cookies kept, its session's id in the state store, its posts to /profile.
   * `copying` signs in with another browser's device cookie (copied from it), so both are one device.
   */
  async function signedIn(label: string, { copying }: { copying?: { device: string } } = {}) {
    const result = await appSteps.signInStep(new Request("http://portal.test/login/flow", { method: "POST", headers: { "x-portal-client-address": "203.0.113.9", "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/140.0", ...(copying ? { Cookie: copying.device } : {}) } }), await app.sessions.sessionStorage.getSession(), {
      username: world.user(label).username,
      password: world.user(label).password,
      captcha: null,
      redirectTo: "/",
    });
    expect(result.outcome).toMatchObject({ kind: expect.stringMatching(/^(signedIn|chooseAccount)$/) });
    let cookie = result.cookie!.split(";")[0];
    const device = result.deviceCookie?.split(";")[0] ?? copying?.device ?? "";
    if (result.outcome.kind === "chooseAccount") {
      const chosen = await appSteps.chooseAccountStep(await app.sessions.sessionStorage.getSession(cookie), result.outcome.accounts[0].id);
      cookie = chosen.cookie!.split(";")[0];
    }
    await appSteps.devicesNoted();
    return browserOf(cookie, device);
  }

  /** The browser holding these cookies, as `signedIn` answers it. */
  async function browserOf(signedInCookie: string, device: string) {
    // The cookie this browser holds: a Set-Cookie in an answer replaces it, as a browser's would.
    let cookie = signedInCookie;
    const session = await app.sessions.sessionStorage.getSession(cookie);
    const user = session.get("user")!;
    return {
      user,
      device,
      sessionId: session.id,
      deviceId: user.deviceId!,
      cookie: () => cookie,
      /** The entry of the session this browser holds now in the state store (Redis or memory), or null once it is gone. */
      stored: async () => state.stateStore.get(`session:${(await app.sessions.sessionStorage.getSession(cookie)).id}`),
      /** This browser's next page: the guard every signed-in route starts with. */
      next: () => app.openSession(new Request("http://portal.test/profile", { headers: { Cookie: `${cookie}; ${device}` } })).then(() => "signed in", (e: unknown) => (e instanceof Response ? e.headers.get("Location") : "threw")),
      /** Your devices as this browser's profile lists them. */
      devices: () => devicesOf(new Request("http://portal.test/profile", { headers: { Cookie: `${cookie}; ${device}` } })),
      /** Its session's data under another id: a copy of this browser's sign-in (same device, same holder), as a second browser would hold it. */
      copy: async () => {
        const copy = await app.sessions.sessionStorage.getSession();
        for (const [key, value] of Object.entries(session.data)) copy.set(key as never, value as never);
        return browserOf((await app.sessions.sessionStorage.commitSession(copy)).split(";")[0], device);
      },
      /** A step of Your devices as the page posts it: its HTTP status, and whether it was done with its words. */
      post: async ({ intent, ...input }: { intent: string } & Record<string, string>) => {
        const request = new Request("http://portal.test/profile/step", {
          method: "POST",
          body: new URLSearchParams({ step: intent, input: JSON.stringify(input) }),
          headers: { Cookie: `${cookie}; ${device}`, "X-Portal-Step": "1", "x-portal-client-address": "203.0.113.9" },
        });
        const answer = await answerProfileSteps(request);
        const renewed = answer.headers.get("Set-Cookie");
        if (renewed) cookie = renewed.split(";")[0];
        await embedded.settled();
        const envelope = (await answer.json()) as StepEnvelope<{ message: string }>;
        return { status: answer.status, ok: envelope.ok, message: envelope.ok ? envelope.reply.message : envelope.failure.message };
      },
    };
  }

  it("Sign out for one ends that device's session in the state store and takes it off the list; a device of another account, or this one, is refused", async () => {
    const mine = await signedIn("solo");
    const other = await signedIn("solo");
    const theirs = await signedIn("empty");
    const key = accountHolderKey(mine.user.apiBase, mine.user.parentId);
    expect(await other.stored()).not.toBeNull();

    // Another account's device, posted with its id (a forged form): refused, and nothing of theirs changes.
    expect(await mine.post({ intent: "devices-sign-out", device: theirs.deviceId })).toMatchObject({ status: 404, ok: false, message: t.deviceNotListed });
    expect(await theirs.stored()).not.toBeNull();
    expect(await theirs.next()).toBe("signed in");
    expect((await devices.list(accountHolderKey(theirs.user.apiBase, theirs.user.parentId))).map((d) => d.deviceId)).toContain(theirs.deviceId);
    // This device has Log Out for that.
    expect(await mine.post({ intent: "devices-sign-out", device: mine.deviceId })).toMatchObject({ status: 400, ok: false, message: t.deviceIsThisOne });

    const signedOut = await mine.post({ intent: "devices-sign-out", device: other.deviceId });
    expect(signedOut).toMatchObject({ status: 200, ok: true, message: t.deviceSignedOut("Firefox on Windows") });
    expect(await other.stored()).toBeNull();
    expect(await other.next()).toBe("/login?redirectTo=%2Fprofile");
    expect(await mine.next()).toBe("signed in");
    expect((await devices.list(key)).map((d) => d.deviceId)).not.toContain(other.deviceId);
    // Gone already: a second post is told so.
    expect(await mine.post({ intent: "devices-sign-out", device: other.deviceId })).toMatchObject({ status: 404, ok: false, message: t.deviceNotListed });
    const recorded = (await listAccess({ practice: mine.user.apiBase, patientId: mine.user.parentId })).entries.filter((e) => e.action === "device-signed-out" && e.sessionId === anonymousSessionId(mine.sessionId));
    expect(recorded).toHaveLength(1);
  });

  it("Sign out everywhere else ends every other session of the holder and keeps this one", async () => {
    const mine = await signedIn("solo");
    const others = [await signedIn("solo"), await signedIn("solo")];
    const theirs = await signedIn("empty");
    expect(await mine.post({ intent: "devices-sign-out-others" })).toMatchObject({ status: 200, ok: true, message: t.othersSignedOut });
    for (const other of others) {
      expect(await other.stored()).toBeNull();
      expect(await other.next()).toBe("/login?redirectTo=%2Fprofile");
    }
    expect(await mine.stored()).not.toBeNull();
    expect(await mine.next()).toBe("signed in");
    expect(await theirs.next()).toBe("signed in");
    expect((await devices.list(accountHolderKey(mine.user.apiBase, mine.user.parentId))).map((d) => d.deviceId)).toEqual([mine.deviceId]);
  });

  it("a copy of this browser's sign-in (its device cookie, or its session's data under another id) is listed as a session on this device, and Sign out everywhere else ends it; this session stays", async () => {
    const mine = await signedIn("solo");
    const twin = await signedIn("solo", { copying: mine });
    const copy = await mine.copy();
    const elsewhere = await signedIn("solo");
    const unlisted = await signedIn("solo");
    const key = accountHolderKey(mine.user.apiBase, mine.user.parentId);
    expect(twin.deviceId).toBe(mine.deviceId);
    expect(copy.user).toEqual(mine.user);
    expect(copy.sessionId).not.toBe(mine.sessionId);
    // A device whose sign-in could not be noted (the store was down) still has its session.
    expect(await devices.forget(key, unlisted.deviceId)).toBe(true);

    // Counted, never named: this device holds three sessions, this one among them; the other device one.
    const listed = await mine.devices();
    expect(listed!.unlisted).toBe(1);
    expect(listed!.devices[0]).toMatchObject({ id: mine.deviceId, thisDevice: true, sessions: 3 });
    expect(listed!.devices.filter((d) => d.thisDevice)).toHaveLength(1);
    expect(listed!.devices.find((d) => d.id === elsewhere.deviceId)).toMatchObject({ thisDevice: false, sessions: 1 });
    expect(JSON.stringify(listed)).not.toContain(twin.sessionId);
    expect(JSON.stringify(listed)).not.toContain(copy.sessionId);
    // The other device sees this one from outside.
    expect((await elsewhere.devices())!.devices.find((d) => d.id === mine.deviceId)).toMatchObject({ thisDevice: false, sessions: 3 });

    expect(await mine.post({ intent: "devices-sign-out-others" })).toMatchObject({ status: 200, ok: true, message: t.othersSignedOut });
    for (const other of [twin, copy, elsewhere, unlisted]) {
      expect(await other.stored()).toBeNull();
      expect(await other.next()).toBe("/login?redirectTo=%2Fprofile");
    }
    expect(await mine.next()).toBe("signed in");
    expect(await mine.devices()).toMatchObject({ unlisted: 0, devices: [{ id: mine.deviceId, thisDevice: true, sessions: 1 }] });
    expect((await mine.devices())!.devices).toHaveLength(1);
    // On the access record as today: each other device listed, and the other sessions of this one.
    const recorded = (await listAccess({ practice: mine.user.apiBase, patientId: mine.user.parentId })).entries.filter((e) => e.action === "device-signed-out" && e.sessionId === anonymousSessionId(mine.sessionId));
    expect(recorded).toHaveLength(listed!.devices.length);
  });

  it("a copy of this very cookie (the same session) ends too: the browser asking goes on under a new session id", async () => {
    const mine = await signedIn("solo");
    // The thief's copy: the owner's own cookies, byte for byte.
    const stolen = await browserOf(mine.cookie(), mine.device);
    expect(stolen.sessionId).toBe(mine.sessionId);
    expect(await mine.post({ intent: "devices-sign-out-others" })).toMatchObject({ status: 200, ok: true, message: t.othersSignedOut });
    expect(mine.cookie()).not.toBe(stolen.cookie());
    expect(await stolen.next()).toBe("/login?redirectTo=%2Fprofile");
    expect(await mine.next()).toBe("signed in");
    expect((await app.sessions.sessionStorage.getSession(mine.cookie())).get("user")).toEqual(mine.user);
  });

  it("Sign out on this device ends its other sessions and keeps this one and the device; with none left, it is refused", async () => {
    const mine = await signedIn("solo");
    const twin = await signedIn("solo", { copying: mine });
    const elsewhere = await signedIn("solo");
    const key = accountHolderKey(mine.user.apiBase, mine.user.parentId);
    expect(await twin.next()).toBe("signed in");

    expect(await mine.post({ intent: "devices-sign-out", device: mine.deviceId })).toMatchObject({ status: 200, ok: true, message: t.thisDeviceOthersSignedOut(1) });
    expect(await twin.stored()).toBeNull();
    expect(await twin.next()).toBe("/login?redirectTo=%2Fprofile");
    expect(await mine.next()).toBe("signed in");
    expect(await elsewhere.next()).toBe("signed in");
    expect((await devices.list(key)).map((d) => d.deviceId)).toContain(mine.deviceId);
    expect((await mine.devices())!.devices[0]).toMatchObject({ id: mine.deviceId, thisDevice: true, sessions: 1 });
    const recorded = (await listAccess({ practice: mine.user.apiBase, patientId: mine.user.parentId })).entries.filter((e) => e.action === "device-signed-out" && e.sessionId === anonymousSessionId(mine.sessionId));
    expect(recorded).toHaveLength(1);

    expect(await mine.post({ intent: "devices-sign-out", device: mine.deviceId })).toMatchObject({ status: 400, ok: false, message: t.deviceIsThisOne });
    expect(await mine.next()).toBe("signed in");
  });
});
