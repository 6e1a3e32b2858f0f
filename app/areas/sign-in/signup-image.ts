import { typeByContent, typeByName } from "@contract/attachment-content";

/**
 * The Signup form's profile image (1§2): a JPEG or PNG judged by name, declared type and, wherever its bytes are read,
 * first bytes, so a renamed program is refused; checked when chosen and again on the server, never kept or sent on.
 */

/** A phone's photo fits; the hint and the message say "5 MB" (tests/unit/signup-image.test.ts holds them to this). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What /signup's post may weigh (server/index.ts): the image and the 64 KB every form has. */
export const SIGNUP_POST_MAX_BYTES = PROFILE_IMAGE_MAX_BYTES + 64 * 1024;
/** How many first bytes tell a PNG or a JPEG (PNG's signature is the longer). */
export const IMAGE_HEAD_BYTES = 8;
/** For the file input's `accept`: a hint to the chooser, not the check. */
export const PROFILE_IMAGE_ACCEPT = "image/jpeg,image/png,.jpg,.jpeg,.png";

export type ProfileImageProblem = "empty" | "type" | "size";

export interface ChosenImage {
  name: string;
  /** The type the browser declared ("" when it declared none). */
  type: string;
  size: number;
  /** The file's first bytes, where they were read. */
  head?: Uint8Array;
}

const IMAGE_TYPES: readonly string[] = ["image/jpeg", "image/png"];

/** Why a chosen file is not a profile image the form takes, or null. */
export function profileImageProblem(file: ChosenImage): ProfileImageProblem | null {
  if (file.size === 0) return "empty";
  const named = typeByName(file.name);
  if (named === null || !IMAGE_TYPES.includes(named)) return "type";
  if (file.type !== "" && !IMAGE_TYPES.includes(file.type)) return "type";
  // The content must be what the name says: a JPEG called .png is refused as attachments are (2§5).
  if (file.head !== undefined && typeByContent(file.head) !== named) return "type";
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return "size";
  return null;
}

/** A posted file field as the form data holds it: a File, or nothing chosen (an empty, nameless file). */
export function chosenFile(value: unknown): File | null {
  return value instanceof Blob && "name" in value && (value.size > 0 || (value as File).name !== "") ? (value as File) : null;
}
