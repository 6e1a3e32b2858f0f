import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, connect } from "node:net";

/**
 * A real redis-server (Debian's) for one test file, on a free port, with nothing written to disk.
 * `npm test` installs it when missing (scripts/system-packages.ts); a machine without it fails here, with how to install it.
 */

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on the port, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`Nothing answered on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface RedisServer {
  port: number;
  url: string;
  /** Stops the server; `start` brings it back on the same port (empty). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(`These tests need Redis at ${REDIS_SERVER}. Install Debian's: sudo apt-get install -y redis-server (npm test installs it when it can).`);
  }
  const port = await freePort();
  let child: ChildProcess | null = null;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
      await waitForPort(port);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once("exit", () => resolve());
        running.kill("SIGTERM");
      });
    },
  };
  await server.start();
  return server;
}

/** A command Redis received, as MONITOR reports it: its name and the client's address. */
export interface MonitoredCommand {
  command: string;
  client: string;
}

/**
 * Every command Redis receives from now on (MONITOR), to see what a process sends as it stops:
 * `commands` grows as they arrive. A plain socket, not ioredis's monitor(): ioredis enters its monitoring
 * state a tick after MONITOR's OK, so a command reported in the same packet as the OK (the portal's
 * readiness probe asks INFO often) was taken for a reply to nothing, a "Command queue state error" that
 * failed the test and left the monitor reconnecting through the files after it.
 */
export async function monitorRedis(url: string): Promise<{ commands: MonitoredCommand[]; stop(): void }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.setEncoding("utf8");
  const commands: MonitoredCommand[] = [];
  let pending = "";
  const monitoring = new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.on("data", (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf("\r\n"); end >= 0; end = pending.indexOf("\r\n")) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (line === "+OK") resolve();
        else if (line.startsWith("-")) reject(new Error(`MONITOR refused: ${line.slice(1)}`));
        // +1795760760.297104 [0 127.0.0.1:52674] "quit"
        const reported = /^\+\d+\.\d+ \[\d+ ([^\]]+)\] "([^"]*)"/.exec(line);
        if (reported) commands.push({ command: reported[2].toUpperCase(), client: reported[1] });
      }
    });
  });
  socket.write("MONITOR\r\n");
  await monitoring;
  // Once stopped, or once the server has gone, there is nothing more to record.
  socket.on("error", () => undefined);
  return { commands, stop: () => socket.destroy() };
}
