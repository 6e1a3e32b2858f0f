import type { ATTACHMENT_TYPES } from "./messaging";

/**
 * 2§5's attachment rule, shared by the portal (browser and server) and the mock: png, jpg, jpeg and
 * pdf only, judged by the file's first bytes as well as by its name, so a renamed file (a program
 * called photo.png) is refused wherever it is checked. Three fixed signatures need no library.
 */

export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The limit per file (decisions/112): a phone photo fits, a scan of a whole record does not. */
export const ATTACHMENT_MAX_BYTES = 4 * 1024 * 1024;
/** How many files one message may carry. */
export const ATTACHMENT_MAX_FILES = 5;

const BY_EXTENSION: Record<string, AttachmentType> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", pdf: "application/pdf" };

/** The type a file's name claims, or null for any other name. */
export function typeByName(name: string): AttachmentType | null {
  const match = /\.([a-z0-9]+)$/i.exec(name.trim());
  return match ? (BY_EXTENSION[match[1].toLowerCase()] ?? null) : null;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** The type the content itself shows, or null when it is none of the three. */
export function typeByContent(bytes: Uint8Array): AttachmentType | null {
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  if (startsWith(bytes, PDF)) return "application/pdf";
  return null;
}

export type AttachmentProblem = "type" | "size" | "empty";

/** Why a file may not be attached, or null: the name and the content must agree on an allowed type. */
export function attachmentProblem(file: { name: string; bytes: Uint8Array }): AttachmentProblem | null {
  if (file.bytes.length === 0) return "empty";
  const named = typeByName(file.name);
  if (named === null || typeByContent(file.bytes) !== named) return "type";
  if (file.bytes.length > ATTACHMENT_MAX_BYTES) return "size";
  return null;
}
