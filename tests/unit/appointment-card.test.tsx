import { DomUtils, parseDocument } from "htmlparser2";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AppointmentCard, AppointmentSlip } from "~/areas/appointments/components/appointment-card";
import { appointmentsTexts } from "~/areas/appointments/texts";
import type { AppointmentRow } from "~/lib/appointment-row";
import { recordTexts } from "~/lib/texts/record";

/**
 * An appointment's card and slip when the practice's record leaves fields out or sends a status the spec
 * does not list (issue 68, decisions/396): each field says "Not recorded", nothing is drawn from a value
 * that is not there (a map of no place, a Join link to no meeting), and markup is shown as text.
 */

const NR = recordTexts.notRecorded;
type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

const full: AppointmentRow = {
  id: "a1",
  date: "05-03-2026",
  time: "10:00 am",
  weekday: "Thursday",
  type: "Face to Face",
  provider: "Dr Mere Smith",
  patientName: "Aroha Ngata",
  locationName: "Ponsonby Medical",
  location: "1 Main St, Ponsonby",
  status: "Future",
  durationMinutes: 15,
  cancelReason: null,
  cancellable: true,
  missed: false,
  video: null,
  videoWithoutMeeting: false,
};
const empty: AppointmentRow = { ...full, date: null, time: null, weekday: null, type: null, provider: null, patientName: null, locationName: null, location: null, status: null, durationMinutes: null, cancellable: false };

function card(row: AppointmentRow) {
  const markup = renderToStaticMarkup(
    <MemoryRouter>
      <ul>
        <AppointmentCard row={row} onPrint={() => undefined} onCancel={() => undefined} />
      </ul>
    </MemoryRouter>,
  );
  const document = parseDocument(markup);
  const all = (tag: string, within: Element | typeof document = document) => DomUtils.getElementsByTagName(tag, within, true);
  const text = (node: Element) => DomUtils.textContent(node).replace(/\s+/g, " ").trim();
  const terms = all("dt").map(text);
  const values = all("dd").map(text);
  return { markup, fields: Object.fromEntries(terms.map((term, i) => [term, values[i]])), heading: text(all("h2")[0]), status: all("span")[0], links: all("a").map(text), buttons: all("button").map(text), text: text(document as unknown as Element) };
}

describe("an appointment card", () => {
  it("says Not recorded for each field the record lacks, with no map, no Cancel and the status drawn plainly", () => {
    const drawn = card(empty);
    expect(drawn.heading).toBe(`Date: ${NR}`);
    expect(drawn.fields).toEqual({ Type: NR, With: NR, For: NR, Where: NR, Length: NR });
    expect(DomUtils.textContent(drawn.status)).toBe(NR);
    expect(drawn.status.attribs.class).toContain("bg-white");
    expect(drawn.links).toEqual([]);
    expect(drawn.buttons).toEqual(["Print slip for the appointment on a date not recorded"]);
  });

  it("shows a full record's fields, its status in the known colours, and a day whose time is not recorded", () => {
    const drawn = card(full);
    expect(drawn.heading).toBe("Thursday 05-03-2026 at 10:00 am");
    expect(drawn.fields).toMatchObject({ Type: "Face to Face", With: "Dr Mere Smith", For: "Aroha Ngata", Where: "Ponsonby Medical, 1 Main St, Ponsonby Show on a map (opens in a new tab)", Length: "15 minutes" });
    expect(drawn.status.attribs.class).toContain("bg-brand/10");
    expect(card({ ...full, time: null }).heading).toBe(`Thursday 05-03-2026, time: ${NR}`);
  });

  it("shows a status the spec does not list as sent, neutral; a cancelled one with its reason or Not recorded", () => {
    const arrived = card({ ...full, status: "Arrived" });
    expect(DomUtils.textContent(arrived.status)).toBe("Arrived");
    expect(arrived.status.attribs.class).not.toMatch(/bg-danger|bg-brand/);
    expect(card({ ...full, status: "Cancelled", cancellable: false }).fields["Cancel reason"]).toBe(NR);
    expect(card({ ...full, status: "Cancelled", cancellable: false, cancelReason: "Better" }).fields["Cancel reason"]).toBe("Better");
  });

  it("a video consult with no meeting to join has no Join link and says why", () => {
    const drawn = card({ ...full, type: "Video Consult", videoWithoutMeeting: true });
    expect(drawn.links.some((l) => l.startsWith("Join"))).toBe(false);
    expect(drawn.text).toContain(appointmentsTexts.noMeetingYet);
    expect(card({ ...full, type: "Video Consult", video: { meetingNumber: "81234567890", passCode: "abc" } }).links[1]).toMatch(/^Join the video consult/);
  });

  it("shows markup as text, never as markup", () => {
    const drawn = card({ ...full, provider: "<b>Dr Mere</b> &amp; whānau" });
    expect(drawn.fields.With).toBe("<b>Dr Mere</b> &amp; whānau");
    expect(drawn.markup).not.toContain("<b>Dr Mere</b>");
  });
});

describe("an appointment slip", () => {
  it("says Not recorded for each field the record lacks", () => {
    const document = parseDocument(renderToStaticMarkup(<AppointmentSlip row={empty} practice={null} printedOn="03-03-2026" />));
    const values = DomUtils.getElementsByTagName("dd", document, true).map((n) => DomUtils.textContent(n).trim());
    expect(values).toEqual([NR, `Date: ${NR}`, NR, NR, NR, NR, NR]);
  });
});
