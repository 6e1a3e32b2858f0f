import { describe, expect, it } from "vitest";
import { disclaimerHtml, messagingSettingsOf } from "~/areas/messaging/page.server";
import { boxOf, messageRowOf, messageViewOf } from "~/areas/messaging/message-views.server";
import { recordTexts } from "~/lib/texts/record";
import { messagingSearch, messagingViewOf, initialOf, onlyTheOpenMessageChanged, openMessageOf } from "~/areas/messaging/view";
import { centreOf, quotedOriginal, replySubject } from "~/areas/messaging/compose";
import { CommunicationSchema, MessageSlots, MESSAGE_TYPES, OutgoingMessageSchema } from "@contract/messaging";

/** What /emails shows of a practice's message (2§3), its view in the address, and the safe disclaimer. */
const message = (over: { body?: string; box?: string; read?: string; sent?: string } = {}) =>
  CommunicationSchema.parse({
    resourceType: "Communication",
    id: "i1",
    sent: over.sent ?? "2026-03-01T23:30:00+00:00",
    sender: { reference: "Practitioner/5001", display: "Dr Ana Lee" },
    recipient: [{ reference: "Patient/42", display: "Mere Tane" }],
    note: [{ text: "Your results" }],
    extension: MessageSlots.write({ body: over.body ?? "All normal.", box: over.box ?? "Inbox", inboxSender: "Dr Ana Lee", readStatus: over.read ?? "1", roleId: "1", roleIdCopy: "1" }),
    payload: [
      { contentAttachment: { contentType: "application/pdf", data: "JVBERi0=", title: "letter.pdf" } },
      { contentAttachment: { contentType: "text/html", data: "PGI+", title: "page.html" } },
    ],
  });

describe("a message on the screen", () => {
  it("a row: the sender, DD-MM-YYYY in Pacific/Auckland, the subject, unread unless '2', a colour by position", () => {
    // 23:30 UTC on 1 March is 2 March in New Zealand.
    expect(messageRowOf(message(), "inbox", 4)).toEqual({ id: "i1", name: "Dr Ana Lee", colour: 1, date: "02-03-2026", dateIso: "2026-03-02", subject: "Your results", read: false });
    expect(messageRowOf(message({ read: "2" }), "inbox", 0).read).toBe(true);
    expect(initialOf("Dr Ana Lee")).toBe("A");
  });

  it("the viewer: long date, the practitioner and role to reply to, every attachment listed, a type not previewed as such (decisions/396)", () => {
    const view = messageViewOf(message());
    expect(view).toMatchObject({ box: "inbox", name: "Dr Ana Lee", roleId: "1", practitioner: { id: "5001", name: "Dr Ana Lee" }, bodyHtml: null, body: "All normal." });
    expect(view.longDate).toBe("Monday 2 March 2026, 12:30 pm");
    expect(view.attachments).toEqual([
      { n: 0, title: "letter.pdf", kind: "pdf", url: "/emails/attachment/i1/0" },
      { n: 1, title: "page.html", kind: "other", url: "/emails/attachment/i1/1" },
    ]);
  });

  it("an HTML body is sanitised: its words stay, scripts, handlers and outside images go", () => {
    const view = messageViewOf(message({ body: '<p onclick="steal()">Kia ora <script>alert(1)</script><img src="https://tracker.example/x.png"><a href="javascript:alert(1)">here</a></p>' }));
    expect(view.bodyHtml).toContain("Kia ora");
    expect(view.bodyHtml).not.toMatch(/script|onclick|tracker|javascript/);
    expect(view.body).toBe("Kia ora here");
  });

  it("the disclaimer: plain text becomes escaped paragraphs, HTML is sanitised, N/A and empty are none", () => {
    expect(disclaimerHtml("Fees & charges\n\nReplies take 3 < 5 days")).toBe("<p>Fees &amp; charges</p><p>Replies take 3 &lt; 5 days</p>");
    expect(disclaimerHtml('<p>Read <script>x()</script>this</p><iframe src="https://x"></iframe>')).toBe("<p>Read this</p>");
    expect(disclaimerHtml("N/A")).toBeNull();
    expect(disclaimerHtml("  ")).toBeNull();
    expect(disclaimerHtml(null)).toBeNull();
  });

  it("settings: only a value other than '1' turns writing off", () => {
    expect(messagingSettingsOf({})).toEqual({ compose: true, reply: true });
    expect(messagingSettingsOf({ PortalEnableCompose: "0", PortalEnableReply: "1" })).toEqual({ compose: false, reply: true });
  });

  it("the view in the address: box and the Inbox's filter; anything else is the Inbox, all", () => {
    expect(messagingViewOf(new URLSearchParams("box=sent&filter=unread"))).toEqual({ box: "sent", filter: "all" });
    expect(messagingViewOf(new URLSearchParams("filter=read"))).toEqual({ box: "inbox", filter: "read" });
    expect(messagingViewOf(new URLSearchParams("box=junk"))).toEqual({ box: "inbox", filter: "all" });
    expect(messagingSearch({ box: "inbox", filter: "all" })).toBe("");
    expect(messagingSearch({ box: "drafts", filter: "all" })).toBe("?box=drafts");
  });

  it("the open message in the address beside the box and filter; an id the step would refuse opens nothing", () => {
    expect(messagingSearch({ box: "inbox", filter: "unread" }, "msg-12")).toBe("?filter=unread&message=msg-12");
    expect(messagingSearch({ box: "sent", filter: "all" }, "42")).toBe("?box=sent&message=42");
    expect(openMessageOf(new URLSearchParams("box=sent&message=42"))).toBe("42");
    expect(openMessageOf(new URLSearchParams("message=a%20b"))).toBeNull();
    expect(openMessageOf(new URLSearchParams(`message=${"x".repeat(65)}`))).toBeNull();
    expect(openMessageOf(new URLSearchParams(""))).toBeNull();
  });

  it("only the open message changed: /emails with the same box and filter, nothing else", () => {
    const at = (path: string) => new URL(path, "http://portal.test");
    expect(onlyTheOpenMessageChanged(at("/emails"), at("/emails?message=42"))).toBe(true);
    expect(onlyTheOpenMessageChanged(at("/emails?filter=unread&message=42"), at("/emails?filter=unread"))).toBe(true);
    expect(onlyTheOpenMessageChanged(at("/emails?message=41"), at("/emails?message=42"))).toBe(true);
    expect(onlyTheOpenMessageChanged(at("/emails?message=42"), at("/emails?box=sent"))).toBe(false);
    expect(onlyTheOpenMessageChanged(at("/emails"), at("/emails"))).toBe(false);
    expect(onlyTheOpenMessageChanged(at("/letters"), at("/letters?message=42"))).toBe(false);
  });
});

