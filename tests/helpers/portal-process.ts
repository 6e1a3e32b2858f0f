import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib/v1";
import { embeddedStoreCopy } from "./embedded-store";
import { signInSteps } from "~/areas/sign-in/steps";
import { callStep, type StepArea, type StepInput, type StepReply } from "~/lib/steps";

/**
 * The built portal as its own operating-system process (`build/node/serve.js`, bundled from
 * scripts/serve.ts, as `npm start` runs it after building), for the tests of several portal processes
 * sharing Redis. `npm test` builds before it runs Vitest (scripts/test.ts); alone, run `npm run build` first.
 */

export interface PortalProcess {
  port: number;
  url: string;
  /** Stops the process (SIGTERM, as a service manager would) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same environment. */
  start(): Promise<void>;
  /** Sends a signal and returns at once; `exited` tells how it ended. */
  signal(signal: NodeJS.Signals): void;
  /** The running process's exit code and everything it printed, once it has exited. */
  exited(): Promise<Exit>;
  /** What the process has written (stdout and stderr) since it was last started: its log. */
  output(): string;
  /** The running process's id (undefined once it has stopped). */
  pid(): number | undefined;
}

export interface Exit {
  code: number | null;
  output: string;
}

const COMPILE_CACHE = path.join(tmpdir(), "nz-portal-node-compile-cache");

