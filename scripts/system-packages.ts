/**
 * What `npm test` needs from the machine besides Node and npm, and what it does when some is missing
 * (issue 54: the README's two commands do all the set-up on a fresh machine). Pure: `npm test`
 * (scripts/test.ts) looks at the machine and runs the plan; tests/unit/system-packages.test.ts covers
 * every branch.
 *
 * Three Debian packages, each found where the tests look for it, or where its variable points:
 * - chromium-headless-shell: the end-to-end tests' browser, `CHROMIUM_PATH` or
 *   /usr/bin/chromium-headless-shell (playwright.config.ts; decisions/273);
 * - redis-server: the tests of several portal processes sharing Redis, `REDIS_SERVER_PATH` or
 *   /usr/bin/redis-server (tests/helpers/redis-server.ts; decisions/050);
 * - postgresql: the portal store's tests against a real server, `POSTGRES_BIN_DIR` (holding initdb) or
 *   /usr/lib/postgresql/<version>/bin/initdb (tests/helpers/postgres-server.ts; decisions/270).
 *
 * A variable that points at nothing stops the run: installing Debian's package would not change what
 * the tests use.
 */

export type SystemPackage = "chromium-headless-shell" | "redis-server" | "postgresql";

interface Need {
  package: SystemPackage;
  /** Why the tests need it, for the line that says what is installed. */
  why: string;
  /** The variable that points the tests at another copy. */
  variable: "CHROMIUM_PATH" | "REDIS_SERVER_PATH" | "POSTGRES_BIN_DIR";
}

export const SYSTEM_NEEDS: readonly Need[] = [
  { package: "chromium-headless-shell", why: "the end-to-end tests' browser", variable: "CHROMIUM_PATH" },
  { package: "redis-server", why: "the tests of several portal processes sharing Redis", variable: "REDIS_SERVER_PATH" },
  { package: "postgresql", why: "the portal store's tests against a real PostgreSQL", variable: "POSTGRES_BIN_DIR" },
];

/** How the machine is looked at, handed in so the rules can be tested without it. */
export interface MachineProbe {
  /** A regular file this user may run. */
  isExecutable(file: string): boolean;
  /** The names in a folder; none when it is not there. */
  list(folder: string): string[];
}

export interface SystemFindings {
  /** What is there, and where (for `npm test -- --check-setup`). */
  present: Array<{ package: SystemPackage; at: string }>;
  /** Debian packages whose default place holds nothing, in SYSTEM_NEEDS's order. */
  missing: SystemPackage[];
  /** Variables set to a place that holds nothing. */
  brokenVariables: Array<{ variable: Need["variable"]; value: string }>;
}

const POSTGRES_ROOT = "/usr/lib/postgresql";

/** Where the tests would find each package, and whether something is there. */
export function findSystemPackages(env: Record<string, string | undefined>, probe: MachineProbe): SystemFindings {
  const findings: SystemFindings = { present: [], missing: [], brokenVariables: [] };
  /** The file the tests would run by default, when there is one. */
  const defaults: Record<SystemPackage, () => string | undefined> = {
    "chromium-headless-shell": () => "/usr/bin/chromium-headless-shell",
    "redis-server": () => "/usr/bin/redis-server",
    postgresql: () =>
      probe
        .list(POSTGRES_ROOT)
        .map((version) => `${POSTGRES_ROOT}/${version}/bin/initdb`)
        .find((initdb) => probe.isExecutable(initdb)),
  };
  for (const need of SYSTEM_NEEDS) {
    const value = env[need.variable];
    const at = value ? (need.variable === "POSTGRES_BIN_DIR" ? `${value.replace(/\/+$/, "")}/initdb` : value) : defaults[need.package]();
    if (at && probe.isExecutable(at)) findings.present.push({ package: need.package, at });
    else if (value) findings.brokenVariables.push({ variable: need.variable, value });
    else findings.missing.push(need.package);
  }
  return findings;
}

export interface SetupSituation extends SystemFindings {
  /** Running as root. */
  root: boolean;
  /** `sudo -n true` succeeds: sudo that asks no password. Only asked when not root and something is missing. */
  passwordlessSudo: boolean;
  /** apt-get is on the PATH (a Debian-like machine). */
  aptGet: boolean;
}

export type SetupPlan =
  | { kind: "ready" }
  /** Install the missing packages: `apt-get update` once, then `apt-get install -y` of just those. */
  | { kind: "install"; packages: SystemPackage[]; sudo: boolean; announce: string; commands: string[][] }
  /** Stop at once: what is wrong, and the one command to run when there is one. */
  | { kind: "stop"; lines: string[]; command?: string };

/** The one command a user runs to install the packages themselves. */
export const installCommand = (packages: readonly SystemPackage[]) => `sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}`;

export function planSetup(situation: SetupSituation): SetupPlan {
  const { missing, brokenVariables } = situation;
  if (brokenVariables.length > 0) {
    const lines = brokenVariables.map(({ variable, value }) =>
      variable === "POSTGRES_BIN_DIR"
        ? `${variable} is set to ${value}, which holds no initdb: point it at PostgreSQL's bin folder, or unset it to use Debian's.`
        : `${variable} is set to ${value}, where there is nothing to run: point it at another copy, or unset it to use Debian's.`,
    );
    if (missing.length > 0) lines.push(`Missing too: ${missing.join(", ")}.`);
    return missing.length > 0 ? { kind: "stop", lines, command: installCommand(missing) } : { kind: "stop", lines };
  }
  if (missing.length === 0) return { kind: "ready" };
  const whys = missing.map((name) => `${name} (${SYSTEM_NEEDS.find((need) => need.package === name)?.why})`).join(", ");
  if (!situation.aptGet) {
    return {
      kind: "stop",
      lines: [
        `The tests need Debian's ${whys}, and this machine has no apt-get.`,
        `Install them another way and point ${missing.map((name) => SYSTEM_NEEDS.find((need) => need.package === name)?.variable).join(", ")} at them.`,
      ],
    };
  }
  const sudo = !situation.root;
  if (sudo && !situation.passwordlessSudo) {
    return {
      kind: "stop",
      lines: [`The tests need Debian's ${whys}, and installing them needs root (sudo here asks for a password, or there is none). Run:`],
      command: installCommand(missing),
    };
  }
  const prefix = sudo ? ["sudo", "-n", "DEBIAN_FRONTEND=noninteractive"] : [];
  return {
    kind: "install",
    packages: [...missing],
    sudo,
    announce: `Installing Debian's ${whys}${sudo ? " with sudo" : " as root"}…`,
    commands: [
      [...prefix, "apt-get", "update", "-qq"],
      [...prefix, "apt-get", "install", "-y", "-qq", ...missing],
    ],
  };
}