describe("a message in the room the spec leaves (issue 68, decisions/396)", () => {
  const bare = (over: Record<string, unknown> = {}) => CommunicationSchema.parse({ resourceType: "Communication", id: "b1", ...over });

  it("a message with only its id: the row says Not recorded for its subject and date, the practice for its sender, and unread", () => {
    for (const extension of [undefined, null, [], [{ url: "MessageBody" }]]) {
      const m = bare({ extension, sent: null, note: null, sender: null, recipient: null });
      expect(messageRowOf(m, "inbox", 0)).toEqual({ id: "b1", name: "The practice", colour: 0, date: recordTexts.notRecorded, dateIso: "", subject: recordTexts.notRecorded, read: false });
      expect(messageViewOf(m)).toMatchObject({ box: "inbox", subject: "", body: "", bodyHtml: null, longDate: recordTexts.notRecorded, name: "The practice", roleId: "0", practitioner: { id: "", reference: "" }, attachments: [] });
    }
    // An empty subject is answered "Re:" alone; the viewer says Not recorded for it.
    expect(replySubject("")).toBe("Re:");
  });

  it("reads sent as a day, a local date-time or one in UTC, in the practice's zone", () => {
    const at = (sent: string) => [messageRowOf(bare({ sent }), "inbox", 0).date, messageViewOf(bare({ sent })).longDate];
    expect(at("2026-03-02")).toEqual(["02-03-2026", "Monday 2 March 2026"]);
    expect(at("2026-03-02T12:30:00")).toEqual(["02-03-2026", "Monday 2 March 2026, 12:30 pm"]);
    expect(at("2026-03-01T23:30:00.000Z")).toEqual(["02-03-2026", "Monday 2 March 2026, 12:30 pm"]);
    expect(at("yesterday")).toEqual(["yesterday", "yesterday"]);
  });

  it("only '2' is read: another read status, or none, is unread", () => {
    const read = (readStatus: string | undefined) => messageRowOf(bare({ extension: MessageSlots.write({ body: "b", box: "Inbox", readStatus }) }), "inbox", 0).read;
    expect([read("2"), read(" 2 "), read("3"), read(""), read(undefined)]).toEqual([true, true, false, false, false]);
    // Sent and draft messages are the patient's own: read.
    expect(messageRowOf(bare(), "sent", 0).read).toBe(true);
  });

  it("a message without its box is the Inbox's unless the patient wrote it: then Drafts while in preparation, else Sent", () => {
    const from = (reference: string, status?: string) => boxOf(bare({ sender: { reference }, status }));
    expect([from("Practitioner/5"), from("Location/1"), from("Patient/42"), from("Patient/42", "preparation")]).toEqual(["inbox", "inbox", "sent", "drafts"]);
    expect(boxOf(bare())).toBe("inbox");
    // Its box, when sent, decides: 2§3 reads any word but Inbox and Drafts as Sent.
    expect(boxOf(bare({ sender: { reference: "Patient/42" }, extension: MessageSlots.write({ box: "Inbox" }) }))).toBe("inbox");
    expect(boxOf(bare({ extension: MessageSlots.write({ box: "Archive" }) }))).toBe("sent");
  });

  it("lists every attachment: a type not previewed, or none, as not previewable; a missing title by its place", () => {
    const m = bare({
      payload: [
        { contentAttachment: { contentType: "application/msword", data: "AAAA", title: "notes.doc" } },
        { contentAttachment: { contentType: null, data: "AAAA", title: null } },
        { contentAttachment: { contentType: "IMAGE/PNG", data: "AAAA" } },
      ],
    });
    expect(messageViewOf(m).attachments.map((a) => [a.n, a.kind, a.title])).toEqual([
      [0, "other", "notes.doc"],
      [1, "other", "Attachment 2"],
      [2, "image", "Attachment 3"],
    ]);
  });

  it("keeps a subject and a sender's name with markup and macrons as text, and the sender's name at 2 over the display", () => {
    const m = bare({ note: [{ text: "<b>Hua</b> &amp; whānau" }], sender: { reference: "Practitioner/5", display: "Dr Ana Lee" }, extension: MessageSlots.write({ body: "b", box: "Inbox", inboxSender: "<i>Dr Māka</i>" }) });
    expect(messageRowOf(m, "inbox", 0)).toMatchObject({ subject: "<b>Hua</b> &amp; whānau", name: "<i>Dr Māka</i>" });
    expect(messageRowOf(bare({ sender: { reference: "Practitioner/5", display: "Dr Ana Lee" }, extension: [] }), "inbox", 0).name).toBe("Dr Ana Lee");
  });
});

