import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { normaliseUsername } from "./world-core";
import type { WorldRegistry } from "./worlds";

/** The mock's mail catcher: an SMTP server in the mock that files every message in its world's mail, a test double and never a relay (decisions/277). */
export interface MailCatcher {
  port: number;
  close(): Promise<void>;
}

/** The largest message taken (the portal's are a few hundred bytes). */
const MAX_BYTES = 256 * 1024;

export async function startMailCatcher(worlds: WorldRegistry, options: { port: number; host: string }): Promise<MailCatcher> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    size: MAX_BYTES,
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { subject, body } = readMessage(Buffer.concat(chunks).toString("utf8"));
        for (const recipient of session.envelope.rcptTo) {
          const to = normaliseUsername(recipient.address);
          const world = worlds.ownerOf(to) ?? worlds.get("default");
          world?.store.mail.create({ id: randomUUID(), to, subject, body, sentAt: world.clock.now().toISO()! });
        }
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The subject and plain text of a message as nodemailer writes one: headers, a blank line, a body in
 * 7bit or quoted-printable. Enough for the mails the portal sends; not a general MIME parser.
 */
export function readMessage(raw: string): { subject: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  let body = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  if ((headers.get("content-transfer-encoding") ?? "").toLowerCase() === "quoted-printable") {
    body = Buffer.from(body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");
  }
  return { subject: decodeWords(headers.get("subject") ?? ""), body: body.replace(/\r\n/g, "\n").trimEnd() };
}

/** One RFC 2047 encoded word (=?UTF-8?Q?...?= or ?B?), as nodemailer writes a subject that is not plain ASCII. */
const ENCODED_WORD = /=\?([^?]+)\?([QB])\?([^?]*)\?=/gi;

/**
 * A header's encoded words, decoded. nodemailer folds a long subject into several words, and the
 * whitespace between two adjacent words is the fold's, not the subject's (RFC 2047 §6.2); a run of
 * adjacent words is decoded as one run of bytes, so a character split between two words stays whole.
 */
function decodeWords(value: string): string {
  const joined = value.replace(/\?=\s+(?==\?[^?]+\?[QB]\?)/gi, "?=");
  return joined.replace(/(?:=\?[^?]+\?[QB]\?[^?]*\?=)+/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(ENCODED_WORD)].map(([, , kind, text]) =>
        kind!.toUpperCase() === "B" ? Buffer.from(text!, "base64") : Buffer.from(text!.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1"),
      ),
    ).toString("utf8"),
  );
}
