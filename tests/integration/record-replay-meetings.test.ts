import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { MEETING_NUMBER } from "@contract/meeting-number";
import { videoMeetingOf } from "~/.server/appointment-rows.server";
import { signInAt } from "../helpers/mock-world";
import { parseRecording, REPLAY_PASSWORD, type Recording } from "../../mock-server/recording/file";
import { createMockServer, type MockServer } from "../../mock-server/server";

/**
 * Issue 67, F7 (decisions/384, 391): a recording of a video consult keeps no way into its meeting. The
 * appointment's join address, its `pwd`, the meeting number and pass code, and the video function's
 * signature (whose claims name the meeting) are made up like every other secret, well-formed, so a
 * replay still lists the consult and signs the join of its made-up meeting.
 */

let practice: MockServer;
let recorder: MockServer;
let replay: MockServer | undefined;

beforeAll(async () => {
  practice = await createMockServer({ port: 0 });
  recorder = await createMockServer({ port: 0, record: practice.url });
});
afterAll(async () => {
  await Promise.all([practice?.close(), recorder?.close(), replay?.close()]);
});

/** Signs in as solo, lists the upcoming appointments and signs the join of the first video consult's meeting. */
async function walk(identityUrl: string, userName: string, password: string) {
  const { outcome, api } = await signInAt(`${identityUrl}/`, userName, password);
  const upcoming = await api.call(endpoints.appointments, { query: { PatientID: outcome.patientId, AppointmentType: "1", PageSize: "50", PageNumber: "1" } });
  const video = upcoming.resources.filter((a) => videoMeetingOf(a) !== null);
  const configs = video.map((a) => JSON.parse(a.extension.videoConfig!) as { JoinUrl: string; MeetingNumber: string; PassCode: string });
  const meetings = video.map((a) => videoMeetingOf(a)!);
  const signature = await api.call(endpoints.videoSignature, { body: { meetingNumber: meetings[0].meetingNumber, role: 0 } });
  return { configs, meetings, signature };
}

/** The claims of a JWT, read without checking its signature. */
function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString("utf8")) as Record<string, unknown>;
}

describe("a recorded video consult", () => {
  let recorded: Awaited<ReturnType<typeof walk>>;
  let file: Recording;

  it("keeps neither its join address, its pwd, its meeting number, its pass code nor the join's signature", async () => {
    recorded = await walk(recorder.url, "solo@demo.nz", "Kiaora2024");
    expect(recorded.configs.length).toBeGreaterThan(0);
    file = parseRecording(JSON.parse(JSON.stringify(recorder.recorder!.file())));
    const text = JSON.stringify(file);
    const signature = "signature" in recorded.signature ? recorded.signature.signature : "";
    expect(signature).not.toBe("");
    const originals = [...recorded.configs.flatMap((c) => [c.JoinUrl, c.MeetingNumber, c.PassCode, new URL(c.JoinUrl).searchParams.get("pwd")!]), signature, signature.split(".")[1], signature.split(".")[2]];
    expect(originals.filter((original) => text.includes(original))).toEqual([]);
    // The signature's claims name a made-up meeting, not the original one.
    const recordedSignature = file.calls.find((c) => c.path === "video/signature")!;
    const made = (recordedSignature.reply as { value: { signature: string } }).value.signature;
    expect(claimsOf(made).mn).not.toBe(recorded.meetings[0].meetingNumber);
    expect(claimsOf(made).mn).toBe((recordedSignature.body as { meetingNumber: string }).meetingNumber);
  });

  it("replays: the made-up meetings are well-formed, of the same shape, and their join is signed as recorded", async () => {
    replay = await createMockServer({ port: 0, defaultWorld: { recording: file } });
    const replayed = await walk(replay.url, file.users[0], REPLAY_PASSWORD);
    expect(replayed.meetings.length).toBe(recorded.meetings.length);
    replayed.configs.forEach((config, i) => {
      const original = recorded.configs[i];
      expect(config.MeetingNumber).toMatch(MEETING_NUMBER);
      expect(config.MeetingNumber).toHaveLength(original.MeetingNumber.length);
      expect(config.MeetingNumber).not.toBe(original.MeetingNumber);
      expect(config.PassCode).toHaveLength(original.PassCode.length);
      expect(config.PassCode).not.toBe(original.PassCode);
      // The join address: the same provider and shape, the made-up meeting and pass code in it.
      const url = new URL(config.JoinUrl);
      const was = new URL(original.JoinUrl);
      expect(url.origin).toBe(was.origin);
      expect(url.pathname).toBe(was.pathname.replace(original.MeetingNumber, config.MeetingNumber));
      expect([...url.searchParams.keys()]).toEqual([...was.searchParams.keys()]);
      expect(url.searchParams.get("pwd")).toHaveLength(was.searchParams.get("pwd")!.length);
      expect(url.searchParams.get("pwd")).not.toBe(was.searchParams.get("pwd"));
      expect(replayed.meetings[i]).toEqual({ meetingNumber: config.MeetingNumber, passCode: config.PassCode });
    });
    expect("signature" in replayed.signature && claimsOf(replayed.signature.signature).mn).toBe(replayed.meetings[0].meetingNumber);
  });
});
