/**
 * `npm run mock`: the mock practice server on its own.
 *   npm run mock -- --port 4010 [--host 127.0.0.1]     (or MOCK_PORT / MOCK_HOST)
 *   npm run mock -- --scenario family --seed 7         the default world from another scenario
 *   npm run mock -- --list                             the scenarios, one line each
 */
import { parseArgs } from "node:util";
import { scenarios } from "../fixtures/scenarios/index";
import { createMockServer } from "./server";
import { DEFAULT_WORLD_ID } from "./worlds";

function portFrom(value: string | undefined): number {
  const port = Number(value ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port "${value}": use a number from 0 to 65535`);
  return port;
}

async function main() {
  const { values } = parseArgs({ options: { port: { type: "string" }, host: { type: "string" }, scenario: { type: "string" }, seed: { type: "string" }, list: { type: "boolean" } } });
  if (values.list) {
    for (const scenario of scenarios.values()) console.log(`${scenario.id.padEnd(22)} ${scenario.description ?? scenario.title}`);
    return;
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error(`Invalid seed "${values.seed}": use a whole number`);
  if (values.scenario && !scenarios.has(values.scenario)) throw new Error(`Unknown scenario "${values.scenario}"; known: ${[...scenarios.keys()].join(", ")}`);
  const mock = await createMockServer({
    defaultWorld: { scenario: values.scenario, seed },
    port: portFrom(values.port ?? process.env.MOCK_PORT),
    host: values.host ?? process.env.MOCK_HOST,
    log: (line) => console.log(line),
  });

  const world = mock.worlds.get(DEFAULT_WORLD_ID)!;
  console.log(
    [
      `Mock practice server: ${mock.url}`,
      `  identity server:  POST ${mock.url}/api/Authentication`,
      `  default world:    ${mock.url}/worlds/${DEFAULT_WORLD_ID}/api/`,
      `  admin API:        ${mock.url}/__admin`,
      `Accounts of the default world:`,
      ...world.users.map((u) => `  ${u.username.padEnd(16)} ${u.password}  ${u.description}`),
    ].join("\n"),
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await mock.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
