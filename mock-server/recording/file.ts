import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * A recording: a portal's calls to a practice and its answers, every personal detail made up and no token, password or
 * secret header in it; a world made from it answers as recorded, checked with this schema on load (decisions/384).
 */

export const RECORDING_VERSION = 1;

/** The password of every replay world's users, as of every demo world (the original one is never saved). */
export const REPLAY_PASSWORD = "Kiaora2024";

/**
 * Where a call went: "identity" the identity server's root (`/api/Authentication`, and the calls made
 * before sign-in at `{identity}/api/…`), "practice" the practice API the identity server named.
 */
export const CallScopeSchema = z.enum(["identity", "practice"]);

/** A JSON reply kept as JSON; any other kind of text kept as text; a binary reply only as its type and size. */
export const RecordedReplySchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("json"), value: z.unknown() }),
  z.strictObject({ kind: z.literal("text"), value: z.string() }),
  z.strictObject({ kind: z.literal("empty") }),
  z.strictObject({ kind: z.literal("binary"), bytes: z.int().min(0) }),
]);
export type RecordedReply = z.output<typeof RecordedReplySchema>;

export const RecordedCallSchema = z.strictObject({
  scope: CallScopeSchema,
  method: z.enum(["GET", "POST", "PUT", "DELETE", "PATCH"]),
  /** The call's path under its scope's address, as sent (`Patient/Messaging`). */
  path: z.string().min(1),
  /** The query as sent, a list for a repeated parameter. */
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** The JSON body, or null for none. */
  body: z.unknown(),
  status: z.int().min(100).max(599),
  contentType: z.string().nullable(),
  reply: RecordedReplySchema,
});
export type RecordedCall = z.output<typeof RecordedCallSchema>;

export const RecordingSchema = z.strictObject({
  version: z.literal(RECORDING_VERSION),
  /** The recorded identity server's address, with no user name, password, query or fragment. */
  upstream: z.string(),
  recordedAt: z.iso.datetime({ offset: true }),
  /** The (made-up) user names that signed in during the recording, as a replay world's users. */
  users: z.array(z.string().min(1)),
  calls: z.array(RecordedCallSchema),
});
export type Recording = z.output<typeof RecordingSchema>;

/** An address as a recording names it: origin and path, never credentials, query or fragment. */
export function upstreamLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`;
}

/** Where `npm run mock -- --record` writes by default, and where a world request finds a recording by name (git-ignored). */
export const RECORDINGS_DIR = path.resolve("recordings");

/** recordings/2026-11-28T03-47-26.json: the recording's start, in a name any file system takes. */
export function defaultRecordingPath(now = new Date()): string {
  return path.join(RECORDINGS_DIR, `${now.toISOString().slice(0, 19).replaceAll(":", "-")}.json`);
}

/** A recording's content, checked; an Error says what is wrong with it. */
export function parseRecording(value: unknown, source = "the recording"): Recording {
  const parsed = RecordingSchema.safeParse(value);
  if (!parsed.success) throw new Error(`${source} is not a recording (version ${RECORDING_VERSION}): ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

export function readRecording(file: string): Recording {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new Error(`Cannot read the recording ${file}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not JSON`);
  }
  return parseRecording(value, file);
}

/** A recording of the recordings folder by its file name (`2026-11-28T03-47-26.json`), never a path out of it. */
export const RecordingNameSchema = z.string().regex(/^[\w.-]+\.json$/, "a file name in the recordings folder, such as 2026-11-28T03-47-26.json");
export function readNamedRecording(name: string): Recording {
  return readRecording(path.join(RECORDINGS_DIR, RecordingNameSchema.parse(name)));
}