function launch(env: Record<string, string>, cwd?: string): ChildProcess {
  return spawn(process.execPath, ["build/node/serve.js"], {
    cwd,
    // Never the project's own store folder, which is one process's (decisions/270): in memory unless the test names one.
    // NODE_COMPILE_CACHE: Node 22 and later keep the compiled modules of one start for the next (about a
    // second of CPU of each of the suite's thirty-odd starts); Node 20 ignores it.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", COOKIE_SECURE: "false", PORTAL_DATA_DIR: "memory://", NODE_COMPILE_CACHE: COMPILE_CACHE, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Runs the portal with this environment until it exits by itself (a start-up that must fail). */
export function runPortalUntilExit(env: Record<string, string>, timeoutMs = 30_000): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = launch(env);
    let output = "";
    child.stdout!.on("data", (chunk) => (output += String(chunk)));
    child.stderr!.on("data", (chunk) => (output += String(chunk)));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The portal was still running after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * How long a built portal may take to answer /login after it is launched (raise it on a crowded
 * machine). A start costs about 12 s of CPU on Node 20; two started together beside Vitest's other
 * files on this 2-core machine once took over 60 s (session 31's CI run), so the limit is 120 s. It
 * is a deadline, not a wait: the test goes on as soon as the portal answers.
 */
export const START_TIMEOUT_MS = Number(process.env.PORTAL_START_TIMEOUT_MS ?? 120_000);

/**
 * In Vitest, a new database on the run's PostgreSQL: a built portal starts on it with about a third less
 * CPU than on the embedded store (decisions/400). Elsewhere (an e2e test), a copy of the migrated
 * embedded store, removed with the run's temporary folder (helpers/test-temp.ts).
 */
async function storeOfItsOwn(): Promise<Record<string, string>> {
  if (process.env.VITEST) return { DATABASE_URL: await (await import("./test-stores")).testDatabase("portal_process") };
  return { PORTAL_DATA_DIR: (await embeddedStoreCopy()).folder };
}

/** `cwd`: another checkout's built portal (a bench comparing two builds); its store is then in memory unless `env` names one. */
export async function startPortalProcess(port: number, env: Record<string, string>, cwd?: string): Promise<PortalProcess> {
  const built = (file: string) => existsSync(cwd ? path.join(cwd, file) : file);
  if (!built("build/server/index.js") || !built("build/mi/server/index.js") || !built("build/node/serve.js")) throw new Error("The built portal is missing: run `npm run build` first (npm test builds before Vitest).");
  if (env.PORTAL_PSEUDO === "1" && !built("build/pseudo/server/index.js")) throw new Error("The pseudo-language build is missing: run `npm run build:pseudo` (npm test builds it).");
  let child: ChildProcess | null = null;
  let exit: Promise<Exit> = Promise.resolve({ code: null, output: "" });
  let output = "";
  const url = `http://127.0.0.1:${port}`;
  // A store of its own, kept across restarts of this process.
  const store = env.DATABASE_URL || env.PORTAL_DATA_DIR || cwd ? {} : await storeOfItsOwn();
  const portal: PortalProcess = {
    port,
    url,
    async start() {
      const running = launch({ ...env, PORT: String(port), ...store }, cwd);
      child = running;
      output = "";
      running.stdout!.on("data", (chunk) => (output += String(chunk)));
      running.stderr!.on("data", (chunk) => (output += String(chunk)));
      exit = new Promise((resolve) => running.once("exit", (code) => resolve({ code, output })));
      const until = Date.now() + START_TIMEOUT_MS;
      for (;;) {
        if (running.exitCode !== null) throw new Error(`The portal on port ${port} exited with ${running.exitCode}:\n${output}`);
        // Its own line first (printed once it listens): another test's process that took the port between
        // freePort and this start would answer /login too, and the test would talk to it unawares.
        const ok =
          output.includes(`Patient portal: http://localhost:${port}`) &&
          (await fetch(`${url}/login`).then(
            (res) => res.status === 200,
            () => false,
          ));
        if (ok) return;
        if (Date.now() > until) throw new Error(`The portal on port ${port} did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    output: () => output,
    pid: () => (child && child.exitCode === null ? child.pid : undefined),
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once("exit", () => resolve());
        running.kill("SIGTERM");
      });
    },
    signal(signal) {
      child?.kill(signal);
    },
    exited() {
      return exit;
    },
  };
  await portal.start();
  return portal;
}

/**
 * One browser: its portal cookie, sent to whichever portal process a request goes to, as a load
 * balancer in front of them would have it (one site, any process).
 */
export class Browser {
  cookie: string | null = null;

  async fetch(portal: PortalProcess, path: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    return this.send(`${portal.url}${path}`, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      body: init.form ? new URLSearchParams(init.form) : undefined,
    });
  }

  /**
   * Posts one step to `portal` exactly as the page's `callStep` does (decisions/280), with this
   * browser's cookie, and resolves to its reply; a failure envelope throws the `StepFailedError`.
   */
  step<A extends StepArea, N extends keyof A["steps"] & string>(portal: PortalProcess, area: A, name: N, input: StepInput<A, N>): Promise<StepReply<A, N>> {
    return callStep(area, name, input, { fetch: (url, init) => this.send(`${portal.url}${String(url)}`, init) });
  }

  /** Signs `user` in through the sign-in step (no captcha asked yet); throws unless signed in at once. */
  async signIn(portal: PortalProcess, user: { username: string; password: string }): Promise<void> {
    const outcome = await this.step(portal, signInSteps, "sign-in", { username: user.username, password: user.password, captcha: "", redirectTo: "/" });
    if (outcome.kind !== "signedIn") throw new Error(`${user.username} was not signed in: ${outcome.kind}`);
  }

  /** One request with this browser's cookie; the portal cookie it answers is kept (or dropped when it ends). */
  private async send(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set("Cookie", this.cookie);
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      if (!pair.startsWith("__portal=")) continue;
      const ended = /max-age=0|expires=thu, 01 jan 1970/i.test(line) || pair === "__portal=";
      this.cookie = ended ? null : pair;
    }
    return res;
  }

  async post<T>(portal: PortalProcess, path: string, form: Record<string, string>): Promise<T> {
    const res = await this.fetch(portal, path, { form });
    if (!res.headers.get("content-type")?.includes("json")) throw new Error(`${path} on ${portal.url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Ticks "I'm not a robot": a challenge from the portal, solved here as the widget solves it. */
  async solveCaptcha(portal: PortalProcess): Promise<string> {
    const challenge = (await (await this.fetch(portal, "/captcha")).json()) as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number; maxNumber?: number };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber ?? challenge.maxNumber).promise;
    if (!solution) throw new Error("The captcha could not be solved");
    return Buffer.from(JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature })).toString("base64");
  }
}
