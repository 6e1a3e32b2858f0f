import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PracticeApiError } from "~/.server/practice/client.server";
import { AnsweredBeforeAnyStep, refuse, stepDispatcher, type StepHandlers } from "~/.server/steps.server";
import { errorsTexts } from "~/lib/texts/errors";
import { STEP_HEADER, StepNetworkError, StepRefusedError, StepReplyError, StepSessionEndedError, stepMayHaveBeenDone } from "~/lib/step-errors";
import { callStep, failureMessage, step, stepArea, StepFailedError } from "~/lib/steps";

/**
 * The step protocol's two halves (decisions/280) against each other: the browser's `callStep` posts to
 * a fetch that hands the request to the server's dispatcher, as React Router would (a thrown Response
 * is the answer, as requireSession's 401 is).
 */

const area = stepArea("/example/step", {
  add: step(z.object({ a: z.number(), b: z.number() }), z.object({ sum: z.number() })),
  withdraw: step(z.object({ amount: z.number().positive("Enter an amount") }), z.object({ left: z.number() })),
  lookup: step(z.object({}), z.array(z.string())),
});

interface Context {
  signedIn: boolean;
  seen: Array<{ header: string | null }>;
}

const handlers: StepHandlers<typeof area, Context> = {
  add: async ({ a, b }) => ({ sum: a + b }),
  withdraw: async ({ amount }) => (amount > 10 ? refuse("Not enough in the account", { fields: { amount: "At most $10" } }) : { left: 10 - amount }),
  lookup: async () => {
    throw new PracticeApiError("http", "Lookup", "503", 503);
  },
};

function portal({ signedIn = true, drift = false, viewingElsewhere = false, answeredBefore = false } = {}) {
  const seen: Context["seen"] = [];
  const dispatch = stepDispatcher(area, drift ? ({ ...handlers, add: async () => ({ total: 3 }) } as never) : handlers, {
    begin: async (request) => {
      seen.push({ header: request.headers.get(STEP_HEADER) });
      if (!signedIn) throw Response.json({ sessionEnded: true }, { status: 401 });
      // As requireSession answers a tab still showing the person viewed before a switch in another tab.
      if (viewingElsewhere) throw data({ message: errorsTexts.viewingChanged }, { status: 409 });
      // As the sign-in's steps answer a session that is already signed in.
      if (answeredBefore) throw new AnsweredBeforeAnyStep({ sum: 0, left: 0 });
      return { signedIn, seen };
    },
    failed: (name) => `The ${name} could not be done just now.`,
  });
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    const request = new Request(new URL(String(url), "http://portal.test"), init);
    try {
      return await dispatch(request);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };
  return { fetch: fetch as typeof globalThis.fetch, seen, dispatch };
}

const post = (dispatch: (r: Request) => Promise<Response>, fields: Record<string, string>) =>
  dispatch(new Request("http://portal.test/example/step", { method: "POST", body: new URLSearchParams(fields) })).then(async (r) => ({ status: r.status, body: await r.json() }));

