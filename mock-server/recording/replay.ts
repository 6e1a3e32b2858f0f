import type { Request, Response } from "express";
import type { Endpoint } from "@contract/endpoints";
import { REDACTED } from "@contract/redact";
import { clinicalPdf } from "../documents/clinical-pdf";
import { seededPng } from "../documents/png";
import { hashSeed } from "../../fixtures/builders/random";
import type { TokenTable } from "../tokens";
import { DOCUMENT_PLACEHOLDER, TOKEN_PLACEHOLDER } from "./anonymiser";
import { REPLAY_PASSWORD, type RecordedCall, type Recording } from "./file";

/** A world made from a recording answers each call as recorded, matched with the token and, failing that, the dates left out (decisions/384). */

const SECRET_KEY = /^(q|password|newpassword|confirm|captcha|cardnumber|cvc|clientsecret)$|password/i;
const TOKEN_KEY = /token$/i;
const DATE = /^\d{4}-\d{2}-\d{2}/;

/** A request's parts, in a form that compares as the recording's. */
function canonical(value: unknown, key: string, relaxDates: boolean): unknown {
  if (typeof value === "string") {
    if (value !== "" && TOKEN_KEY.test(key)) return "*";
    if (value !== "" && SECRET_KEY.test(key)) return REDACTED;
    if (relaxDates && DATE.test(value)) return "<date>";
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => canonical(item, key, relaxDates));
  if (!value || typeof value !== "object") return value ?? null;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !(k === "Token" && key === "(query)"))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, canonical(v, k, relaxDates)]),
  );
}

/** The key a call is found by: exact, or with dates relaxed. */
export function callKey(call: { method: string; path: string; query: unknown; body: unknown }, relaxDates = false): string {
  return JSON.stringify([call.method.toUpperCase(), call.path.replace(/^\/+|\/+$/g, "").toLowerCase(), canonical(call.query ?? {}, "(query)", relaxDates), canonical(call.body ?? null, "(body)", relaxDates)]);
}

export class ReplayBook {
  readonly recording: Recording;
  readonly #exact = new Map<string, RecordedCall[]>();
  readonly #relaxed = new Map<string, RecordedCall[]>();
  readonly #asked = new Map<RecordedCall[], number>();

