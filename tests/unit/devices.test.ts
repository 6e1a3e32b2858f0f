import { describe, expect, it } from "vitest";
import { deviceLabel } from "~/.server/access-entries.server";
import { addressRange, isLocalRange, newDeviceMailTo } from "~/lib/devices";

/** The rules of Your devices (issue 31, decisions/295): the label, the address range, who is mailed. */

describe("a device's label", () => {
  it("names the browser and the platform a person would, as the access record does", () => {
    expect(deviceLabel("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")).toBe("Chrome on Android");
    expect(deviceLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")).toBe("Safari on iPhone");
    expect(deviceLabel(null)).toBe("Another browser on another device");
  });
});

describe("the address range", () => {
  it("keeps the first three parts of an IPv4 address, never the last", () => {
    expect(addressRange("203.0.113.57")).toBe("203.0.113.x");
    expect(addressRange("::ffff:198.51.100.7")).toBe("198.51.100.x");
  });

  it("keeps the /48 of an IPv6 address, written out however it came", () => {
    expect(addressRange("2001:db8:85a3::8a2e:370:7334")).toBe("2001:db8:85a3::/48");
    expect(addressRange("2001:0DB8:0001:0000:0000:0000:0000:0001")).toBe("2001:db8:1::/48");
    expect(addressRange("::1")).toBe("0:0:0::/48");
  });

  it("says unknown for anything that is not an address", () => {
    for (const value of ["unknown", "", "256.1.1.1", "1.2.3", "2001:db8::1::2", "<script>", "1:2:3:4:5:6:7:8:9"]) expect(addressRange(value), value).toBe("unknown");
  });

  it("tells a local range from a public one", () => {
    expect(isLocalRange(addressRange("127.0.0.1"))).toBe(true);
    expect(isLocalRange(addressRange("192.168.1.20"))).toBe(true);
    expect(isLocalRange(addressRange("172.20.0.4"))).toBe(true);
    expect(isLocalRange(addressRange("::1"))).toBe(true);
    expect(isLocalRange(addressRange("203.0.113.57"))).toBe(false);
    expect(isLocalRange(addressRange("172.32.0.4"))).toBe(false);
  });
});

describe("who is told of a sign-in", () => {
  it("mails the sign-in address about a device new to the holder only", () => {
    expect(newDeviceMailTo({ isNew: true }, " jo@example.com ")).toBe("jo@example.com");
    expect(newDeviceMailTo({ isNew: false }, "jo@example.com")).toBeNull();
  });

  it("mails nobody when the sign-in had no address (a sign-in link)", () => {
    expect(newDeviceMailTo({ isNew: true }, "")).toBeNull();
    expect(newDeviceMailTo({ isNew: true }, "not an address")).toBeNull();
  });
});