describe("the step protocol", () => {
  it("answers a step with its typed reply, posted with the step header", async () => {
    const { fetch, seen } = portal();
    const reply = await callStep(area, "add", { a: 2, b: 3 }, { fetch });
    expect(reply).toEqual({ sum: 5 });
    expect(seen).toEqual([{ header: "1" }]);
  });

  it("wraps replies in one envelope", async () => {
    const { dispatch } = portal();
    expect(await post(dispatch, { step: "add", input: JSON.stringify({ a: 1, b: 1 }) })).toEqual({ status: 200, body: { ok: true, reply: { sum: 2 } } });
  });

  it("returns a refusal with its fields, and the client throws it as a StepFailedError", async () => {
    const { fetch, dispatch } = portal();
    expect(await post(dispatch, { step: "withdraw", input: JSON.stringify({ amount: 20 }) })).toEqual({
      status: 200,
      body: { ok: false, failure: { kind: "refused", message: "Not enough in the account", fields: { amount: "At most $10" } } },
    });
    const error = await callStep(area, "withdraw", { amount: 20 }, { fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StepFailedError);
    expect(error).toMatchObject({ kind: "refused", message: "Not enough in the account", fields: { amount: "At most $10" } });
    expect(failureMessage(error, "fallback")).toBe("Not enough in the account");
  });

  it("refuses an unknown step the same way whatever its name", async () => {
    const { fetch, dispatch } = portal();
    for (const name of ["nope", "toString", "__proto__", ""]) {
      expect(await post(dispatch, { step: name })).toEqual({ status: 400, body: { ok: false, failure: { kind: "unknown-step", message: errorsTexts.unexpected } } });
    }
    expect(await post(dispatch, { input: "{}" })).toMatchObject({ status: 400, body: { failure: { kind: "unknown-step" } } });
    await expect(callStep(area, "nope" as never, {} as never, { fetch })).rejects.toMatchObject({ kind: "unknown-step" });
  });

  it("refuses an input its schema does not take, naming the fields, without running the handler", async () => {
    const { fetch, dispatch } = portal();
    expect(await post(dispatch, { step: "withdraw", input: JSON.stringify({ amount: -1 }) })).toEqual({
      status: 400,
      body: { ok: false, failure: { kind: "invalid", message: "Enter an amount", fields: { amount: "Enter an amount" } } },
    });
    expect(await post(dispatch, { step: "add", input: "{not json" })).toMatchObject({ status: 400, body: { ok: false, failure: { kind: "invalid" } } });
    await expect(callStep(area, "add", { a: 1, b: "2" } as never, { fetch })).rejects.toMatchObject({ kind: "invalid", fields: { b: expect.any(String) } });
  });

  it("turns a practice error into the step's failure text", async () => {
    const { fetch } = portal();
    await expect(callStep(area, "lookup", {}, { fetch })).rejects.toMatchObject({ name: "StepFailedError", kind: "failed", message: "The lookup could not be done just now." });
  });

  it("answers an ended session before reading the step, and the client throws StepSessionEndedError", async () => {
    const { fetch } = portal({ signedIn: false });
    await expect(callStep(area, "add", { a: 1, b: 2 }, { fetch })).rejects.toBeInstanceOf(StepSessionEndedError);
    await expect(callStep(area, "nope" as never, {} as never, { fetch })).rejects.toBeInstanceOf(StepSessionEndedError);
  });

  it("refuses a step from a tab left behind by a switch of account in its words, without running the handler", async () => {
    const { fetch, dispatch } = portal({ viewingElsewhere: true });
    await expect(callStep(area, "withdraw", { amount: 5 }, { fetch })).rejects.toMatchObject({ name: "StepFailedError", kind: "refused", message: errorsTexts.viewingChanged });
    expect(await post(dispatch, { step: "withdraw", input: JSON.stringify({ amount: 5 }) })).toEqual({ status: 409, body: { ok: false, failure: { kind: "refused", message: errorsTexts.viewingChanged } } });
  });

  it("answers every step at once when begin says so, running none of them", async () => {
    const { fetch, dispatch } = portal({ answeredBefore: true });
    expect(await callStep(area, "add", { a: 1, b: 2 }, { fetch })).toEqual({ sum: 0 });
    expect(await post(dispatch, { step: "withdraw", input: JSON.stringify({ amount: 50 }) })).toEqual({ status: 200, body: { ok: true, reply: { sum: 0, left: 0 } } });
  });

  it("a reply that does not match the declaration is a StepReplyError, never trusted", async () => {
    const { fetch } = portal({ drift: true });
    await expect(callStep(area, "add", { a: 1, b: 2 }, { fetch })).rejects.toBeInstanceOf(StepReplyError);
  });

  it("an answer that is no envelope (the same-origin rule, a proxy) and no answer at all are errors of their own", async () => {
    const forbidden = (async () => new Response("Cross-site post", { status: 403, headers: { "Content-Type": "text/plain" } })) as typeof fetch;
    await expect(callStep(area, "add", { a: 1, b: 2 }, { fetch: forbidden })).rejects.toMatchObject({ name: "StepRefusedError", status: 403 });
    const html = (async () => new Response("<!doctype html>", { status: 200, headers: { "Content-Type": "text/html" } })) as typeof fetch;
    await expect(callStep(area, "add", { a: 1, b: 2 }, { fetch: html })).rejects.toBeInstanceOf(StepReplyError);
    // JSON that cannot be read is no envelope either; a 401 that is not the session's is a plain refusal.
    const broken = (async () => new Response('{"ok": true, ', { status: 200, headers: { "Content-Type": "application/json" } })) as typeof fetch;
    await expect(callStep(area, "add", { a: 1, b: 2 }, { fetch: broken })).rejects.toBeInstanceOf(StepReplyError);
    const unauthorised = (async () => Response.json({ error: "Unauthorised" }, { status: 401 })) as typeof fetch;
    const refused = await callStep(area, "add", { a: 1, b: 2 }, { fetch: unauthorised }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: "StepRefusedError", status: 401 });
    expect(refused).not.toBeInstanceOf(StepSessionEndedError);
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    const error = await callStep(area, "add", { a: 1, b: 2 }, { fetch: offline }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StepNetworkError);
    expect(error).not.toBeInstanceOf(StepRefusedError);
    expect(failureMessage(error, "fallback")).toBe("fallback");
  });
});

