import { describe, expect, it } from "vitest";
import { redactBody, redactUrl } from "../../contract/redact";

describe("redaction of secrets in logs and journals", () => {
  it("redacts tokens, switch tokens and passwords in a query, keeping the rest", () => {
    expect(redactUrl("/worlds/w1/api/Patient/Logout?Token=abc-123")).toBe("/worlds/w1/api/Patient/Logout?Token=[redacted]");
    expect(redactUrl("/login?q=secret&redirectTo=%2F")).toBe("/login?q=[redacted]&redirectTo=%2F");
    expect(redactUrl("/api/Patient/ForgotPassword?Username=solo%40demo.nz")).toBe("/api/Patient/ForgotPassword?Username=solo%40demo.nz");
    expect(redactUrl("/loginSwitch/0123abcd")).toBe("/loginSwitch/[redacted]");
    expect(redactUrl("/")).toBe("/");
  });

  it("redacts password fields at any depth, whatever their case", () => {
    expect(redactBody({ UserName: "solo@demo.nz", Password: "Kiaora2024", nested: [{ newPassword: "x", token: "t" }] })).toEqual({
      UserName: "solo@demo.nz",
      Password: "[redacted]",
      nested: [{ newPassword: "[redacted]", token: "[redacted]" }],
    });
  });
});
