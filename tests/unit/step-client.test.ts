import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { FlowOutcomeSchema } from "../../app/lib/sign-in-flow";
import { createStepClient, StepError, StepNetworkError, StepRefusedError, StepReplyError, StepSessionEndedError } from "../../app/lib/step-client";

/**
 * The step client against a real local HTTP server: each path answers one way, as a portal, a proxy
 * or a lost session might. The client is given a fetch that puts the server's origin before the
 * route's relative path, as the browser does.
 */
const replies: Record<string, (req: IncomingMessage, body: string, res: ServerResponse) => void> = {
  "/ok": (_req, body, res) => json(res, 200, { echoed: Object.fromEntries(new URLSearchParams(body)) }),
  "/invalid": (_req, _body, res) => json(res, 400, { kind: "invalid", fieldErrors: { username: "Email cannot be empty" }, message: "You have entered an invalid email address." }),
  "/forbidden": (_req, _body, res) => json(res, 403, { error: "Cross-site post" }),
  "/crash": (_req, _body, res) => json(res, 500, { error: "boom" }),
  "/html": (_req, _body, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<!doctype html><title>Sign in</title>");
  },
  "/bad-json": (_req, _body, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end('{"kind": "signedIn", ');
  },
  "/wrong-shape": (_req, _body, res) => json(res, 200, { kind: "signedIn" }),
  // As requireSession answers a step (the step header) that met an ended session.
  "/ended": (req, _body, res) => (req.headers["x-portal-step"] === "1" ? json(res, 401, { sessionEnded: true }) : json(res, 401, { error: "no step header" })),
  "/unauthorised": (_req, _body, res) => json(res, 401, { error: "Unauthorised" }),
};

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

let server: Server;
let origin: string;
const seen: Array<{ method: string; type: string | undefined; body: string }> = [];
const local: typeof fetch = (input, init) => fetch(`${origin}${String(input)}`, init);

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", type: req.headers["content-type"], body });
      const answer = replies[req.url ?? ""];
      if (answer) answer(req, body, res);
      else json(res, 404, { error: "no such route" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const Echo = z.object({ echoed: z.record(z.string(), z.string()) });

describe("step client", () => {
  it("posts the fields as a form and gives the reply as the schema reads it", async () => {
    const reply = await createStepClient("/ok", { fetch: local }).post({ intent: "sign-in", username: "a@b.nz" }, Echo);
    expect(reply).toEqual({ echoed: { intent: "sign-in", username: "a@b.nz" } });
    expect(seen.at(-1)).toMatchObject({ method: "POST", type: expect.stringContaining("application/x-www-form-urlencoded") });
  });

  it("takes a listed error status as an answer (the sign-in's 400 invalid)", async () => {
    const reply = await createStepClient("/invalid", { fetch: local, answerStatuses: [200, 400] }).post({}, FlowOutcomeSchema);
    expect(reply).toEqual({ kind: "invalid", fieldErrors: { username: "Email cannot be empty" }, message: "You have entered an invalid email address." });
  });

  it("refuses any status it was not told to take, with the status", async () => {
    const forbidden = createStepClient("/forbidden", { fetch: local }).post({}, FlowOutcomeSchema);
    await expect(forbidden).rejects.toBeInstanceOf(StepRefusedError);
    await expect(forbidden).rejects.toMatchObject({ status: 403 });
    // Without it listed, even the sign-in's 400 is a refusal.
    await expect(createStepClient("/invalid", { fetch: local }).post({}, FlowOutcomeSchema)).rejects.toMatchObject({ name: "StepRefusedError", status: 400 });
    await expect(createStepClient("/crash", { fetch: local, answerStatuses: [200, 400] }).post({}, FlowOutcomeSchema)).rejects.toMatchObject({ status: 500 });
  });

  it("marks its posts as steps, and an ended session's answer is a StepSessionEndedError (a refusal, status 401)", async () => {
    const ended = createStepClient("/ended", { fetch: local }).post({}, FlowOutcomeSchema);
    await expect(ended).rejects.toBeInstanceOf(StepSessionEndedError);
    await expect(ended).rejects.toBeInstanceOf(StepRefusedError);
    // Any other 401 is a plain refusal.
    const other = createStepClient("/unauthorised", { fetch: local }).post({}, FlowOutcomeSchema);
    await expect(other).rejects.toMatchObject({ name: "StepRefusedError", status: 401 });
  });

  it("an answer that is not JSON (a sign-in page after a lost session) is an unexpected reply", async () => {
    await expect(createStepClient("/html", { fetch: local }).post({}, FlowOutcomeSchema)).rejects.toBeInstanceOf(StepReplyError);
  });

  it("JSON that cannot be read is an unexpected reply", async () => {
    await expect(createStepClient("/bad-json", { fetch: local }).post({}, FlowOutcomeSchema)).rejects.toBeInstanceOf(StepReplyError);
  });

  it("JSON that does not match the schema is an unexpected reply, naming the field", async () => {
    const wrong = createStepClient("/wrong-shape", { fetch: local }).post({}, FlowOutcomeSchema);
    await expect(wrong).rejects.toBeInstanceOf(StepReplyError);
    await expect(wrong).rejects.toThrow(/redirectTo/);
  });

  it("no answer at all (nothing listening) is a network error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = createStepClient(`http://127.0.0.1:${port}/login/flow`).post({}, FlowOutcomeSchema);
    await expect(failure).rejects.toBeInstanceOf(StepNetworkError);
    await expect(failure).rejects.toBeInstanceOf(StepError);
  });
});
