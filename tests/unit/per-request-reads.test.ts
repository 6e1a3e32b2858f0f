import { describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import type { PracticeApi } from "~/.server/practice/api.server";
import { perRequestReads } from "~/.server/practice/per-request-reads.server";

/** A practice that counts its calls and answers each with its running number. */
function countingPractice() {
  const calls: string[] = [];
  const api: PracticeApi = {
    async call(endpoint, options) {
      calls.push(`${endpoint.method} ${endpoint.path} ${JSON.stringify(options?.query ?? options?.body ?? null)}`);
      return calls.length as never;
    },
  };
  return { api, calls };
}

describe("practice reads once per request", () => {
  it("shares one read between the callers asking for the same call and query", async () => {
    const practice = countingPractice();
    const api = perRequestReads(practice.api);
    const [a, b] = await Promise.all([api.call(endpoints.refreshCounter, { query: { PatientID: "p1" } }), api.call(endpoints.refreshCounter, { query: { PatientID: "p1" } })]);
    expect(a).toBe(b);
    await api.call(endpoints.refreshCounter, { query: { PatientID: "p1" } });
    expect(practice.calls).toEqual(['GET Patient/RefreshCounter {"PatientID":"p1"}']);
  });

  it("makes a read with other parameters, and the menu (a read by POST) once", async () => {
    const practice = countingPractice();
    const api = perRequestReads(practice.api);
    await api.call(endpoints.refreshCounter, { query: { PatientID: "p1" } });
    await api.call(endpoints.refreshCounter, { query: { PatientID: "p2" } });
    await api.call(endpoints.patientMenu, { body: { UserLoggedID: "p1", ProxyID: "" } });
    await api.call(endpoints.patientMenu, { body: { UserLoggedID: "p1", ProxyID: "" } });
    await api.call(endpoints.refreshCounter, { query: { PatientID: "p1" } });
    expect(practice.calls).toHaveLength(3);
  });

  it("never shares a write, and reads again after one", async () => {
    const practice = countingPractice();
    const api = perRequestReads(practice.api);
    const before = await api.call(endpoints.terms, { query: { PatientID: "p1", loadtype: "1" } });
    const body = { PatientID: "p1", Password: "x" };
    await api.call(endpoints.changePassword, { body });
    await api.call(endpoints.changePassword, { body });
    const after = await api.call(endpoints.terms, { query: { PatientID: "p1", loadtype: "1" } });
    expect(after).not.toBe(before);
    expect(practice.calls.filter((c) => c.startsWith("POST Patient/ChangePassword"))).toHaveLength(2);
    expect(practice.calls).toHaveLength(4);
  });

  it("forgets a read made while a write was under way", async () => {
    let finishWrite: () => void = () => {};
    const calls: string[] = [];
    const api = perRequestReads({
      call(endpoint) {
        calls.push(endpoint.path);
        if (endpoint.method === "POST") return new Promise<never>((resolve) => (finishWrite = () => resolve(0 as never)));
        return Promise.resolve(calls.length as never);
      },
    });
    const write = api.call(endpoints.updateDemographics, { body: {} as never });
    await api.call(endpoints.patient, { query: { PatientID: "p1" } });
    finishWrite();
    await write;
    await api.call(endpoints.patient, { query: { PatientID: "p1" } });
    expect(calls).toEqual(["Patient/UpdatePatientDemographics", "Patient", "Patient"]);
  });
});
