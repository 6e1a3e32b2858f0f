import { describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import type { Counters } from "@contract/patient";
import { countersForProxy } from "~/.server/proxy-counts.server";
import type { PracticeApi } from "~/.server/practice/api.server";
import { DEFAULT_WHANAU_POLICY } from "~/lib/whanau-access";

/** A proxy's counters (decisions/388): the unread results the practice marks confidential are not counted. */
const restricted = { security: [{ system: "http://terminology.hl7.org/CodeSystem/v3-Confidentiality", code: "R" }] };
const result = (id: number, read: boolean, confidential = false) => ({ id: `r${id}`, extension: { read: read ? "True" : "False" }, ...(confidential ? { meta: restricted } : {}) });
const counters = (unread: number) => ({ InboxCounter: 2, MedicationsCounter: 3, TestResultsCounter: unread }) as Counters;

function practice(pages: ReturnType<typeof result>[][], total = pages.flat().length, fails = 0) {
  const asked: number[] = [];
  let failures = fails;
  const api = {
    call: (endpoint: unknown, options?: { query?: { PageNumber?: number } }) => {
      expect(endpoint).toBe(endpoints.labResults);
      const page = options?.query?.PageNumber ?? 0;
      asked.push(page);
      if (failures-- > 0) return Promise.reject(new Error("practice down"));
      return Promise.resolve({ resources: pages[page - 1] ?? [], total });
    },
  } as unknown as PracticeApi;
  return { api, asked };
}

describe("a proxy's counters", () => {
  it("take off the unread confidential results, not the read ones nor the others; the other counts as the practice's", async () => {
    const { api } = practice([[result(1, false), result(2, false, true), result(3, true, true), result(4, false, true)]]);
    expect(await countersForProxy(api, counters(3), "p1", DEFAULT_WHANAU_POLICY)).toEqual({ InboxCounter: 2, MedicationsCounter: 3, TestResultsCounter: 1 });
  });

  it("read every page of results, and stop at the last", async () => {
    const full = Array.from({ length: 100 }, (_, i) => result(i, true));
    const { api, asked } = practice([full, [result(200, false, true)]], 101);
    expect((await countersForProxy(api, counters(1), "p1", DEFAULT_WHANAU_POLICY)).TestResultsCounter).toBe(0);
    expect(asked).toEqual([1, 2]);
  });

  it("never count below nothing, and ask nothing when the practice counts none unread", async () => {
    const { api, asked } = practice([[result(1, false, true), result(2, false, true)]]);
    expect((await countersForProxy(api, counters(1), "p1", DEFAULT_WHANAU_POLICY)).TestResultsCounter).toBe(0);
    const none = counters(0);
    expect(await countersForProxy(api, none, "p1", DEFAULT_WHANAU_POLICY)).toBe(none);
    expect(asked).toEqual([1]);
  });

  it("are worked out once for a kept reply; a failed read is not kept", async () => {
    const { api, asked } = practice([[result(1, false, true)]], 1, 1);
    const kept = counters(2);
    await expect(countersForProxy(api, kept, "p1", DEFAULT_WHANAU_POLICY)).rejects.toThrow("practice down");
    expect((await countersForProxy(api, kept, "p1", DEFAULT_WHANAU_POLICY)).TestResultsCounter).toBe(1);
    expect((await countersForProxy(api, kept, "p1", DEFAULT_WHANAU_POLICY)).TestResultsCounter).toBe(1);
    expect(asked).toEqual([1, 1]);
  });
});
