import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../app/.server/config.server";
import { rowOf } from "../../app/.server/appointment-rows.server";
import { getAppointments } from "../../app/.server/practice/appointments.server";
import { createSessions } from "../../app/.server/session.server";
import { loadZoomPage, signatureAction, type SignatureDeps } from "../../app/.server/zoom-page.server";
import { ZOOM_TEXT } from "../../app/lib/zoom";
import { MOCK_SDK_KEY } from "../../contract/video";
import { MOCK_SDK_SECRET } from "../../mock-server/handlers/video";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";

/**
 * /zoom's signature action and loader against the mock over HTTP (issue 15): the practice's video
 * function signs an attendee's join with its secret, the portal adds the SDK key and the patient's
 * name, and the secret never appears in what the browser gets.
 */
const mock = useMockServer();
const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
let world: TestWorld;
let s: PortalSession;
let cookie: string;

beforeAll(async () => {
  world = await mock.createWorld({ seed: 15 });
  ({ practice: s, cookie } = await signedInToPortal(sessions, world, "solo", { name: "Sam Solo" }));
});

const deps = (change: Partial<SignatureDeps> = {}): SignatureDeps => ({ requireSession: sessions.requireSession, signatureUrl: undefined, sdkKey: MOCK_SDK_KEY, ...change });
const post = (fields: Record<string, string>, d = deps()) =>
  signatureAction(new Request("http://portal.test/zoom/signature", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } }), d);

/** The JWT's parts, its signature checked with the mock's test secret. */
function verify(jwt: string) {
  const [header, payload, signature] = jwt.split(".");
  const expected = createHmac("sha256", MOCK_SDK_SECRET).update(`${header}.${payload}`).digest("base64url");
  return {
    valid: signature === expected,
    header: JSON.parse(Buffer.from(header, "base64url").toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, number | string>,
  };
}

describe("the /zoom signature action", () => {
  it("answers the practice's HS256 signature for role 0, the SDK key and the patient's name", async () => {
    const reply = await post({ meetingNumber: "81234567890" });
    if (!reply.ok) throw new Error(reply.message);
    expect(reply.sdkKey).toBe(MOCK_SDK_KEY);
    expect(reply.userName).toBe("Sam Solo");
    const jwt = verify(reply.signature);
    expect(jwt.valid).toBe(true);
    expect(jwt.header).toEqual({ alg: "HS256", typ: "JWT" });
    expect(jwt.claims).toMatchObject({ appKey: MOCK_SDK_KEY, sdkKey: MOCK_SDK_KEY, mn: "81234567890", role: 0 });
    const { iat, exp, tokenExp } = jwt.claims as Record<string, number>;
    expect(Math.abs(iat - Date.now() / 1000)).toBeLessThan(120);
    expect(exp - iat).toBeGreaterThanOrEqual(30 * 60);
    expect(tokenExp).toBe(exp);
    expect(JSON.stringify(reply)).not.toContain(MOCK_SDK_SECRET);
    // 1§7: POST {meetingNumber, role: 0} with the session's token, at the practice API by default.
    const [call] = await world.requests({ path: "video/signature" });
    expect(call).toMatchObject({ method: "POST", body: { meetingNumber: "81234567890", role: 0 }, status: 200 });
  });

  it("refuses a malformed meeting id without calling the practice", async () => {
    await world.clearRequests();
    expect(await post({ meetingNumber: "12ab" })).toEqual({ ok: false, message: ZOOM_TEXT.badMeeting });
    expect(await post({})).toEqual({ ok: false, message: ZOOM_TEXT.badMeeting });
    expect(await world.requests({ path: "video/signature" })).toEqual([]);
  });

  it("says plainly that the video service failed when the function fails, breaks its contract or cannot be reached", async () => {
    await world.fault({ path: "video/signature", status: 500, times: 1 });
    expect(await post({ meetingNumber: "81234567890" })).toEqual({ ok: false, message: ZOOM_TEXT.notSigned });
    await world.fault({ path: "video/signature", body: "malformed", times: 1 });
    expect(await post({ meetingNumber: "81234567890" })).toEqual({ ok: false, message: ZOOM_TEXT.notSigned });
    expect(await post({ meetingNumber: "81234567890" }, deps({ signatureUrl: "http://127.0.0.1:9/video" }))).toEqual({ ok: false, message: ZOOM_TEXT.notSigned });
  });

  it("calls VIDEO_SIGNATURE_URL when it is set", async () => {
    const config = loadConfig({ NODE_ENV: "test", VIDEO_SIGNATURE_URL: `${s.apiBase}video/signature?via=own-address` });
    expect(config.VIDEO_SIGNATURE_URL).toContain("via=own-address");
    await world.clearRequests();
    const reply = await post({ meetingNumber: "81234567890" }, deps({ signatureUrl: config.VIDEO_SIGNATURE_URL }));
    expect(reply.ok).toBe(true);
    const [call] = await world.requests({ path: "video/signature" });
    expect(call.query).toMatchObject({ via: "own-address" });
  });

  it("refuses a ZOOM_SDK_KEY that is not one", () => {
    expect(() => loadConfig({ ZOOM_SDK_KEY: "not a key!" })).toThrow(/ZOOM_SDK_KEY/);
    expect(loadConfig({}).ZOOM_SDK_KEY).toBe(MOCK_SDK_KEY);
  });
});

describe("the /zoom loader", () => {
  const load = (search: string) => loadZoomPage(new Request(`http://portal.test/zoom${search}`, { headers: { Cookie: cookie } }), { requireSession: sessions.requireSession });

  it("shows the upcoming video appointment the Join link names", async () => {
    const upcoming = await getAppointments(s.api, s.id, "upcoming", 1);
    const video = upcoming.resources.map((a) => rowOf(a, Date.now())).find((r) => r.video);
    expect(video, "the seeded world has an upcoming video consult").toBeDefined();
    const { meetingNumber: MeetingNumber, passCode: PassCode } = video!.video!;
    const page = await load(`?${new URLSearchParams({ meetingNumber: MeetingNumber, passCode: PassCode, appointment: video!.id })}`);
    expect(page.meeting).toEqual({ ok: true, meetingNumber: MeetingNumber, passCode: PassCode, appointmentId: video!.id });
    expect(page.appointment).toMatchObject({ id: video!.id, type: "Video Consult" });
  });

  it("still offers the meeting when the appointment is not listed, and names a missing or malformed id", async () => {
    expect(await load("?meetingNumber=81234567890&passCode=abc123&appointment=nope")).toEqual({ meeting: { ok: true, meetingNumber: "81234567890", passCode: "abc123", appointmentId: "nope" }, appointment: null });
    expect((await load("")).meeting).toEqual({ ok: false, problem: "missing" });
    expect((await load("?meetingNumber=12")).meeting).toEqual({ ok: false, problem: "malformed" });
  });
});
