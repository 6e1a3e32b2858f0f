/**
 * `npm start` (built portal) and `npm run dev` (`--dev`, hot reload): the portal on PORT (3000)
 * against the embedded mock practice server on MOCK_PORT (4010), unless PRACTICE_IDENTITY_URL
 * points it at a real practice, in which case no mock is started.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { createMockServer } from "../mock-server/server";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
const port = Number(process.env.PORT ?? 3000);
// Request lines go to LOG_FILE when it is set (the e2e suite reads it), otherwise nowhere:
// the start-up banner stays readable. Secrets are redacted before a line is written.
const logFile = process.env.LOG_FILE;
if (logFile) mkdirSync(path.dirname(logFile), { recursive: true });
const log = logFile ? (line: string) => appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`) : undefined;
const mockPort = Number(process.env.MOCK_PORT ?? 4010);

async function main() {
  let mock: Awaited<ReturnType<typeof createMockServer>> | null = null;
  if (!process.env.PRACTICE_IDENTITY_URL) {
    mock = await createMockServer({ port: mockPort, log: log && ((line) => log(`mock ${line}`)) });
    process.env.PRACTICE_IDENTITY_URL = mock.url;
    // The demo runs on plain http://localhost; a deployment behind TLS keeps Secure cookies.
    process.env.COOKIE_SECURE ??= "false";
  }
  // Imported after the environment is settled: the portal reads its configuration once, at load.
  // Checked here, before listening, so a bad value or an unreachable Redis stops start-up with its
  // message rather than failing the first request.
  const { config } = await import("../app/.server/config.server");
  const { practiceReachable } = await import("../server-health");
  const readiness = [practiceReachable(config.PRACTICE_IDENTITY_URL)];
  let redisProbe: { close(): void } | undefined;
  if (config.REDIS_URL) {
    const { checkRedis, redisReadiness } = await import("../app/.server/redis-state-store.server");
    await checkRedis(config.REDIS_URL);
    const probe = redisReadiness(config.REDIS_URL);
    redisProbe = probe;
    readiness.push(probe);
  }
  const { startPortal } = await import("../server");
  const portal = await startPortal({ mode: dev ? "development" : "production", port, log, hsts: config.cookieSecure, trustedProxies: config.TRUST_PROXY, readiness });

  const lines = [`Patient portal: http://localhost:${port}${dev ? " (development, hot reload)" : ""}`];
  if (mock) {
    lines.push(`Mock practice server: ${mock.url} (admin API under ${mock.url}/__admin)`);
    lines.push("Demo accounts (password Kiaora2024):");
    for (const user of mock.worlds.get("default")?.users ?? []) lines.push(`  ${user.username.padEnd(18)} ${user.description}`);
  } else {
    lines.push(`Practice identity server: ${process.env.PRACTICE_IDENTITY_URL}`);
  }
  console.log(lines.join("\n"));

  // Graceful shutdown (issue 34): /readyz turns 503 at once, the listener closes after the drain time,
  // requests in flight finish, then the rest closes. A second signal, or the deadline, ends it anyway.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: stopping now, with requests still open.`);
      process.exit(1);
    }
    stopping = true;
    setTimeout(() => {
      console.error(`Requests were still open ${config.SHUTDOWN_TIMEOUT_MS} ms after ${signal} (SHUTDOWN_TIMEOUT_MS): stopping now.`);
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    portal.drain();
    if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    await portal.close();
    redisProbe?.close();
    await mock?.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
