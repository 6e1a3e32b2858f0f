import { describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES, attachmentProblem, typeByContent, typeByName } from "@contract/attachment-content";

/** 2§5's file rule, by name and by content, shared by the browser, the portal server and the mock. */
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0]);
const PDF = new TextEncoder().encode("%PDF-1.7\n");

describe("attachments (2§5)", () => {
  it("knows png, jpg, jpeg and pdf by name, in any case, and nothing else", () => {
    expect(["a.png", "b.JPG", "c.jpeg", "d.Pdf"].map(typeByName)).toEqual(["image/png", "image/jpeg", "image/jpeg", "application/pdf"]);
    expect(["a.gif", "b.exe", "png", "c.png.exe"].map(typeByName)).toEqual([null, null, null, null]);
  });

  it("knows the three by their first bytes", () => {
    expect([PNG, JPEG, PDF].map(typeByContent)).toEqual(["image/png", "image/jpeg", "application/pdf"]);
    expect(typeByContent(new TextEncoder().encode("MZ\x90"))).toBeNull();
  });

  it("refuses a renamed file, a name and content that disagree, an empty file and one over the limit", () => {
    expect(attachmentProblem({ name: "photo.png", bytes: PNG })).toBeNull();
    expect(attachmentProblem({ name: "photo.png", bytes: new TextEncoder().encode("MZ not an image") })).toBe("type");
    expect(attachmentProblem({ name: "scan.pdf", bytes: PNG })).toBe("type");
    expect(attachmentProblem({ name: "notes.txt", bytes: PDF })).toBe("type");
    expect(attachmentProblem({ name: "a.png", bytes: new Uint8Array() })).toBe("empty");
    const big = new Uint8Array(ATTACHMENT_MAX_BYTES + 1);
    big.set(PDF);
    expect(attachmentProblem({ name: "big.pdf", bytes: big })).toBe("size");
  });
});
