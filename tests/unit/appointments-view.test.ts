import { describe, expect, it } from "vitest";
import { AppointmentSlots, type Appointment } from "@contract/appointments";
import { rowOf } from "~/.server/appointment-rows.server";
import { CancelFormSchema, historyRangeSchema } from "~/areas/appointments/forms";
import { appointmentsSearch, appointmentsViewOf, applyHistoryBadge, historyCounts, joinUrl, mapSearchUrl } from "~/areas/appointments/view";
import { parseForm } from "~/lib/form-data";
import { appointmentsTexts } from "~/areas/appointments/texts";
import { dateRangeTexts } from "~/lib/texts/date-range";
import { timelineTexts } from "~/lib/texts/timeline";

const t = appointmentsTexts;

function appointment(over: { start: string; status?: string; statusId?: string; type?: string; videoConfig?: string }): Appointment {
  return {
    resourceType: "Appointment",
    id: "a1",
    period: { start: over.start },
    extension: AppointmentSlots.read(
      AppointmentSlots.write({
        type: over.type ?? "Face to Face",
        patientName: "Aroha Ngata",
        providerName: "Dr Mere Smith",
        practiceAddress: "1 Main St, Ponsonby, Auckland 1011",
        location: "1 Main St, Ponsonby, Auckland",
        locationName: "Ponsonby Medical",
        status: over.status ?? "Future",
        duration: 15,
        cancelReason: "",
        videoConfig: over.videoConfig ?? "",
        statusId: over.statusId ?? "1",
      }),
    ),
  };
}

const NOW = Date.parse("2026-03-03T09:00:00+13:00");

describe("appointment rows", () => {
  it("write the date and time in Pacific/Auckland, whatever the server's zone", () => {
    // 20:30 UTC on the 3rd is 09:30 on the 4th in Auckland (daylight time).
    const row = rowOf(appointment({ start: "2026-03-03T20:30:00Z" }), NOW);
    expect(row).toMatchObject({ date: "04-03-2026", time: "9:30 am", weekday: "Wednesday", cancellable: true, missed: false });
  });

  it("cancellable only for status ids 1, 2, 3 and 11 and not yet started", () => {
    for (const id of ["1", "2", "3", "11"]) expect(rowOf(appointment({ start: "2026-03-05T10:00:00+13:00", statusId: id }), NOW).cancellable).toBe(true);
    for (const id of ["5", "6", "7", "4"]) expect(rowOf(appointment({ start: "2026-03-05T10:00:00+13:00", statusId: id }), NOW).cancellable).toBe(false);
    expect(rowOf(appointment({ start: "2026-03-02T10:00:00+13:00" }), NOW).cancellable).toBe(false);
  });

  it("a Future appointment whose start has passed counts as missed (2§4)", () => {
    expect(rowOf(appointment({ start: "2026-03-02T10:00:00+13:00" }), NOW).missed).toBe(true);
    expect(rowOf(appointment({ start: "2026-03-02T10:00:00+13:00", status: "Missed", statusId: "6" }), NOW).missed).toBe(true);
    expect(rowOf(appointment({ start: "2026-03-02T10:00:00+13:00", status: "Completed", statusId: "5" }), NOW).missed).toBe(false);
  });

  it("a video consult's Join link carries its meeting number and pass code; a broken config has none", () => {
    const video = rowOf(appointment({ start: "2026-03-05T10:00:00+13:00", type: "Video Consult", videoConfig: JSON.stringify({ JoinUrl: "https://zoom.example.nz/j/81234567890?pwd=abc123", MeetingNumber: "81234567890", PassCode: "abc123" }) }), NOW);
    expect(joinUrl(video)).toBe("/zoom?meetingNumber=81234567890&passCode=abc123&appointment=a1");
    const fromUrl = rowOf(appointment({ start: "2026-03-05T10:00:00+13:00", type: "Video Consult", videoConfig: JSON.stringify({ JoinUrl: "https://zoom.example.nz/j/81234567890?pwd=xyz" }) }), NOW);
    expect(fromUrl.video).toEqual({ meetingNumber: "81234567890", passCode: "xyz" });
    expect(rowOf(appointment({ start: "2026-03-05T10:00:00+13:00", type: "Video Consult", videoConfig: "{not json" }), NOW).video).toBeNull();
    expect(joinUrl(rowOf(appointment({ start: "2026-03-05T10:00:00+13:00" }), NOW))).toBeNull();
  });

  it("maps are a link out to a search of the address", () => {
    expect(mapSearchUrl("1 Main St, Ponsonby")).toBe("https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Ponsonby");
  });
});

describe("history", () => {
  const rows = [
    rowOf(appointment({ start: "2026-02-01T10:00:00+13:00", status: "Completed", statusId: "5" }), NOW),
    rowOf(appointment({ start: "2026-02-02T10:00:00+13:00", status: "Missed", statusId: "6" }), NOW),
    rowOf(appointment({ start: "2026-02-03T10:00:00+13:00", status: "Cancelled", statusId: "7" }), NOW),
    rowOf(appointment({ start: "2026-03-02T10:00:00+13:00" }), NOW),
  ];
  it("badges filter Completed, Missed (with past-start items), Cancelled and All, and count them", () => {
    expect(historyCounts(rows)).toEqual({ completed: 1, missed: 2, cancelled: 1, all: 4 });
    expect(applyHistoryBadge(rows, "missed").map((r) => r.date)).toEqual(["02-02-2026", "02-03-2026"]);
  });

  it("the range may not start more than a year ago, nor end before it starts", () => {
    const schema = historyRangeSchema("2026-03-03");
    expect(parseForm(new URLSearchParams({ from: "02-03-2025", to: "01-03-2026" }), schema)).toMatchObject({ ok: false, errors: { from: timelineTexts.fromTooEarly } });
    expect(parseForm(new URLSearchParams({ from: "03-03-2025", to: "01-03-2026" }), schema).ok).toBe(true);
    expect(parseForm(new URLSearchParams({ from: "01-03-2026", to: "01-02-2026" }), schema)).toMatchObject({ ok: false, errors: { to: dateRangeTexts.toBeforeFrom } });
    expect(parseForm(new URLSearchParams({ from: "01-03-2026" }), schema).ok).toBe(false);
  });

  it("the address holds tab, badge and range; Upcoming without one", () => {
    expect(appointmentsViewOf(new URLSearchParams(""))).toMatchObject({ tab: "upcoming", show: "all" });
    expect(appointmentsViewOf(new URLSearchParams("id=3&show=missed&from=01-01-2026&to=02-01-2026"))).toEqual({ tab: "history", show: "missed", from: "01-01-2026", to: "02-01-2026" });
    expect(appointmentsSearch({ tab: "history", show: "all", from: "01-01-2026", to: "02-01-2026" })).toBe("?id=3&from=01-01-2026&to=02-01-2026");
    expect(appointmentsSearch({ tab: "book", show: "missed" })).toBe("?id=1");
  });
});

describe("cancel form", () => {
  it("needs a reason: Reason is required", () => {
    expect(parseForm(new URLSearchParams({ appointmentId: "a1", reason: "   " }), CancelFormSchema)).toMatchObject({ ok: false, errors: { reason: t.reasonRequired } });
    expect(parseForm(new URLSearchParams({ appointmentId: "a1" }), CancelFormSchema)).toMatchObject({ ok: false, errors: { reason: t.reasonRequired } });
    expect(parseForm(new URLSearchParams({ appointmentId: "a1", reason: " Better " }), CancelFormSchema)).toEqual({ ok: true, value: { appointmentId: "a1", reason: "Better" } });
  });
});
