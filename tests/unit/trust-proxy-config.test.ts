import { describe, expect, it } from "vitest";
import { loadConfig } from "~/.server/config.server";

/** TRUST_PROXY (decisions/008): the proxies named by address, never a hop count or everyone. */
describe("TRUST_PROXY", () => {
  it("trusts nobody when unset or empty", () => {
    expect(loadConfig({ NODE_ENV: "test" }).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ NODE_ENV: "test", TRUST_PROXY: " " }).TRUST_PROXY).toEqual([]);
  });

  it("takes addresses, CIDR ranges and Express's range names, separated by commas", () => {
    expect(loadConfig({ NODE_ENV: "test", TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,loopback, fd00::/8, ::1" }).TRUST_PROXY).toEqual(["10.0.0.5", "10.1.0.0/16", "loopback", "fd00::/8", "::1"]);
  });

  it.each(["1", "2", "true", "*", "0.0.0.0/0", "10.0.0.0/33", "proxy.example.nz", "10.0.0.1/8/8", "10.0.0.1, nobody"])("refuses %j with a message naming it", (value) => {
    expect(() => loadConfig({ NODE_ENV: "test", TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must list the proxies' addresses/);
  });
});
