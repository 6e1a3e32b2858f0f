import { describe, expect, it } from "vitest";
import { LoadImageReplySchema } from "@contract/patient";

/** 1§7 LoadImage "returns text": how the contract reads it. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]).toString("base64");
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]).toString("base64");
const GIF = Buffer.from("GIF89a........").toString("base64");

describe("the LoadImage reply", () => {
  it("empty, blank or null: the practice holds no image", () => {
    expect(LoadImageReplySchema.parse("")).toBeNull();
    expect(LoadImageReplySchema.parse("  \n")).toBeNull();
    expect(LoadImageReplySchema.parse(null)).toBeNull();
  });

  it("bare base64 or a data: address, its type judged by the bytes", () => {
    expect(LoadImageReplySchema.parse(PNG)).toEqual({ contentType: "image/png", base64: PNG });
    expect(LoadImageReplySchema.parse(`data:image/jpeg;base64,${JPEG}`)).toEqual({ contentType: "image/jpeg", base64: JPEG });
    // A data: address that names the wrong type: the bytes decide.
    expect(LoadImageReplySchema.parse(`data:image/png;base64,${JPEG}`)).toEqual({ contentType: "image/jpeg", base64: JPEG });
    // Line breaks, as some servers wrap base64, are dropped.
    expect(LoadImageReplySchema.parse(`${PNG.slice(0, 8)}\r\n${PNG.slice(8)}`)?.base64).toBe(PNG);
  });

  it("anything but a PNG or JPEG breaks the contract", () => {
    expect(LoadImageReplySchema.safeParse(GIF).success).toBe(false);
    expect(LoadImageReplySchema.safeParse("not an image at all!").success).toBe(false);
    expect(LoadImageReplySchema.safeParse(Buffer.from("%PDF-1.7").toString("base64")).success).toBe(false);
    expect(LoadImageReplySchema.safeParse("A".repeat(3_000_000)).success).toBe(false);
  });
});
