import { PDFDocument } from "pdf-lib";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { MESSAGE_BOXES, READ_FILTERS } from "@contract/messaging";
import { useMockServer, type TestWorld } from "../helpers/mock-world";

/** Secure messages through the portal's practice client, against the mock over HTTP. */
const mock = useMockServer();
let defaultUsers: TestWorld;
let manyUsers: TestWorld;

const signIn = (world: TestWorld, label: string) => world.signIn(label);

type Session = Awaited<ReturnType<typeof signIn>>;
const list = (s: Session, box: string, page: number, options: { size?: number; read?: string } = {}) =>
  s.api.call(endpoints.messages, { query: { PatientID: s.id, Type: "1", MessagingType: box as "1", PageSize: options.size ?? 25, PageNumber: page, ReadFilter: options.read as "0" | undefined } });

const MANY_NOW = "2026-06-01T09:00:00+12:00";

beforeAll(async () => {
  defaultUsers = await mock.createWorld({ seed: 5 });
  manyUsers = await mock.createWorld({ scenario: "many-records", seed: 5, now: MANY_NOW });
});

describe("Patient/Messaging", () => {
  it("lists the inbox newest first; the unread ones are the InboxCounter the dashboard shows", async () => {
    const s = await signIn(defaultUsers, "solo");
    const inbox = await list(s, MESSAGE_BOXES.inbox, 1, { size: 100 });
    expect(inbox.total).toBeGreaterThan(5);
    const dates = inbox.resources.map((m) => Date.parse(m.sent!));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const unread = inbox.resources.filter((m) => m.extension.readStatus !== "2");
    const counters = await s.api.call(endpoints.refreshCounter, { query: { PatientID: s.id } });
    expect(unread.length).toBe(counters.InboxCounter);
    for (const m of inbox.resources) {
      expect(m.extension.box).toBe("Inbox");
      // A team member, or the practice's front desk writing as its main location (2§3), which has no role.
      expect(m.sender?.reference).toMatch(/^(Practitioner\/|Location\/1$)/);
      if (m.sender?.reference?.startsWith("Location/")) expect(m.extension.roleId).toBeUndefined();
      expect(m.recipient?.[0]?.reference).toBe(`Patient/${s.id}`);
      expect(m.extension.inboxSender).toBe(m.sender?.display);
      expect(m.payload).toBeUndefined();
    }
    expect(inbox.resources.filter((m) => m.sender?.reference === "Location/1")).toHaveLength(3);
  });

  it("sent and draft boxes carry the patient as sender, with the name at position 3", async () => {
    const s = await signIn(defaultUsers, "solo");
    const sent = await list(s, MESSAGE_BOXES.sent, 1);
    expect(sent.total).toBeGreaterThan(0);
    for (const m of sent.resources) {
      expect(m.extension.box).toBe("Sent");
      expect(m.sender?.reference).toBe(`Patient/${s.id}`);
      expect(m.extension.outboxSender).toBe(m.sender?.display);
      expect(m.extension.inboxSender).toBeUndefined();
    }
  });

  it("filters the inbox by read state, the totals adding up", async () => {
    const s = await signIn(defaultUsers, "solo");
    const [all, unread, read] = await Promise.all([READ_FILTERS.all, READ_FILTERS.unread, READ_FILTERS.read].map((f) => list(s, MESSAGE_BOXES.inbox, 1, { size: 100, read: f })));
    expect(unread.total! + read.total!).toBe(all.total);
    expect(unread.resources.every((m) => m.extension.readStatus === "1")).toBe(true);
    expect(read.resources.every((m) => m.extension.readStatus === "2")).toBe(true);
  });

  it("answers 400 to a read filter on the sent box, as a strict API would", async () => {
    const s = await signIn(defaultUsers, "solo");
    const res = await fetch(`${s.apiBase}Patient/Messaging?PatientID=${s.id}&Type=1&MessagingType=2&PageSize=25&PageNumber=1&ReadFilter=1`, { headers: { Token: s.token } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("ReadFilter applies to the inbox only");
  });

  it("pages through 10,000 messages: 25 a page, no overlap, the total the whole box", async () => {
    const s = await signIn(manyUsers, "many");
    const [first, second, last] = await Promise.all([list(s, MESSAGE_BOXES.inbox, 1), list(s, MESSAGE_BOXES.inbox, 2), list(s, MESSAGE_BOXES.inbox, 400)]);
    expect(first.total).toBe(10_000);
    expect([first.resources.length, second.resources.length, last.resources.length]).toEqual([25, 25, 25]);
    const ids = new Set([...first.resources, ...second.resources, ...last.resources].map((m) => m.id));
    expect(ids.size).toBe(75);
    expect(Date.parse(first.resources[24].sent!)).toBeGreaterThan(Date.parse(second.resources[0].sent!));
    expect((await list(s, MESSAGE_BOXES.inbox, 401)).resources).toEqual([]);
    expect((await list(s, MESSAGE_BOXES.sent, 1)).total).toBe(2_000);
    expect((await list(s, MESSAGE_BOXES.drafts, 1)).total).toBe(50);
  });
});

describe("Patient/MessageByID", () => {
  it("returns the message with real PDF and PNG attachments, and marks it read", async () => {
    const s = await signIn(manyUsers, "many");
    const inbox = await list(s, MESSAGE_BOXES.inbox, 1, { size: 100 });
    // The newest messages are the unread ones; find one with attachments among the first hundred.
    const counters = await s.api.call(endpoints.refreshCounter, { query: { PatientID: s.id } });
    const unread = inbox.resources.filter((m) => m.extension.readStatus === "1");
    expect(unread.length).toBe(counters.InboxCounter);
    expect(unread.length).toBeGreaterThan(0);
    const target = unread[0];
    const opened = await s.api.call(endpoints.messageById, { query: { PatientID: s.id, MessageID: target.id } });
    expect(opened.resources[0].id).toBe(target.id);
    expect(opened.resources[0].extension.body).toBe(target.extension.body);
    const after = await s.api.call(endpoints.refreshCounter, { query: { PatientID: s.id } });
    expect(after.InboxCounter).toBe(counters.InboxCounter! - 1);
    const reread = await list(s, MESSAGE_BOXES.inbox, 1, { size: 100 });
    expect(reread.resources.find((m) => m.id === target.id)?.extension.readStatus).toBe("2");

    let pdfs = 0;
    let images = 0;
    for (const m of inbox.resources) {
      const full = await s.api.call(endpoints.messageById, { query: { PatientID: s.id, MessageID: m.id } });
      for (const { contentAttachment } of full.resources[0].payload ?? []) {
        const bytes = Buffer.from(contentAttachment.data, "base64");
        if (contentAttachment.contentType === "application/pdf") {
          const pdf = await PDFDocument.load(bytes);
          expect(pdf.getPageCount()).toBe(1);
          expect(pdf.getTitle()).toBe(m.note?.[0]?.text);
          pdfs++;
        } else {
          expect(contentAttachment.contentType).toBe("image/png");
          // Decoded by an independent PNG reader (pngjs checks the chunks' CRCs and inflates the pixels).
          const png = PNG.sync.read(bytes);
          expect([png.width, png.height]).toEqual([320, 240]);
          expect(png.data).toHaveLength(320 * 240 * 4);
          const colours = new Set<number>();
          for (let i = 0; i < png.data.length; i += 4 * 97) colours.add(png.data.readUInt32BE(i));
          expect(colours.size).toBeGreaterThan(10); // a picture, not a blank
          images++;
        }
      }
      if (pdfs > 0 && images > 0) break;
    }
    expect(pdfs).toBeGreaterThan(0);
    expect(images).toBeGreaterThan(0);
  });

  it("does not show another patient's message: 404 for an id outside the record, 403 for another patient", async () => {
    const solo = await signIn(defaultUsers, "solo");
    const family = await signIn(defaultUsers, "family");
    const theirs = await list(family, MESSAGE_BOXES.inbox, 1);
    const res = await fetch(`${solo.apiBase}Patient/MessageByID?PatientID=${solo.id}&MessageID=${theirs.resources[0].id}`, { headers: { Token: solo.token } });
    expect(res.status).toBe(404);
    const other = await fetch(`${solo.apiBase}Patient/MessageByID?PatientID=${family.id}&MessageID=${theirs.resources[0].id}`, { headers: { Token: solo.token } });
    expect(other.status).toBe(403);
  });

  it("gives the same bytes for the same seed in two worlds", async () => {
    // The same seed and the same clock: a world's dates count back from its clock, so two worlds made
    // a moment apart on running clocks could differ where a date crosses a boundary.
    const again = await mock.createWorld({ scenario: "many-records", seed: 5, now: MANY_NOW });
    const a = await signIn(manyUsers, "many");
    const b = await signIn(again, "many");
    const [pageA, pageB] = await Promise.all([a, b].map((s) => list(s, MESSAGE_BOXES.sent, 3)));
    expect(JSON.stringify(pageB)).toBe(JSON.stringify(pageA));
  });
});
