import { createHmac } from "node:crypto";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { BOOKED_REPLY } from "@contract/appointments";
import { endpoints } from "@contract/endpoints";
import { appointmentsPageSizes } from "@contract/appointments";
import { NextAvailableDaysSchema } from "@contract/appointments";
import { videoTexts } from "~/areas/video/texts";
import { loadConfig } from "~/.server/config.server";
import { rowOf } from "~/.server/appointment-rows.server";
import { getAppointments } from "~/.server/practice/appointments.server";
import { createSessions } from "~/.server/session.server";
import { loadZoomPage, type SignatureDeps } from "~/areas/video/page.server";
import { answerVideoSteps } from "~/areas/video/steps.server";
import { meetingTexts } from "~/areas/video/meeting-texts";
import { MOCK_SDK_KEY } from "@contract/video";
import { MOCK_SDK_SECRET } from "../../mock-server/handlers/video";
import { stepPoster } from "../helpers/steps";
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
/** Sam's first upcoming video consult: the meeting the signature tests join. */
let own: { id: string; meetingNumber: string; passCode: string };

/** A patient's upcoming video consults as the appointments page lists them (the Join links). */
async function upcomingVideo(api: PortalSession["api"], patientId: string) {
  const upcoming = await getAppointments(api, patientId, "upcoming", 1);
  return upcoming.resources.map((a) => rowOf(a, Date.now())).flatMap((r) => (r.video ? [{ id: r.id, ...r.video }] : []));
}

beforeAll(async () => {
  world = await mock.createWorld({ seed: 15 });
  ({ practice: s, cookie } = await signedInToPortal(sessions, world, "solo", { name: "Sam Solo" }));
  [own] = await upcomingVideo(s.api, s.id);
  expect(own, "the seeded world gives Sam an upcoming video consult").toBeDefined();
});

