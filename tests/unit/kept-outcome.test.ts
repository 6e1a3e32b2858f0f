import { afterEach, describe, expect, it } from "vitest";
import { forgetOutcome, keepOutcome, keptOutcome } from "~/lib/kept-outcome";
import { setViewing } from "~/lib/viewing";

/** What a write did, said by the failure of reading the page again after it (decisions/386). */
describe("the kept outcome of a write", () => {
  afterEach(() => {
    forgetOutcome();
    setViewing(null);
  });

  it("is said on the page it was made on, until forgotten", () => {
    keepOutcome("/emails", "Message Sent Successfully");
    expect(keptOutcome({ pathname: "/emails", state: null })).toBe("Message Sent Successfully");
    expect(keptOutcome({ pathname: "/appointments", state: null })).toBeNull();
    forgetOutcome();
    expect(keptOutcome({ pathname: "/emails", state: null })).toBeNull();
  });

  it("is the last write's", () => {
    keepOutcome("/appointments", "Appointment booked");
    keepOutcome("/appointments", "Appointment cancelled");
    expect(keptOutcome({ pathname: "/appointments", state: null })).toBe("Appointment cancelled");
  });

  it("kept in a history entry's state, is said only for the record it was made for", () => {
    setViewing("record-a");
    const state = { outcome: "Payment succeeded.", viewing: "record-a" };
    expect(keptOutcome({ pathname: "/accounts", state })).toBe("Payment succeeded.");
    setViewing("record-b");
    expect(keptOutcome({ pathname: "/accounts", state })).toBeNull();
    expect(keptOutcome({ pathname: "/accounts", state: { outcome: 42, viewing: "record-b" } })).toBeNull();
    expect(keptOutcome({ pathname: "/accounts", state: { paid: {}, viewing: "record-b" } })).toBeNull();
  });
});
