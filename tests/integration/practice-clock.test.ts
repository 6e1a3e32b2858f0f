import { describe, expect, it } from "vitest";
import { useMockServer } from "../helpers/mock-world";
import { getPatient } from "~/.server/practice/patient.server";
import { practiceDate } from "~/.server/practice/practice-clock.server";

/**
 * The portal reads the practice's date from its replies (issue 55: a young person's age is counted on
 * it): a mock world's clock moved on moves the date the portal counts on, through its own client.
 */
const mock = useMockServer();

describe("the practice's date, as the portal's client reads it", () => {
  it("is the world's date after a call, and follows the world's clock when it moves on", async () => {
    const world = await mock.createWorld({ scenario: "whanau", seed: 12, now: "2026-03-10T10:00:00+13:00" });
    const parent = await world.signIn("parent");
    await getPatient(parent.api, parent.id);
    expect(practiceDate(parent.apiBase)).toBe("2026-03-10");
    await world.advance("P6D");
    // Until the practice answers again, the date counted on is the last one it gave.
    expect(practiceDate(parent.apiBase)).toBe("2026-03-10");
    await getPatient(parent.api, parent.id);
    expect(practiceDate(parent.apiBase)).toBe("2026-03-16");
  });
});
