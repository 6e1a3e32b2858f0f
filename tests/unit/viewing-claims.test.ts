import { describe, expect, it } from "vitest";
import { viewingKeyOf } from "~/.server/viewing-claims.server";
import { accountHolderKey, accountSessionsKey, anonymousSessionId } from "~/.server/opaque-names.server";

/**
 * Whose record a tab shows (decisions/160), and the hashed names the state store and the records use for
 * holders and sessions: each names one person at one practice, and never carries an id in clear.
 */

const solo = { apiBase: "http://practice-a.test/api/", userId: "1001" };

describe("the viewing key", () => {
  it("is one short opaque key per patient per practice, never the patient's id", () => {
    const key = viewingKeyOf(solo);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(key).not.toContain(solo.userId);
    expect(viewingKeyOf({ ...solo })).toBe(key);
    expect(viewingKeyOf({ ...solo, userId: "1002" })).not.toBe(key);
    expect(viewingKeyOf({ ...solo, apiBase: "http://practice-b.test/api/" })).not.toBe(key);
  });
});

describe("the hashed names of holders and sessions", () => {
  it("a holder is named per practice, the same every time, without their id", () => {
    const key = accountHolderKey(solo.apiBase, "1001");
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(accountHolderKey(solo.apiBase, "1001")).toBe(key);
    expect(accountHolderKey("http://practice-b.test/api/", "1001")).not.toBe(key);
    expect(accountHolderKey(solo.apiBase, "1002")).not.toBe(key);
    expect(accountSessionsKey(solo.apiBase, "1001")).toBe(`account-sessions:${key}`);
  });

  it("a session's record name is short, fixed for the session, and tells nothing of its id", () => {
    const name = anonymousSessionId("the-session-id");
    expect(name).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(anonymousSessionId("the-session-id")).toBe(name);
    expect(anonymousSessionId("another-session-id")).not.toBe(name);
  });
});
