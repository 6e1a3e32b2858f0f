import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { signedCookie } from "~/.server/signed-cookie.server";

// The portal's signed cookies are read with node:crypto (decisions/362) and written by React Router:
// every header here is read by both, and both must answer alike.
const SECRET = "a-test-secret-of-at-least-32-characters";
const OLD_SECRET = "an-older-secret-of-at-least-32-characters";
const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secrets: [SECRET, OLD_SECRET] };
const ours = signedCookie("__portal", options);
const reactRouters = createCookie("__portal", options);
const signedWith = (secret: string) => createCookie("__portal", { ...options, secrets: [secret] });

/** `name=value` of a Set-Cookie header, as a browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(";")[0];

async function bothRead(header: string | null) {
  const [read, expected] = await Promise.all([ours.parse(header), reactRouters.parse(header)]);
  expect(read).toEqual(expected);
  return read;
}

describe("signed cookies read with node:crypto (decisions/362)", () => {
  it("reads what React Router signed: ids, objects, words outside ASCII, an empty value", async () => {
    for (const value of ["u3j5Hk2m9Pq0rS7tVwXyZ1a2B3c4D5e6", { user: "Hēmi Tāwhiri", n: 3, nested: { ok: true } }, "?&=;+/", ""]) {
      const header = sentBack(await reactRouters.serialize(value));
      expect(await bothRead(header)).toEqual(value);
      // Among the browser's other cookies, before and after.
      expect(await bothRead(`other=1; ${header}; last=2`)).toEqual(value);
    }
  });

  it("writes what React Router reads, with the same attributes", async () => {
    const written = await ours.serialize("abc", { maxAge: 60 });
    expect(await reactRouters.parse(sentBack(written))).toBe("abc");
    expect(written).toMatch(/; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(ours.name).toBe("__portal");
    expect(ours.isSigned).toBe(true);
  });

  it("reads what a rotated secret signed, listed after the signing one", async () => {
    const header = sentBack(await signedWith(OLD_SECRET).serialize("kept-across-rotation"));
    expect(await bothRead(header)).toBe("kept-across-rotation");
  });

  it("refuses a value signed with another secret, a changed value and a changed signature", async () => {
    const header = sentBack(await reactRouters.serialize("session-id"));
    const [, raw] = header.split("=", 2);
    const value = decodeURIComponent(raw);
    const dot = value.lastIndexOf(".");
    const forged = [
      sentBack(await signedWith("a-third-secret-of-at-least-32-characters").serialize("session-id")),
      `__portal=${encodeURIComponent(`${Buffer.from(JSON.stringify("other-id")).toString("base64")}${value.slice(dot)}`)}`,
      `__portal=${encodeURIComponent(`${value.slice(0, dot + 1)}${value.slice(dot + 1).replace(/^./, (c) => (c === "A" ? "B" : "A"))}`)}`,
      `__portal=${encodeURIComponent(value.slice(0, dot))}`,
      "__portal=not-signed-at-all",
    ];
    for (const header of forged) expect(await bothRead(header), header).toBeNull();
  });

  it("will not be made without a secret, which would leave it unsigned", () => {
    expect(() => signedCookie("__portal", { ...options, secrets: [] })).toThrow("needs a secret");
  });

  it("answers null without the cookie and an empty string for an empty one", async () => {
    expect(await bothRead(null)).toBeNull();
    expect(await bothRead("")).toBeNull();
    expect(await bothRead("other=1")).toBeNull();
    expect(await bothRead("__portal=")).toBe("");
  });
});
