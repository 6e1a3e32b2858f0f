import { describe, expect, it } from "vitest";
import { signupSchema, SignupSchema } from "~/areas/sign-in/signup";
import { chosenFile, IMAGE_HEAD_BYTES, PROFILE_IMAGE_MAX_BYTES, profileImageProblem } from "~/areas/sign-in/signup-image";
import { signupTexts } from "~/areas/sign-in/signup-texts";

/** The Signup form's profile image (1§2): JPEG or PNG by name, declared type, first bytes and size. */
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]);
const TEXT_HEAD = new TextEncoder().encode("MZ\x90\x00\x03\x00\x00\x00");
const details = { familyName: "Parata", firstName: "Mere", middleName: "", dob: "07-03-1985", nhi: "", practiceName: "Māngere Family Doctors", email: "mere@example.com" };

describe("the profile image rule", () => {
  it("takes a PNG or a JPEG whose name, declared type and first bytes agree, up to 5 MB", () => {
    expect(profileImageProblem({ name: "me.png", type: "image/png", size: 2_000, head: PNG_HEAD })).toBeNull();
    expect(profileImageProblem({ name: "Me.JPEG", type: "image/jpeg", size: 2_000, head: JPEG_HEAD })).toBeNull();
    expect(profileImageProblem({ name: "me.jpg", type: "", size: PROFILE_IMAGE_MAX_BYTES, head: JPEG_HEAD })).toBeNull();
    // Not read yet (the browser's check on submit): name, type and size only.
    expect(profileImageProblem({ name: "me.png", type: "image/png", size: 2_000 })).toBeNull();
    expect(IMAGE_HEAD_BYTES).toBe(PNG_HEAD.length);
  });

  it("refuses a renamed program, a JPEG called .png, another type, a declared type that disagrees, an empty file, one byte over 5 MB", () => {
    expect(profileImageProblem({ name: "me.png", type: "image/png", size: 2_000, head: TEXT_HEAD })).toBe("type");
    expect(profileImageProblem({ name: "me.png", type: "image/png", size: 2_000, head: JPEG_HEAD })).toBe("type");
    expect(profileImageProblem({ name: "me.gif", type: "image/gif", size: 2_000 })).toBe("type");
    expect(profileImageProblem({ name: "letter.pdf", type: "application/pdf", size: 2_000 })).toBe("type");
    expect(profileImageProblem({ name: "me.png", type: "application/x-msdownload", size: 2_000, head: PNG_HEAD })).toBe("type");
    expect(profileImageProblem({ name: "me.png", type: "image/png", size: 0 })).toBe("empty");
    expect(profileImageProblem({ name: "me.png", type: "image/png", size: PROFILE_IMAGE_MAX_BYTES + 1, head: PNG_HEAD })).toBe("size");
  });

  it("a file field with nothing chosen is no file", () => {
    expect(chosenFile(new File([], "", { type: "application/octet-stream" }))).toBeNull();
    expect(chosenFile("me.png")).toBeNull();
    expect(chosenFile(undefined)).toBeNull();
    expect(chosenFile(new File([PNG_HEAD], "me.png"))?.name).toBe("me.png");
  });
});

describe("the Signup form with its image", () => {
  it("is whole without an image; with one, the message names the file and why", () => {
    expect(SignupSchema.safeParse(details).success).toBe(true);
    // The empty, nameless file a file input posts when nothing was chosen.
    expect(SignupSchema.safeParse({ ...details, image: new File([], "") }).data?.image).toBeUndefined();
    expect(SignupSchema.safeParse({ ...details, image: new File([PNG_HEAD], "me.png", { type: "image/png" }) }).success).toBe(true);
    const gif = SignupSchema.safeParse({ ...details, image: new File([PNG_HEAD], "me.gif", { type: "image/gif" }) });
    expect(gif.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["image", signupTexts.imageProblem.type("me.gif")]]);
    // A file name posted as text (a form sent without its file) is not an image.
    expect(SignupSchema.safeParse({ ...details, image: "me.png" }).error?.issues[0].message).toBe(signupTexts.imageProblem.type("me.png"));
  });

  it("judges the content where the first bytes were read (the server)", () => {
    const renamed = new File([TEXT_HEAD], "me.png", { type: "image/png" });
    expect(SignupSchema.safeParse({ ...details, image: renamed }).success).toBe(true);
    expect(signupSchema(TEXT_HEAD).safeParse({ ...details, image: renamed }).error?.issues[0].message).toBe(signupTexts.imageProblem.type("me.png"));
    expect(signupSchema(PNG_HEAD).safeParse({ ...details, image: new File([PNG_HEAD], "me.png", { type: "image/png" }) }).success).toBe(true);
  });

  it("says the size limit in its hint, in the rule's own figure", () => {
    expect(signupTexts.imageHint).toContain(`${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
    expect(signupTexts.imageProblem.size("big.jpg")).toContain(`${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
  });
});
