import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseLanguage, languageChosen } from "../../server/language";

/**
 * Which language's build answers a request (issue 69, decisions/403): the server's own middleware in
 * front of a handler that says which it was given. The built portal's answers in each language are
 * in request-hardening.test.ts.
 */

let url: string;
let close: () => Promise<void>;

let teReoOnlyUrl: string;

beforeAll(async () => {
  const listen = async (served?: Parameters<typeof chooseLanguage>[0]) => {
    const app = express();
    app.use(chooseLanguage(served), (_req, res) => void res.type("text/plain").send(languageChosen(res)));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  };
  // Both languages, as `npm start` serves them; te reo alone, as `PORTAL_LANGUAGE=mi npm run dev` does.
  const [both, teReoOnly] = await Promise.all([listen(), listen(["mi"])]);
  url = both.url;
  teReoOnlyUrl = teReoOnly.url;
  close = async () => void (await Promise.all([both.close(), teReoOnly.close()]));
});
afterAll(() => close?.());

const ask = async (headers: Record<string, string>, at = url) => {
  const res = await fetch(at, { headers });
  return { language: await res.text(), contentLanguage: res.headers.get("content-language"), vary: res.headers.get("vary") };
};

describe("the language a request is answered in", () => {
  it("on a first visit, follows the browser's Accept-Language, by its order and weights; English when it names neither", async () => {
    const cases: [string | undefined, string][] = [
      [undefined, "en"],
      ["mi", "mi"],
      ["mi-NZ,mi;q=0.9,en-NZ;q=0.8", "mi"],
      ["en-NZ,en;q=0.9,mi;q=0.8", "en"],
      ["en;q=0.5, mi;q=0.9", "mi"],
      ["fr-FR,fr;q=0.9", "en"],
      ["*", "en"],
    ];
    const answers = await Promise.all(cases.map(([header]) => ask(header === undefined ? {} : { "Accept-Language": header })));
    expect(answers.map((answer) => answer.language)).toEqual(cases.map(([, language]) => language));
  });

  it("keeps the patient's choice over the browser's; a cookie that names no language is not a choice", async () => {
    expect((await ask({ Cookie: "portal-language=mi", "Accept-Language": "en-NZ" })).language).toBe("mi");
    expect((await ask({ Cookie: "other=1; portal-language=en", "Accept-Language": "mi" })).language).toBe("en");
    expect((await ask({ Cookie: "portal-language=fr", "Accept-Language": "mi" })).language).toBe("mi");
    expect((await ask({ Cookie: "portal-language=", "Accept-Language": "en" })).language).toBe("en");
  });

  it("is one of the languages served: a server of te reo alone answers in te reo whatever was chosen, and says so", async () => {
    expect(await ask({ Cookie: "portal-language=en", "Accept-Language": "en-NZ" }, teReoOnlyUrl)).toEqual({ language: "mi", contentLanguage: "mi", vary: "Accept-Language, Cookie" });
  });

  it("says the answer's language, and that it varies by both", async () => {
    expect(await ask({ "Accept-Language": "mi" })).toEqual({ language: "mi", contentLanguage: "mi", vary: "Accept-Language, Cookie" });
    expect(await ask({})).toEqual({ language: "en", contentLanguage: "en-NZ", vary: "Accept-Language, Cookie" });
  });
});
