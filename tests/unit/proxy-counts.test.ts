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

/** `total` null: the practice's bundle says none. */
function practice(pages: ReturnType<typeof result>[][], total: number | null = pages.flat().length, fails = 0) {
  const asked: number[] = [];
  const queries: Record<string, unknown>[] = [];
  let failures = fails;
  const api = {
    call: (endpoint: unknown, options?: { query?: { PageNumber?: number } }) => {
      expect(endpoint).toBe(endpoints.labResults);
      const page = options?.query?.PageNumber ?? 0;
      asked.push(page);
      queries.push({ ...options?.query });
      if (failures-- > 0) return Promise.reject(new Error("practice down"));
      return Promise.resolve({ resources: pages[page - 1] ?? [], ...(total === null ? {} : { total }) });
    },
  } as unknown as PracticeApi;
  return { api, asked, queries };
}

describe("a proxy's counters", () => {
  it("take off the unread confidential results, not the read ones nor the others; the other counts as the practice's", async () => {
    const { api } = practice([[result(1, false), result(2, false, true), result(3, true, true), result(4, false, true)]]);
    expect(await countersForProxy(api, counters(3), "p1", DEFAULT_WHANAU_POLICY)).toEqual({ InboxCounter: 2, MedicationsCounter: 3, TestResultsCounter: 1 });
  });

  it("ask for every result, a full page at a time: no search, no dates", async () => {
    const { api, queries } = practice([[result(1, false, true)]]);
    await countersForProxy(api, counters(1), "p1", DEFAULT_WHANAU_POLICY);
    expect(queries).toEqual([{ PatientID: "p1", PageSize: 100, PageNumber: 1 }]);
  });

  it("read a read flag as the results list reads it (any case, spaces around)", async () => {
    const { api } = practice([[result(1, false, true), { ...result(2, false, true), extension: { read: " TRUE " } }]]);
    expect((await countersForProxy(api, counters(2), "p1", DEFAULT_WHANAU_POLICY)).TestResultsCounter).toBe(1);
  });

  it("stop at a page shorter than a full one, whatever total the practice gives", async () => {
    const full = Array.from({ length: 100 }, (_, i) => result(i, true));
    const { api, asked } = practice([full, [result(200, false, true)], [result(300, false, true)]], 1000);
    expect((await countersForProxy(api, counters(3), "p1", DEFAULT_WHANAU_POLICY)).TestResultsCounter).toBe(2);
    expect(asked).toEqual([1, 2]);
  });

  it("stop after a full page the total says is the last", async () => {
    const full = Array.from({ length: 100 }, (_, i) => result(i, i > 0, i === 0));
    const { api, asked } = practice([full, [result(200, false, true)]], 100);
    expect((await countersForProxy(api, counters(2), "p1", DEFAULT_WHANAU_POLICY)).TestResultsCounter).toBe(1);
    expect(asked).toEqual([1]);
  });

  it("read on after a full page that has no total: it may not be the last (decisions/396)", async () => {
    const full = Array.from({ length: 100 }, (_, i) => result(i, i > 0, i === 0));
    const { api, asked } = practice([full, [result(200, false, true)]], null);
    expect((await countersForProxy(api, counters(2), "p1", DEFAULT_WHANAU_POLICY)).TestResultsCounter).toBe(0);
    expect(asked).toEqual([1, 2]);
  });

  it("read at most 10 pages (1,000 results)", async () => {
    const pages = Array.from({ length: 12 }, (_, p) => Array.from({ length: 100 }, (_, i) => result(p * 100 + i, true, i === 0 && p === 10)));
    const { api, asked } = practice(pages, 1200);
    expect((await countersForProxy(api, counters(1), "p1", DEFAULT_WHANAU_POLICY)).TestResultsCounter).toBe(1);
    expect(asked).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
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
    expect(await countersForProxy(api, none, "p1", DEFAULT_WHANAU_POLICY)).toEqual(none);
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
