import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fetch as fetchVia, type Agent } from "undici";
import { signInSteps } from "~/areas/sign-in/steps";
import { Browser, type PortalProcess } from "../tests/helpers/portal-process";

/**
 * The benches' two processes, as a practice and a portal run: the mock practice server (from its
 * sources, as `npm run mock`) and a patient signed in to a built portal (tests/helpers/portal-process.ts).
 */

export async function startMock(port: number, admin: Agent): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  // Its request log goes nowhere: a pipe left unread would stall it. Its mail catcher takes a free
  // port (no bench reads mail), so that a bench does not collide with another mock on 2525.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "mock-server/main.ts", "--port", String(port), "--host", "127.0.0.1", "--smtp-port", process.env.MOCK_SMTP_PORT ?? "0"], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The mock exited with ${child.exitCode} (port ${port} taken?)`);
    const up = await fetchVia(`${url}/__admin/scenarios`, { dispatcher: admin }).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > until) throw new Error("The mock did not start within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export interface WorldUser {
  label: string;
  username: string;
  password: string;
}

export interface CreatedWorld {
  id: string;
  /** Where its practice API answers (ends with "/"): `${apiUrl}ValidateToken`. */
  apiUrl: string;
  users: WorldUser[];
}

/** A new world of the default scenario: its id, its API's address and its users (solo, family and the others of fixtures/scenarios). */
export async function createWorld(mockUrl: string, admin: Agent): Promise<CreatedWorld> {
  const created = await fetchVia(`${mockUrl}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}", dispatcher: admin });
  if (created.status !== 201) throw new Error(`World creation answered ${created.status}`);
  return (await created.json()) as CreatedWorld;
}

/** A world's user signed in through the sign-in step (the robot check solved when it is asked for). */
export async function signIn(portal: PortalProcess, user: WorldUser): Promise<Browser> {
  const browser = new Browser();
  let captcha = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await browser.step(portal, signInSteps, "sign-in", { username: user.username, password: user.password, captcha, redirectTo: "/" });
    if (outcome.kind === "signedIn") return browser;
    // A login with linked accounts chooses whom to view: its own record, listed first.
    if (outcome.kind === "chooseAccount") {
      const chosen = await browser.step(portal, signInSteps, "choose-account", { account: outcome.accounts[0].id });
      if (chosen.kind !== "signedIn") throw new Error(`Choosing ${user.label}'s own account: ${JSON.stringify(chosen)}`);
      return browser;
    }
    if (outcome.kind !== "rejected" || !outcome.captchaRequired) throw new Error(`Sign-in of ${user.label}: ${JSON.stringify(outcome)}`);
    captcha = await browser.solveCaptcha(portal);
  }
  throw new Error("Sign-in kept asking for the captcha");
}

/** A new world's `solo`, signed in. */
export async function signInSolo(mockUrl: string, portal: PortalProcess, admin: Agent): Promise<Browser> {
  const { users } = await createWorld(mockUrl, admin);
  return signIn(portal, users.find((u) => u.label === "solo")!);
}

/** The kernel's clock ticks a second, the unit of /proc's CPU times. */
const TICKS_PER_S = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU a process has used so far (user and system, every thread: the main one, the garbage
 * collector's, libuv's), in ms, read from Linux's /proc; NaN where there is none or the process is gone.
 */
export function processCpuMs(pid: number | undefined): number {
  return cpuMsOf(`/proc/${pid}/stat`, pid);
}

/**
 * The CPU the process's main thread has used so far (its JavaScript, and the garbage collector's
 * pauses on it), in ms. What the process used beyond this ran on its other threads: the garbage
 * collector's helpers, V8's compilers, libuv's pool (compression, crypto, files).
 */
export function mainThreadCpuMs(pid: number | undefined): number {
  return cpuMsOf(`/proc/${pid}/task/${pid}/stat`, pid);
}

/**
 * The CPU the whole machine has been busy so far, every process's (the portal's, the practice's, this
 * bench's, Redis's and PostgreSQL's alike), in ms summed over the cores; NaN where there is no /proc.
 */
export function machineCpuMs(): number {
  try {
    // The first line of /proc/stat: "cpu  user nice system idle iowait irq softirq steal ...", in ticks.
    const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    return ((user + nice + system + irq + softirq + steal) * 1000) / TICKS_PER_S;
  } catch {
    return NaN;
  }
}

function cpuMsOf(statFile: string, pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    // Fields after the command's name (which may hold spaces, so split after its closing bracket): utime is the 12th, stime the 13th.
    const fields = readFileSync(statFile, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return NaN;
  }
}
