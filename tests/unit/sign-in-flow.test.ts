import { describe, expect, it } from "vitest";
import { flowOutcomes } from "~/lib/sign-in-flow";

/**
 * The passkey ceremony's options as the browser reads them from the sign-in step (decisions/300): what
 * the ceremony needs is checked before the browser is asked for a passkey, the rest passed on as made.
 */
const options = {
  challenge: "c2lnbi1pbi1jaGFsbGVuZ2UtMDAx",
  allowCredentials: [{ id: "cred-1", type: "public-key", transports: ["internal"] }],
  rpId: "portal.example.nz",
  userVerification: "preferred",
};
const read = (value: unknown) => flowOutcomes.passkeyOptions.safeParse({ kind: "passkeyOptions", options: value });

describe("the passkey ceremony's options", () => {
  it("are taken as the server made them, with what the library added", () => {
    expect(read(options)).toMatchObject({ success: true, data: { options } });
    expect(read({ challenge: options.challenge }).success).toBe(true);
  });

  it("are refused without a challenge of at least 16 characters, which the ceremony signs", () => {
    expect(read({ ...options, challenge: undefined }).success).toBe(false);
    expect(read({ ...options, challenge: "short-challenge" }).success).toBe(false);
    expect(read({ ...options, challenge: "sixteen-chars-ok" }).success).toBe(true);
  });

  it("are refused when a credential offered is not a public key with an id", () => {
    expect(read({ ...options, allowCredentials: [{ id: "cred-1", type: "password" }] }).success).toBe(false);
    expect(read({ ...options, allowCredentials: [{ type: "public-key" }] }).success).toBe(false);
    expect(read("not options").success).toBe(false);
  });
});
