/**
 * `npm start` (built portal) and `npm run dev` (`--dev`, hot reload): the portal on PORT (3000)
 * against the embedded mock practice server on MOCK_PORT (4010), unless PRACTICE_IDENTITY_URL
 * points it at a real practice, in which case no mock is started.
 */
import { createServer, type Server } from "node:http";
import type { createMockServer } from "../mock-server/server";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
const port = Number(process.env.PORT ?? 3000);
// The portal's JSON log lines (one per request and per practice call, decisions/262) go to stdout, or
// to LOG_FILE when it is set (the e2e suite reads it), where the embedded mock's request lines join
// them. The mock's lines are written once the logger exists: no request reaches the mock before that.
let mockLog: ((line: string) => void) | undefined;
const mockPort = Number(process.env.MOCK_PORT ?? 4010);

async function main() {
  let mock: Awaited<ReturnType<typeof createMockServer>> | null = null;
  if (!process.env.PRACTICE_IDENTITY_URL) {
    // Loaded only when it runs: a portal pointed at a real practice never loads the mock and its data
    // generator (about a second of CPU at every start on this machine).
    const { createMockServer } = await import("../mock-server/server");
    // `npm start` built the console with the portal; in development it is built here when its sources changed.
    if (dev) await (await import("../mock-server/console/build")).buildConsoleIfStale();
    // The mock's mail catcher on a free port unless MOCK_SMTP_PORT names one: the portal is told where.
    mock = await createMockServer({ port: mockPort, portalUrl: process.env.PORTAL_ORIGIN ?? `http://localhost:${port}`, smtpPort: Number(process.env.MOCK_SMTP_PORT ?? 0), log: process.env.LOG_FILE ? (line) => mockLog?.(line) : undefined });
    process.env.PRACTICE_IDENTITY_URL = mock.url;
    // The portal's own mail (second-step codes) goes to the embedded mock's catcher unless told otherwise.
    process.env.SMTP_URL ??= `smtp://127.0.0.1:${mock.smtpPort}`;
    // The demo runs on plain http://localhost; a deployment behind TLS keeps Secure cookies.
    process.env.COOKIE_SECURE ??= "false";
    // Passkeys (decisions/300) are bound to the origin the demo is opened at.
    process.env.PORTAL_ORIGIN ??= `http://localhost:${port}`;
  }
  // Imported after the environment is settled: the portal reads its configuration once, at load.
  // Checked here, before listening, so a bad value or an unreachable Redis stops start-up with its
  // message rather than failing the first request.
  const { config } = await import("~/.server/config.server");
  const { observability } = await import("~/.server/observability.server");
  const { logger, registry, closers } = observability();
  // The mock's lines keep their own words (method, route pattern, status, time): never an address, whose
  // query carries patient ids, sign-in addresses and test names (decisions/367).
  mockLog = (line) => logger.info({ kind: "mock" }, line);
  const { practiceReachable } = await import("../server/health");
  const readiness = [practiceReachable(config.PRACTICE_IDENTITY_URL)];
  // The portal's own store (decisions/270), opened while Redis is checked: PostgreSQL (DATABASE_URL)
  // or the embedded one, migrated before the first request. Either failing stops start-up.
  const { databaseReadiness, openPortalStore, sharePortalStore } = await import("~/.server/portal-store.server");
  const opening = openPortalStore(config);
  opening.catch(() => undefined);
  let redisProbe: { close(): Promise<void> } | undefined;
  if (config.REDIS_URL) {
    const { checkRedis, redisReadiness } = await import("~/.server/redis-state-store.server");
    await checkRedis(config.REDIS_URL);
    const probe = redisReadiness(config.REDIS_URL);
    redisProbe = probe;
    readiness.push(probe);
  }
  const store = await opening;
  sharePortalStore(store);
  if (config.DATABASE_URL) readiness.push(databaseReadiness(store));
  const { startAccessRetention } = await import("~/.server/access-entries.server");
  startAccessRetention(store, { days: config.ACCESS_RECORD_RETENTION_DAYS, devicesDays: config.DEVICE_RETENTION_DAYS });
  // Share links that no longer work lose their file, and later their row (decisions/305).
  const { shareLinkStore, startShareLinkPurge } = await import("~/areas/summary/share-link-store.server");
  startShareLinkPurge(shareLinkStore(() => store));
  const { startPortal } = await import("../server");
  const portal = await startPortal({ mode: dev ? "development" : "production", port, hsts: config.cookieSecure, trustedProxies: config.TRUST_PROXY, readiness });

  // Metrics (decisions/262): only with METRICS_PORT, on a listener of their own beside the portal's,
  // bound to the same host, so that the balancer's public side never reaches them.
  let metrics: Server | undefined;
  if (config.METRICS_PORT) {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://metrics");
      if (req.method !== "GET" || url.pathname !== "/metrics") {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: metrics are at /metrics\n");
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" }).end(text),
        () => res.writeHead(500, { "Content-Type": "text/plain" }).end("The metrics could not be collected\n"),
      );
    });
    metrics = server;
    await new Promise<void>((resolve, reject) => server.listen(config.METRICS_PORT, "127.0.0.1", resolve).once("error", reject));
  }

  const lines = [`Patient portal: http://localhost:${port}${dev ? " (development, hot reload)" : ""}`];
  if (metrics) lines.push(`Metrics: http://127.0.0.1:${config.METRICS_PORT}/metrics`);
  if (mock) {
    lines.push(`Mock practice server: ${mock.url} (its console: open ${mock.url}/ in a browser; admin API under ${mock.url}/__admin)`);
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
    // Once every request has been answered: the session store's Redis connection, the portal store (its
    // pending access entries written first), the probe's, the metrics.
    await Promise.all([...closers].map(async (close) => close()));
    await redisProbe?.close();
    await new Promise((resolve) => (metrics ? metrics.close(resolve) : resolve(undefined)));
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
