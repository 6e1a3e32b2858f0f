import { DomUtils, parseDocument } from "htmlparser2";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MessageViewer } from "~/areas/messaging/components/message-viewer";
import { messagingTexts } from "~/areas/messaging/texts";
import type { MessageView } from "~/areas/messaging/view";
import { recordTexts } from "~/lib/texts/record";

/** The open message as the viewer draws it when the practice left fields out (issue 68, decisions/396). */

const view: MessageView = {
  id: "m1",
  box: "inbox",
  subject: "",
  name: "The practice",
  longDate: recordTexts.notRecorded,
  body: "",
  bodyHtml: null,
  roleId: "0",
  practitioner: { id: "", name: "", reference: "" },
  attachments: [
    { n: 0, title: "letter.pdf", kind: "pdf", url: "/emails/attachment/m1/0" },
    { n: 1, title: "notes.doc", kind: "other", url: "/emails/attachment/m1/1" },
  ],
};

const noop = () => undefined;

function draw(message: MessageView) {
  const markup = renderToStaticMarkup(
    <MessageViewer opened={{ status: "loaded", message }} box="inbox" position={1} total={1} settings={{ compose: true, reply: true }} busy={false} onDelete={noop} onReply={noop} onSendDraft={noop} onEditDraft={noop} onPreview={noop} onRetry={noop} onReach={noop} />,
  );
  const document = parseDocument(markup);
  const text = (node: Parameters<typeof DomUtils.textContent>[0]) => DomUtils.textContent(node).replace(/\s+/g, " ").trim();
  return { document, text, all: (tag: string) => DomUtils.getElementsByTagName(tag, document, true) };
}

describe("MessageViewer", () => {
  it("says Not recorded for a missing subject, date and body, and lists a file it cannot preview as a download, said so", () => {
    const { all, text } = draw(view);
    expect(text(all("h2")[0])).toBe(recordTexts.notRecorded);
    const paragraphs = all("p").map(text);
    expect(paragraphs).toContain(recordTexts.notRecorded);
    expect(all("div").map(text)).toContain(recordTexts.notRecorded);
    expect(all("h4").map(text)).toEqual(["PDF files", messagingTexts.otherFiles]);
    const [download] = all("a");
    expect(download.attribs).toMatchObject({ href: "/emails/attachment/m1/1", download: "" });
    expect(text(download)).toBe("1. notes.doc");
    expect(paragraphs.join(" ") + all("span").map(text).join(" ")).toContain(messagingTexts.notPreviewable);
    // Only the PDF is offered as a preview.
    expect(all("button").map(text).filter((t) => t.includes("letter.pdf"))).toHaveLength(1);
    expect(all("button").map(text).filter((t) => t.includes("notes.doc"))).toHaveLength(0);
  });

  it("shows a subject and body with markup as text, never as markup", () => {
    const { all, text } = draw({ ...view, subject: "<b>Hua</b> whānau", body: "<i>plain</i>", attachments: [] });
    expect(text(all("h2")[0])).toBe("<b>Hua</b> whānau");
    expect(all("b")).toHaveLength(0);
    expect(all("i")).toHaveLength(0);
    expect(all("p").map(text)).toContain(messagingTexts.noAttachments);
  });
});
