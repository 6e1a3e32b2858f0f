import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getScenario, scenarioIds } from "../../fixtures/scenarios/index";
import { worldData } from "../../mock-server/areas";
import { runContractCheck } from "../../scripts/contract-check";
import { useMockServer } from "../helpers/mock-world";

/**
 * A world's generated data pinned across changes to how the mock is put together (decisions/359):
 * the fingerprint of every scenario's practice data and of every reply contract:check reads for a
 * few users was written by the code before the change (`world-data.json`), and must stay the same.
 * world-determinism.test.ts shows two worlds of one build agree; this shows two builds agree. A
 * change meant to move generated data rewrites the file (`vitest run -u`) and says why.
 */
const mock = useMockServer();
const NOW = "2026-03-01T09:00:00+13:00";

const sha = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** JSON with every object's keys sorted, so only values and array order count. */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The worlds read over HTTP: the default scenario's three kinds of record, a large one and two variants. */
const USERS = [
  { scenario: "default", seed: 11, label: "solo" },
  { scenario: "default", seed: 11, label: "family" },
  { scenario: "default", seed: 11, label: "empty" },
  { scenario: "family", seed: 7, label: "family" },
  { scenario: "hostile-result", seed: 3, label: "solo" },
  { scenario: "many-records", seed: 5, label: "many" },
] as const;

describe("a world's data is what it was", () => {
  it("every scenario's world data, seed 1 and 3 (the practice data with each area's plans)", async () => {
    const fingerprints: Record<string, string> = {};
    for (const id of scenarioIds()) {
      for (const seed of [1, 3]) fingerprints[`${id} ${seed}`] = sha(sortedJson(worldData(getScenario(id)!, seed, { referenceDate: Date.parse(NOW) })));
    }
    await expect(`${JSON.stringify(fingerprints, null, 2)}\n`).toMatchFileSnapshot("./__snapshots__/world-practice-data.json");
  });

  it.each(USERS)("every reply contract:check reads, $scenario seed $seed, $label", async ({ scenario, seed, label }) => {
    const world = await mock.createWorld({ scenario, seed, now: NOW });
    const { username, password } = world.user(label);
    const replies: Record<string, string> = {};
    const results = await runContractCheck({
      identityUrl: mock.url,
      username,
      password,
      // The world's own today, not the machine's: the booking reads ask for days from it.
      today: NOW.slice(0, 10),
      // The mock's address (its port changes each run), the world's id and the token are masked.
      onReply(call, status, text) {
        const masked = text.replaceAll(mock.url, "<mock>").replaceAll(world.id, "<world>").replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<token>");
        replies[call] = `${status} ${sha(masked)}`;
      },
    });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(Object.keys(replies).length).toBeGreaterThan(40);
    await expect(`${JSON.stringify(replies, null, 2)}\n`).toMatchFileSnapshot(`./__snapshots__/world-replies-${scenario}-${seed}-${label}.json`);
  });
});