const deps = (change: Partial<SignatureDeps> = {}): SignatureDeps => ({ requireSession: sessions.openSession, signatureUrl: undefined, sdkKey: MOCK_SDK_KEY, ...change });
const postAs = (as: string, input: Record<string, string>, d = deps()) => stepPoster("http://portal.test/zoom/signature", (r) => answerVideoSteps(r, d), { Cookie: as }).envelope("sign", input);
/** The step's refusal in the protocol's envelope, by its words. */
const refusal = (message: string) => ({ ok: false, failure: expect.objectContaining({ message }) });
const post = (fields: Record<string, string>, d = deps()) => postAs(cookie, fields, d);

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
    await world.clearRequests();
    const answer = await post({ meetingNumber: own.meetingNumber });
    if (!answer.ok) throw new Error(answer.failure.message);
    const reply = answer.reply as { signature: string; sdkKey: string; userName: string };
    expect(reply.sdkKey).toBe(MOCK_SDK_KEY);
    expect(reply.userName).toBe("Sam Solo");
    const jwt = verify(reply.signature);
    expect(jwt.valid).toBe(true);
    expect(jwt.header).toEqual({ alg: "HS256", typ: "JWT" });
    expect(jwt.claims).toMatchObject({ appKey: MOCK_SDK_KEY, sdkKey: MOCK_SDK_KEY, mn: own.meetingNumber, role: 0 });
    const { iat, exp, tokenExp } = jwt.claims as Record<string, number>;
    expect(Math.abs(iat - Date.now() / 1000)).toBeLessThan(120);
    expect(exp - iat).toBeGreaterThanOrEqual(30 * 60);
    expect(tokenExp).toBe(exp);
    expect(JSON.stringify(reply)).not.toContain(MOCK_SDK_SECRET);
    // 1§7: POST {meetingNumber, role: 0} with the session's token, at the practice API by default.
    const [call] = await world.requests({ path: "video/signature" });
    expect(call).toMatchObject({ method: "POST", body: { meetingNumber: own.meetingNumber, role: 0 }, status: 200 });
  });

  it("refuses a malformed meeting id without calling the practice", async () => {
    await world.clearRequests();
    expect(await post({ meetingNumber: "12ab" })).toEqual(refusal(meetingTexts.badMeeting));
    expect(await post({})).toEqual(refusal(meetingTexts.badMeeting));
    expect(await world.requests({ path: "video/signature" })).toEqual([]);
  });

  it("says plainly that the video service failed when the function fails, breaks its contract or cannot be reached", async () => {
    await world.fault({ path: "video/signature", status: 500, times: 1 });
    expect(await post({ meetingNumber: own.meetingNumber })).toEqual(refusal(meetingTexts.notSigned));
    await world.fault({ path: "video/signature", body: "malformed", times: 1 });
    expect(await post({ meetingNumber: own.meetingNumber })).toEqual(refusal(meetingTexts.notSigned));
    expect(await post({ meetingNumber: own.meetingNumber }, deps({ signatureUrl: "http://127.0.0.1:9/video" }))).toEqual(refusal(meetingTexts.notSigned));
  });

  it("calls VIDEO_SIGNATURE_URL when it is set", async () => {
    const config = loadConfig({ NODE_ENV: "test", VIDEO_SIGNATURE_URL: `${s.apiBase}video/signature?via=own-address` });
    expect(config.VIDEO_SIGNATURE_URL).toContain("via=own-address");
    await world.clearRequests();
    const reply = await post({ meetingNumber: own.meetingNumber }, deps({ signatureUrl: config.VIDEO_SIGNATURE_URL }));
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
  const load = (search: string) => loadZoomPage(new Request(`http://portal.test/zoom${search}`, { headers: { Cookie: cookie } }), { requireSession: sessions.openSession });

  it("shows the upcoming video appointment the Join link names", async () => {
    const upcoming = await getAppointments(s.api, s.id, "upcoming", 1);
    const video = upcoming.resources.map((a) => rowOf(a, Date.now())).find((r) => r.video);
    expect(video, "the seeded world has an upcoming video consult").toBeDefined();
    const { meetingNumber: MeetingNumber, passCode: PassCode } = video!.video!;
    const page = await load(`?${new URLSearchParams({ meetingNumber: MeetingNumber, passCode: PassCode, appointment: video!.id })}`);
    expect(page.meeting).toEqual({ ok: true, meetingNumber: MeetingNumber, passCode: PassCode, appointmentId: video!.id });
    expect(page.appointment).toMatchObject({ id: video!.id, type: "Video Consult" });
  });

  it("finds the appointment by its meeting when the link names another appointment, and names a missing or malformed id", async () => {
    const page = await load(`?${new URLSearchParams({ meetingNumber: own.meetingNumber, passCode: own.passCode, appointment: "nope" })}`);
    expect(page.appointment).toMatchObject({ id: own.id, type: "Video Consult" });
    expect((await load("")).meeting).toEqual({ ok: false, problem: "missing" });
    expect((await load("?meetingNumber=12")).meeting).toEqual({ ok: false, problem: "malformed" });
  });

  it("says a meeting that is not one of the patient's upcoming video consults is not theirs, and offers no join", async () => {
    expect(await load("?meetingNumber=81234567890&passCode=abc123")).toEqual({ meeting: { ok: false, problem: "not-yours" }, appointment: null, viewing: null });
  });

  it("says another patient's upcoming video consult is not theirs either, with the same answer as a made-up one", async () => {
    const family = await signedInToPortal(sessions, world, "family", { name: "Frances Family" });
    const [theirs] = await upcomingVideo(family.practice.api, family.practice.id);
    expect(theirs, "the family's holder has an upcoming video consult").toBeDefined();
    expect(await load(`?${new URLSearchParams({ meetingNumber: theirs.meetingNumber, passCode: theirs.passCode, appointment: theirs.id })}`)).toEqual({ meeting: { ok: false, problem: "not-yours" }, appointment: null, viewing: null });
  });

  it("is the practice's failure, not a meeting to join, when the practice cannot list the appointments", async () => {
    await world.fault({ path: "Patient/Appointments", status: 503, times: 1 });
    const failed = await load(`?${new URLSearchParams({ meetingNumber: own.meetingNumber, passCode: own.passCode })}`).catch((e: unknown) => e);
    expect(failed).toMatchObject({ init: { status: 503 } });
  });
});

/**
 * Issue 36 finding 6: the signature step signs only a meeting of one of the viewed patient's own
 * upcoming video consults, as the practice lists them at the time of the request; any other meeting
 * number is refused before the practice's video function is asked.
 */
