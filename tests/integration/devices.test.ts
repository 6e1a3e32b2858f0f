import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAccess } from "../../app/.server/access-record.server";
import { loadConfig } from "../../app/.server/config.server";
import { createDeviceCookie, deviceStore, noteSignIn, type DeviceStore } from "../../app/.server/devices.server";
import { smtpSender, type Mail } from "../../app/.server/mail.server";
import { observability } from "../../app/.server/observability.server";
import { openPortalStore, sharePortalStore, type PortalStore } from "../../app/.server/portal-store.server";
import { accountHolderKey, anonymousSessionId, createSessions } from "../../app/.server/session.server";
import { createSignInSteps, type FlowResult } from "../../app/.server/sign-in.server";
import { SignInThrottle } from "../../app/.server/throttle.server";
import { deviceMailMessages } from "../../app/lib/messages/devices";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { startPostgresServer, type PostgresServer } from "../helpers/postgres-server";

/**
 * Your devices (issue 31, decisions/295) against the mock practice and the embedded store (the
 * store's own rules against a real PostgreSQL too): the sign-in
 * steps note each browser by its device cookie, a device new to the holder is e-mailed about once
 * (through SMTP to the mock's catcher, read back from its admin API), and a device's sessions end in
 * the session store. It shares its store on globalThis (the access record is written through it), so
 * it has a module graph of its own (OWN_MODULES in vitest.config.ts).
 */

const mock = useMockServer({ smtpPort: 0 });
let embedded: PortalStore;
let world: TestWorld;
let devices: DeviceStore;
const sent: Mail[] = [];

beforeAll(async () => {
  embedded = await openPortalStore({ DATABASE_URL: undefined, PORTAL_DATA_DIR: "memory://" });
  sharePortalStore(embedded);
  devices = deviceStore(() => embedded);
  world = await mock.createWorld({ scenario: "default", seed: 295 });
}, 120_000);
let postgres: PostgresServer | undefined;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close().catch(() => undefined);
  await embedded?.close().catch(() => undefined);
  await postgres?.remove();
}, 60_000);

const config = loadConfig({ NODE_ENV: "test" });
const sessions = createSessions(config);
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
  beforeAll(async () => {
    if (kind === "embedded") store = devices;
    else {
      postgres = await startPostgresServer();
      const opened = await openPortalStore({ DATABASE_URL: await postgres.createDatabase(`devices_${process.pid}`), PORTAL_DATA_DIR: "memory://" });
      closers.push(() => opened.close());
      store = deviceStore(() => opened);
    }
  }, 120_000);

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
    expect(mail[0]).toMatchObject({ subject: deviceMailMessages.subject });
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

    await sessions.endDeviceSessions(await mine.session(), { allBut: (await mine.deviceId())! });
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