describe("a step's own headers", () => {
  // The sign-in's steps make and end sessions: their cookie goes out with whatever the step answers.
  const cookies = stepArea("/example/cookies", {
    open: step(z.object({ refuse: z.boolean(), fail: z.boolean() }), z.literal("opened")),
  });
  const dispatch = stepDispatcher(
    cookies,
    {
      open: async (input, _context, { headers }) => {
        headers.append("Set-Cookie", "__example=1; Path=/; HttpOnly");
        if (input.fail) throw new PracticeApiError("http", "Open", "503", 503);
        return input.refuse ? refuse("Not now") : "opened";
      },
    },
    // Nobody need be signed in: this begin only reads, as the sign-in's does.
    { begin: async () => null },
  );
  const answer = async (input: { refuse: boolean; fail: boolean }) => {
    const response = await dispatch(new Request("http://portal.test/example/cookies", { method: "POST", body: new URLSearchParams({ step: "open", input: JSON.stringify(input) }) }));
    return { cookies: response.headers.getSetCookie(), cache: response.headers.get("Cache-Control"), body: await response.json() };
  };

  it("go out with the reply, a refusal and a practice failure alike, still never cached", async () => {
    expect(await answer({ refuse: false, fail: false })).toEqual({ cookies: ["__example=1; Path=/; HttpOnly"], cache: "no-store", body: { ok: true, reply: "opened" } });
    expect(await answer({ refuse: true, fail: false })).toMatchObject({ cookies: ["__example=1; Path=/; HttpOnly"], body: { ok: false, failure: { kind: "refused" } } });
    expect(await answer({ refuse: false, fail: true })).toMatchObject({ cookies: ["__example=1; Path=/; HttpOnly"], body: { ok: false, failure: { kind: "failed" } } });
  });
});

describe("a failed step that may still have been done (decisions/387)", () => {
  it.each([
    ["no answer (the connection dropped)", new StepNetworkError("x"), true],
    ["an unreadable answer", new StepReplyError("x"), true],
    ["the portal's own 500", new StepRefusedError("x", 500), true],
    ["a proxy's 502", new StepRefusedError("x", 502), true],
    ["a refusal (403)", new StepRefusedError("x", 403), false],
    ["no such step (404)", new StepRefusedError("x", 404), false],
    ["an ended session", new StepSessionEndedError("/x"), false],
    ["the step's own failure", new StepFailedError({ kind: "failed", message: "x" }), false],
    ["an error of the page's own", new TypeError("x"), false],
    ["an error of the page's own that carries a server status", Object.assign(new Error("x"), { status: 502 }), false],
  ])("%s: %s", (_, error, may) => {
    expect(stepMayHaveBeenDone(error)).toBe(may);
  });
});
