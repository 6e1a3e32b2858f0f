import { describe, expect, it } from "vitest";
import { parseMockArgs } from "../../mock-server/cli-args";
import { hostNameOf, isAllowedHostName, parseAllowedHosts } from "../../mock-server/host-check";
import { forwardedUrl } from "../../mock-server/recording/recorder";

/** The Host rule, its settings and the recorder's forwarded path (decisions/391). */
describe("the hosts the mock answers to", () => {
  it("reads a Host header's name: lower case, no port, no trailing dot, IPv6 unbracketed; nothing else is a name", () => {
    expect(hostNameOf("LocalHost:4010")).toBe("localhost");
    expect(hostNameOf("localhost.")).toBe("localhost");
    expect(hostNameOf("[::1]:4010")).toBe("::1");
    for (const bad of [undefined, "", "[::1", "[evil.example]:1", "a b", "user@localhost", "localhost:1:2", "x/y"]) expect(hostNameOf(bad), String(bad)).toBeNull();
  });

  it("answers IP addresses, localhost, *.localhost, the name it listens on and the names it is told", () => {
    const allowed = parseAllowedHosts(" mock.test, .QA.example ,");
    expect(allowed).toEqual(["mock.test", ".qa.example"]);
    for (const name of ["127.0.0.1", "10.1.2.3", "::1", "localhost", "a.localhost", "mybox.lan", "mock.test", "qa.example", "x.qa.example"]) expect(isAllowedHostName(name, "mybox.lan", allowed), name).toBe(true);
    for (const name of ["evil.example", "localhost.evil.example", "x.mock.test", "notqa.example", "2130706433"]) expect(isAllowedHostName(name, "0.0.0.0", allowed), name).toBe(false);
    expect(() => parseAllowedHosts("http://mock.test")).toThrow(/Invalid allowed host/);
    expect(() => parseAllowedHosts("mock.test:4010")).toThrow(/no port/);
  });

  it("npm run mock takes --allowed-hosts or MOCK_ALLOWED_HOSTS, and --record-upstreams or MOCK_RECORD_UPSTREAMS", () => {
    expect(parseMockArgs([])).toMatchObject({ allowedHosts: [], recordUpstreams: [] });
    expect(parseMockArgs(["--allowed-hosts", "mock.test"], { MOCK_ALLOWED_HOSTS: "other.test" }).allowedHosts).toEqual(["mock.test"]);
    expect(parseMockArgs([], { MOCK_ALLOWED_HOSTS: "a.test,.b.test" }).allowedHosts).toEqual(["a.test", ".b.test"]);
    expect(parseMockArgs([], { MOCK_RECORD_UPSTREAMS: "https://a.example, http://127.0.0.1:4020/id" }).recordUpstreams).toEqual(["https://a.example", "http://127.0.0.1:4020/id"]);
    expect(parseMockArgs(["--record-upstreams", "https://c.example"]).recordUpstreams).toEqual(["https://c.example"]);
    expect(() => parseMockArgs(["--record-upstreams", "c.example"])).toThrow(/Invalid --record-upstreams/);
  });
});

describe("the recorder's forwarded address", () => {
  it("keeps the call under the practice's address, as sent, and refuses dot segments and hidden separators", () => {
    expect(forwardedUrl("http://p.example/api/", "Patient/Organization", "?PatientID=1")).toBe("http://p.example/api/Patient/Organization?PatientID=1");
    expect(forwardedUrl("http://p.example/api/", "Patient%20X", "")).toBe("http://p.example/api/Patient%20X");
    for (const raw of ["..", "../metrics", "%2e%2e/metrics", "%2E%2e/x", ".%2e/x", "./x", "a/%2e", "..%2fmetrics", "..%5cmetrics", "..\\metrics", "a%2F..", "%E0%A4%A"]) expect(forwardedUrl("http://p.example/api/", raw, ""), raw).toBeNull();
  });
});