describe("which meetings are signed", () => {
  const refused = { ok: false, failure: { kind: "refused", message: videoTexts.notYours } };

  it("refuses another patient's meeting and a made-up one without asking the video function", async () => {
    const family = await signedInToPortal(sessions, world, "family", { name: "Frances Family" });
    const [theirs] = await upcomingVideo(family.practice.api, family.practice.id);
    expect(theirs, "the family's holder has an upcoming video consult").toBeDefined();
    await world.clearRequests();
    expect(await post({ meetingNumber: theirs.meetingNumber })).toEqual(refused);
    expect(await post({ meetingNumber: "81234567890" })).toEqual(refused);
    expect(await world.requests({ path: "video/signature" })).toEqual([]);
    // The same meeting is signed for its own patient.
    expect((await postAs(family.cookie, { meetingNumber: theirs.meetingNumber })).ok).toBe(true);
  });

  it("answers 404 for a meeting that is not the patient's", async () => {
    const answer = await answerVideoSteps(stepPoster("http://portal.test/zoom/signature", (r) => answerVideoSteps(r, deps()), { Cookie: cookie }).request("sign", { meetingNumber: "81234567890" }), deps());
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual(refused);
  });

  it("refuses a cancelled appointment's meeting and a past one's", async () => {
    const past = await mock.createWorld({ seed: 15 });
    const sam = await signedInToPortal(sessions, past, "solo", { name: "Sam Solo" });
    const [first, second] = await upcomingVideo(sam.practice.api, sam.practice.id);
    expect((await postAs(sam.cookie, { meetingNumber: second.meetingNumber })).ok).toBe(true);
    expect(await sam.practice.api.call(endpoints.cancelAppointment, { query: { PatientID: sam.practice.id, AppointmentID: second.id, Reason: "Feeling better" } })).toBe("Appointment cancelled successfully");
    expect(await postAs(sam.cookie, { meetingNumber: second.meetingNumber })).toEqual(refused);
    // The world's clock moves past the first consult: the practice now lists it as completed.
    expect((await postAs(sam.cookie, { meetingNumber: first.meetingNumber })).ok).toBe(true);
    await past.advance("P40D");
    expect(await postAs(sam.cookie, { meetingNumber: first.meetingNumber })).toEqual(refused);
  });

  it("signs a child's own consult for a holder viewing the child, and not the holder's own meanwhile", async () => {
    const holder = await world.signIn("family");
    const child = (await holder.api.call(endpoints.proxyUsers, { query: { PatientID: holder.id } })).resources.find((m) => m.id !== holder.id)!;
    const meeting = await bookVideoConsult(holder, child.id);
    const viewingChild = await signedInToPortal(sessions, world, "family", { memberId: child.id, name: "Child" });
    const [holdersOwn] = await upcomingVideo(holder.api, holder.id);
    expect((await postAs(viewingChild.cookie, { meetingNumber: meeting })).ok).toBe(true);
    expect(await postAs(viewingChild.cookie, { meetingNumber: holdersOwn.meetingNumber })).toEqual(refused);
  });
});

/** Books the first free video consult for a patient and answers its meeting number. */
async function bookVideoConsult(holder: PortalSession, patientId: string): Promise<string> {
  const VIDEO = "2";
  const providers = (await holder.api.call(endpoints.availablePractitioners, { query: { PatientID: patientId, AppointmentTypeID: VIDEO } })).resources;
  const start = DateTime.now().setZone("Pacific/Auckland").plus({ days: 1 }).toISODate()!;
  const next = NextAvailableDaysSchema.parse(JSON.parse(await holder.api.call(endpoints.nextAvailableDay, { query: { PatientID: patientId, ProviderID: providers[0].id, AppointmentTypeID: VIDEO, StartDate: start } })));
  const slots = await holder.api.call(endpoints.appointmentSlots, { query: { PatientID: patientId, ScheduleDate: next[0].RosterDate.slice(0, 10), PageSize: appointmentsPageSizes.slots, PractitionerID: providers[0].id, AppointmentTypeID: VIDEO, LocationIDs: "1,2" } });
  expect(await holder.api.call(endpoints.bookAppointment, { query: { PatientID: patientId, SlotID: slots.resources[0].extension.slotId!, Reason: "Not Provided", AppointmentTypeID: VIDEO } })).toBe(BOOKED_REPLY);
  const [booked] = await upcomingVideo(holder.api, patientId);
  return booked.meetingNumber;
}
