import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, connect } from "node:net";
import { Redis } from "ioredis";

/**
 * A real redis-server (Debian's) for one test file, on a free port, with nothing written to disk.
 * `.ci/run` installs it when missing; a machine without it fails here, with how to install it.
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
    throw new Error(`These tests need Redis at ${REDIS_SERVER}. Install Debian's: sudo apt-get install -y redis-server (or run .ci/run).`);
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
 * `commands` grows as they arrive.
 */
export async function monitorRedis(url: string): Promise<{ commands: MonitoredCommand[]; stop(): void }> {
  const client = new Redis(url);
  const monitor = await client.monitor();
  client.disconnect();
  const commands: MonitoredCommand[] = [];
  monitor.on("monitor", (_time: string, args: string[], source: string) => commands.push({ command: String(args[0]).toUpperCase(), client: source }));
  return { commands, stop: () => monitor.disconnect() };
}
