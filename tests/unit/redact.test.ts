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

  it("redacts a push token, by its key or as a health-record extension named by its url", () => {
    expect(redactBody({ PatientDeviceToken: "fcm:abc" })).toEqual({ PatientDeviceToken: "[redacted]" });
    const body = {
      resourceType: "Patient",
      id: "7",
      extension: [
        { url: "PatientDeviceToken", valueString: "fcm:abc" },
        { url: "EnableEmail", valueBoolean: true },
      ],
    };
    expect(redactBody(body)).toEqual({
      resourceType: "Patient",
      id: "7",
      extension: [
        { url: "PatientDeviceToken", valueString: "[redacted]" },
        { url: "EnableEmail", valueBoolean: true },
      ],
    });
  });
});
