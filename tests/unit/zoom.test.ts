import { describe, expect, it } from "vitest";
import { devicesNotice, formatMeetingNumber, isClientMessage, isPageMessage, joinFailureOf, meetingQueryOf } from "~/areas/video/zoom";
import { joinUrl } from "~/areas/appointments/view";

const q = (s: string) => meetingQueryOf(new URLSearchParams(s));

describe("the /zoom query", () => {
  it("reads what an appointment's Join link carries", () => {
    const link = joinUrl({ id: "apt-7", video: { meetingNumber: "81234567890", passCode: "Ab12cd" } })!;
    expect(meetingQueryOf(new URL(link, "http://portal.test").searchParams)).toEqual({ ok: true, meetingNumber: "81234567890", passCode: "Ab12cd", appointmentId: "apt-7" });
  });

  it("forgives spaces and dashes in a typed meeting id, and allows no pass code", () => {
    expect(q("meetingNumber=812 3456 7890")).toEqual({ ok: true, meetingNumber: "81234567890", passCode: "", appointmentId: null });
    expect(q("meetingNumber=812-345-678")).toMatchObject({ ok: true, meetingNumber: "812345678" });
  });

  it("names a missing or malformed meeting", () => {
    expect(q("")).toEqual({ ok: false, problem: "missing" });
    expect(q("meetingNumber=")).toEqual({ ok: false, problem: "missing" });
    expect(q("meetingNumber=12345")).toEqual({ ok: false, problem: "malformed" });
    expect(q("meetingNumber=123456789012")).toEqual({ ok: false, problem: "malformed" });
    expect(q("meetingNumber=81234567890&passCode=%3Cscript%3E")).toEqual({ ok: false, problem: "malformed" });
  });

  it("drops an appointment id that is not one, keeping the meeting", () => {
    expect(q("meetingNumber=81234567890&appointment=%2F..%2Fx")).toMatchObject({ ok: true, appointmentId: null });
  });
});

describe("the meeting id as Zoom writes it", () => {
  it("groups 11, 10 and 9 digits", () => {
    expect(formatMeetingNumber("81234567890")).toBe("812 3456 7890");
    expect(formatMeetingNumber("8123456789")).toBe("812 345 6789");
    expect(formatMeetingNumber("812345678")).toBe("812 345 678");
  });
});

describe("the SDK's failures", () => {
  it("calls errorCode 1 (client view) and -3000 (embedded view) unreachable, a bad signature refused, the rest a failure", () => {
    expect(joinFailureOf(1)).toBe("unreachable");
    expect(joinFailureOf(-3000)).toBe("unreachable");
    expect(joinFailureOf("1")).toBe("unreachable");
    expect(joinFailureOf(3712)).toBe("refused");
    expect(joinFailureOf(undefined)).toBe("sdk-failed");
    expect(joinFailureOf(4011)).toBe("sdk-failed");
  });
});

describe("camera and microphone", () => {
  it("says nothing while both may be used or have not been asked", () => {
    expect(devicesNotice("granted", "prompt")).toBeNull();
    expect(devicesNotice("unknown", "unknown")).toBeNull();
  });

  it("explains in plain words what is blocked and how to allow it", () => {
    expect(devicesNotice("denied", "granted")).toMatch(/blocking the camera for this site, so the doctor will not see you\. To allow it, .* set Camera to Allow/);
    expect(devicesNotice("granted", "denied")).toMatch(/blocking the microphone .* will not hear you\. To allow it, .* set Microphone to Allow/);
    expect(devicesNotice("denied", "denied")).toMatch(/camera and microphone .* will not see or hear you\. To allow them, .* Camera and Microphone to Allow/);
  });
});

describe("the messages between the page and the video client", () => {
  it("accepts only their own kinds", () => {
    expect(isClientMessage({ type: "zoom:left" })).toBe(true);
    expect(isClientMessage({ type: "other" })).toBe(false);
    expect(isClientMessage("zoom:left")).toBe(false);
    expect(isPageMessage({ type: "zoom:join", join: { meetingNumber: "81234567890", signature: "a.b.c" } })).toBe(true);
    expect(isPageMessage({ type: "zoom:join", join: { meetingNumber: 81234567890 } })).toBe(false);
    expect(isPageMessage(null)).toBe(false);
  });
});