  constructor(recording: Recording) {
    this.recording = recording;
    for (const call of recording.calls) {
      // The identity server's own answer is the replay world's to give (its address, not the recorder's).
      if (call.scope === "identity" && call.path.toLowerCase() === "authentication") continue;
      push(this.#exact, callKey(call), call);
      push(this.#relaxed, callKey(call, true), call);
    }
  }

  /** The recorded answer for this call (the next of its answers, the last repeated), or undefined. */
  answer(call: { method: string; path: string; query: unknown; body: unknown }): RecordedCall | undefined {
    const answers = this.#exact.get(callKey(call)) ?? this.#relaxed.get(callKey(call, true));
    if (!answers) return undefined;
    const asked = this.#asked.get(answers) ?? 0;
    this.#asked.set(answers, asked + 1);
    return answers[Math.min(asked, answers.length - 1)];
  }

  /** The recorded sign-in of a (recorded) user name: its Patient/Authentication answer. */
  signIn(recordedUser: string): RecordedCall | undefined {
    const wanted = recordedUser.trim().toLowerCase();
    return this.#signIns().find((c) => String((c.body as { UserName?: unknown } | null)?.UserName ?? "").trim().toLowerCase() === wanted);
  }

  /** The recorded sign-in of a patient (by the id its answer names), for a sign-in link. */
  signInOf(patientId: string): RecordedCall | undefined {
    return this.#signIns().find((c) => patientIdOf(c) === patientId);
  }

  #signIns(): RecordedCall[] {
    return this.recording.calls.filter((c) => c.path.toLowerCase() === "patient/authentication" && c.status === 200 && patientIdOf(c) !== undefined);
  }

  /** Back to the first answer of every call (a world reset). */
  restart(): void {
    this.#asked.clear();
  }
}

/** The patient a recorded sign-in answer names (`[Patient]`), if it is one. */
export function patientIdOf(call: RecordedCall): string | undefined {
  const first: unknown = call.reply.kind === "json" && Array.isArray(call.reply.value) ? call.reply.value[0] : undefined;
  return first && typeof first === "object" && "id" in first && typeof first.id === "string" ? first.id : undefined;
}

function push(map: Map<string, RecordedCall[]>, key: string, call: RecordedCall): void {
  const list = map.get(key);
  if (list) list.push(call);
  else map.set(key, [call]);
}

/** What a replay world adds to a world: the book and its users' recorded names. */
export interface ReplayState {
  book: ReplayBook;
  /** The replay world's user name (normalised) → the recorded one. */
  recordedUserOf: Map<string, string>;
}

/**
 * Answers a practice call of a replay world, after the faults (the endpoint wrapper's steps before
 * the token). Sign-in checks the stated password and issues the world's own token in place of the
 * recorded one; every other call needs a token this world issued, as at a practice.
 */
/** What of a world a replay answers with (its seed and sign-ins): not the world's own type, which holds a ReplayState. */
interface ReplayWorld {
  seed: number;
  tokens: TokenTable;
  replay: ReplayState;
}

export async function answerFromRecording(world: ReplayWorld, endpoint: Endpoint, req: Request, res: Response, token: string | undefined): Promise<void> {
  const { book } = world.replay;
  const call = { method: req.method, path: endpoint.path, query: { ...req.query }, body: req.body ?? null };
  if (endpoint.path === "Patient/Authentication") {
    const body = (req.body ?? {}) as { UserName?: unknown; Password?: unknown; q?: unknown };
    // A sign-in link (the console's): the switch token names the patient, once.
    if (typeof body.q === "string" && body.q !== "") {
      const patientId = world.tokens.redeemSwitch(body.q);
      const linked = patientId ? book.signInOf(patientId) : undefined;
      if (!linked || linked.reply.kind !== "json") {
        res.status(200).json({ StatusCode: "2", ResponseMessage: "This sign-in link has expired or was already used." });
        return;
      }
      res.status(linked.status).json(await filled(linked.reply.value, world.tokens.issue(patientId!).token, world.seed));
      return;
    }
    const recordedUser = typeof body.UserName === "string" ? world.replay.recordedUserOf.get(body.UserName.trim().toLowerCase()) : undefined;
    const recorded = recordedUser && body.Password === REPLAY_PASSWORD ? book.signIn(recordedUser) : undefined;
    if (!recorded || recorded.reply.kind !== "json") {
      res.status(200).json({ StatusCode: "2", ResponseMessage: "Invalid username or password." });
      return;
    }
    const reply = recorded.reply.value as { id?: unknown }[];
    const grant = world.tokens.issue(String(reply[0]?.id ?? ""));
    res.status(recorded.status).json(await filled(reply, grant.token, world.seed));
    return;
  }
  if (endpoint.needsToken && !world.tokens.lookup(token)) {
    res.status(401).json({ error: "Unauthorized", message: token ? "The token is unknown or has been logged out" : "A Token is required" });
    return;
  }
  const recorded = book.answer(call);
  if (endpoint.path === "Patient/Logout" && token) world.tokens.revoke(token);
  if (!recorded) {
    res.status(404).json({ error: "Not recorded", call: `${endpoint.method} ${endpoint.path}`, message: "This call, with this query and body, is not in the recording this world was made from." });
    return;
  }
  res.status(recorded.status);
  if (recorded.contentType) res.type(recorded.contentType);
  const reply = recorded.reply;
  if (reply.kind === "json") res.send(JSON.stringify(await filled(reply.value, token ?? "", world.seed)));
  else if (reply.kind === "text") res.send(reply.value);
  else if (reply.kind === "empty") res.end();
  else res.send(Buffer.from(await generatedDocument("pdf", world.seed), "base64"));
}

/** A recorded answer with its placeholders filled: the caller's token, and a generated document for each one left out. */
async function filled(value: unknown, token: string, seed: number): Promise<unknown> {
  if (typeof value === "string") {
    if (TOKEN_PLACEHOLDER.test(value)) return token;
    const document = DOCUMENT_PLACEHOLDER.exec(value);
    return document ? generatedDocument(document[1] as "pdf" | "png" | "binary", seed) : value;
  }
  if (Array.isArray(value)) return Promise.all(value.map((item) => filled(item, token, seed)));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await filled(v, token, seed)] as const)));
}

/** The document a replay serves for one the recording left out (base64): a PDF that says so, or a picture. */
async function generatedDocument(kind: "pdf" | "png" | "binary", seed: number): Promise<string> {
  if (kind === "png") return seededPng(hashSeed(seed, "recorded-image")).toString("base64");
  const bytes = await clinicalPdf({
    practice: { name: "Recorded practice", address: "", phone: "" },
    patient: { name: "Recorded patient", nhi: "" },
    title: "Recorded document",
    date: new Date(0).toISOString(),
    author: "Mock practice server",
    paragraphs: ["This recording did not keep the practice's document, which held personal details.", "The mock serves this one in its place."],
  });
  return Buffer.from(bytes).toString("base64");
}
