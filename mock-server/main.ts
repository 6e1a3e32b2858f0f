/**
 * `npm run mock`: the mock practice server on its own.
 *   npm run mock -- --port 4010 [--host 127.0.0.1]     (or MOCK_PORT / MOCK_HOST)
 */
import { parseArgs } from "node:util";
import { createMockServer } from "./server";
import { DEFAULT_WORLD_ID } from "./worlds";

function portFrom(value: string | undefined): number {
  const port = Number(value ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port "${value}": use a number from 0 to 65535`);
  return port;
}

async function main() {
  const { values } = parseArgs({ options: { port: { type: "string" }, host: { type: "string" } } });
  const mock = await createMockServer({
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