describe("the original a reply quotes (2§9: the original box holds 800 characters)", () => {
  it("quotes up to 800 characters whole, a longer one as 799 and an ellipsis, never cutting a character in two", () => {
    expect(quotedOriginal("Short.")).toBe("Short.");
    expect(quotedOriginal("a".repeat(800))).toBe("a".repeat(800));
    expect(quotedOriginal("a".repeat(801))).toBe(`${"a".repeat(799)}…`);
    // An emoji (two UTF-16 units) that would be split at the cut is left out whole.
    const straddling = `${"a".repeat(798)}🙂${"b".repeat(50)}`;
    expect(quotedOriginal(straddling)).toBe(`${"a".repeat(798)}…`);
    expect(quotedOriginal(straddling).length).toBeLessThanOrEqual(800);
  });

  it("a Location sender keeps its reference in the view", () => {
    const fromDesk = CommunicationSchema.parse({
      resourceType: "Communication",
      id: "i2",
      sent: "2026-03-01T09:00:00+13:00",
      sender: { reference: "Location/1", display: "Kauri Health Front Desk" },
      recipient: [{ reference: "Patient/1", display: "Mere" }],
      note: [{ text: "Hours" }],
      extension: MessageSlots.write({ body: "Open at 8.", box: "Inbox", inboxSender: "Kauri Health Front Desk", readStatus: "1" }),
    });
    expect(messageViewOf(fromDesk)).toMatchObject({ roleId: "0", practitioner: { id: "1", name: "Kauri Health Front Desk", reference: "Location/1" } });
  });
});

describe("2§3's centre stays on the client (decisions/373)", () => {
  const centres = [
    { id: "1", name: "Kōwhai Health Centre" },
    { id: "2", name: "Riverside Rooms" },
  ];
  it("the form shows the location a reply goes to, else the practice's main location; none when the practice lists none", () => {
    expect(centreOf(centres, "Location/2")).toEqual(centres[1]);
    expect(centreOf(centres, "Practitioner/2")).toEqual(centres[0]);
    expect(centreOf(centres, null)).toEqual(centres[0]);
    // A location the lookup does not list: the main location, as for a practitioner.
    expect(centreOf(centres, "Location/9")).toEqual(centres[0]);
    expect(centreOf([], "Location/2")).toBeNull();
  });

  it("the Communication posted takes 2§7's fields only: a centre beside them is refused", () => {
    const message = {
      resourceType: "Communication",
      status: "completed",
      sender: { reference: "Patient/42", display: "Mere Tane" },
      recipient: [{ reference: "Location/1", display: "Front Desk" }],
      note: [{ text: "Opening hours" }],
      extension: [
        { url: "MessageBody", valueString: "Thank you" },
        { url: "MessageType", valueString: MESSAGE_TYPES.send },
      ],
    };
    expect(OutgoingMessageSchema.safeParse(message).success).toBe(true);
    expect(OutgoingMessageSchema.safeParse({ ...message, centre: centres[0] }).success).toBe(false);
  });
});
