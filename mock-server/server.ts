import type { AddressInfo } from "node:net";
import { createServer } from "node:http";
import { createMockApp } from "./app";
import { CONSOLE_BUILD_DIR } from "./console-files";
import { startMailCatcher, type MailCatcher } from "./mail-catcher";
import { WorldRegistry, type CreateWorldOptions } from "./worlds";
import { RecorderRegistry, type Recorder } from "./recording/recorder";

export { WorldRegistry } from "./worlds";

export interface MockServerOptions {
  /** 0 picks a free port (tests). Default 4010. */
  port?: number;
  /** Default 127.0.0.1: the admin API has no authentication, so it stays on loopback unless asked. */
  host?: string;
  log?: (line: string) => void;
  /**
   * Worlds nobody has reached for this long are removed (never the default world), so a long QA
   * session does not grow without bound. Default 30 minutes.
   */
  idleWorldMs?: number;
  /**
   * The port of the mail catcher (SMTP, decisions/277): 0 picks a free one, null starts none.
   * Default null: only the embedded mock and `npm run mock` (MOCK_SMTP_PORT) start one.
   */
  smtpPort?: number | null;
  /**
   * The portal that signs in against this mock, for the console's sign-in links (`npm start` and
   * `npm run dev` name their own; `npm run mock` takes --portal-url). Default none: the console asks.
   */
  portalUrl?: string | null;
  /** The console's built files; default build/mock-console (decisions/381). */
  consoleDir?: string;
  /** The scenario, seed, fixed clock (epoch ms) and practice of the default world (default: scenario "default", seed 1, real time, the scenario's practice). */
  defaultWorld?: CreateWorldOptions;
  /**
   * Records the practice whose identity server is at this address (decisions/384): the mock's own
   * identity address forwards to it and every call is recorded (`npm run mock -- --record <url>`).
   */
  record?: string;
  /**
   * Host names the mock answers to beside localhost, *.localhost, IP addresses and `host` (MOCK_ALLOWED_HOSTS):
   * `mock.test`, or `.mock.test` for it and every name under it. Any other `Host` is refused (decisions/391).
   */
  allowedHosts?: string[];
  /** Upstreams `POST /__admin/recordings` may name beside `record` and the mock itself (MOCK_RECORD_UPSTREAMS, decisions/391). */
  recordUpstreams?: string[];
}

export interface MockServer {
  /** e.g. http://127.0.0.1:4010, no trailing slash. */
  url: string;
  port: number;
  /** The mail catcher's port (smtp://host:smtpPort), or null when none was started. */
  smtpPort: number | null;
  close(): Promise<void>;
  worlds: WorldRegistry;
  recorders: RecorderRegistry;
  /** The recorder of `record`, when asked for. */
  recorder: Recorder | null;
}

export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? "127.0.0.1";
  const worlds = new WorldRegistry(options.defaultWorld);
  const closing = new AbortController();
  const recorders = new RecorderRegistry();
  const recorder = options.record ? recorders.start(options.record) : null;
  const app = createMockApp({ worlds, recorders, rootRecorderId: recorder?.id, closing: closing.signal, log: options.log, host, portalUrl: options.portalUrl ?? null, consoleDir: options.consoleDir ?? CONSOLE_BUILD_DIR, allowedHosts: options.allowedHosts ?? [], recordUpstreams: [...(options.record ? [options.record] : []), ...(options.recordUpstreams ?? [])] });
  const server = createServer(app);
  // An idle connection is kept a minute, not Node's 5 s: a client reusing one at the moment the server
  // drops it loses that call ("other side closed"), and a test worker's event loop held up by seconds of
  // work on a crowded machine can reach past a few seconds' margin. A real practice's API sets its own.
  server.keepAliveTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off("error", reject);
      resolve();
    });
  });

  let catcher: MailCatcher | null = null;
  try {
    catcher = options.smtpPort == null ? null : await startMailCatcher(worlds, { port: options.smtpPort, host });
  } catch (error) {
    server.close();
    throw error;
  }

  const idleMs = options.idleWorldMs ?? 30 * 60 * 1000;
  const sweeper = setInterval(() => worlds.removeIdle(idleMs), Math.max(50, Math.min(60_000, idleMs / 2)));
  sweeper.unref();

  const port = (server.address() as AddressInfo).port;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  let closed: Promise<void> | undefined;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    smtpPort: catcher?.port ?? null,
    worlds,
    recorders,
    recorder,
    close() {
      closed ??= new Promise<void>((resolve, reject) => {
        void catcher?.close();
        closing.abort();
        clearInterval(sweeper);
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets would otherwise hold close() open until they time out.
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
