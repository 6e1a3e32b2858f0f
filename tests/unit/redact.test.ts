import { describe, expect, it } from "vitest";
import { redactBody } from "@contract/redact";

describe("redaction of secrets in logs and journals", () => {
  it("redacts password fields at any depth, whatever their case", () => {
    expect(redactBody({ UserName: "solo@demo.nz", Password: "Kiaora2024", nested: [{ newPassword: "x", token: "t" }] })).toEqual({
      UserName: "solo@demo.nz",
      Password: "[redacted]",
      nested: [{ newPassword: "[redacted]", token: "[redacted]" }],
    });
  });

  it("leaves an empty secret empty: it hides nothing, and shows that none was sent; a space is not empty", () => {
    expect(redactBody({ UserName: "", Password: "", q: "switch-token" })).toEqual({ UserName: "", Password: "", q: "[redacted]" });
    expect(redactBody({ Password: " " })).toEqual({ Password: "[redacted]" });
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
