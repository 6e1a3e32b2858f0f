import { describe, expect, it } from "vitest";
import { asCurl } from "../../mock-server/console/src/journal";

/** The console's "Copy as curl" (decisions/381): the journal's call again, from a terminal. */
const API = "http://127.0.0.1:4010/worlds/w1a2b3/api/";
const entry = {
  at: "2026-03-01T00:00:00.000Z",
  fault: null,
  chaos: null,
  status: 200,
  correlationId: null,
};

describe("a journal entry as curl", () => {
  it("a GET: its address with the query, and the token left to the reader", () => {
    expect(
      asCurl(
        {
          ...entry,
          method: "GET",
          path: "Patient/Medication",
          query: { PatientID: "12", TypeID: "1" },
          body: {},
        },
        API,
        true,
      ),
    ).toBe(`curl -X GET 'http://127.0.0.1:4010/worlds/w1a2b3/api/Patient/Medication?PatientID=12&TypeID=1' -H "Token: $TOKEN"`);
  });

  it("a POST with a body: the body as JSON, single quotes inside it escaped for the shell, no token where the call takes none", () => {
    const curl = asCurl(
      {
        ...entry,
        method: "POST",
        path: "SendHelpMessage",
        query: {},
        body: { MessageBody: "It's locked", Password: "[redacted]" },
      },
      API,
      false,
    );
    expect(curl).toBe(`curl -X POST 'http://127.0.0.1:4010/worlds/w1a2b3/api/SendHelpMessage' -H 'Content-Type: application/json' --data '{"MessageBody":"It'\\''s locked","Password":"[redacted]"}'`);
  });

  it("a repeated query parameter is sent once for each value", () => {
    expect(
      asCurl(
        {
          ...entry,
          method: "GET",
          path: "Patient",
          query: { PatientID: ["1", "2"] },
          body: undefined,
        },
        API,
        true,
      ),
    ).toContain("?PatientID=1&PatientID=2'");
  });
});
