import { describe, expect, it } from "vitest";
import { findSystemPackages, installCommand, planSetup, type MachineProbe, type SetupSituation } from "../../scripts/system-packages";

/**
 * What `npm test` does first (issue 54): finds Debian's Chromium headless shell, redis-server and
 * PostgreSQL where the tests look for them, installs what is missing when it can (root, or sudo with
 * no password), and otherwise stops at once with the one command to run.
 */

/** A machine holding just these executable files. */
function machineWith(...files: string[]): MachineProbe {
  return {
    isExecutable: (file) => files.includes(file),
    list: (folder) => [...new Set(files.filter((file) => file.startsWith(`${folder}/`)).map((file) => file.slice(folder.length + 1).split("/")[0]))],
  };
}

const CHROMIUM = "/usr/bin/chromium-headless-shell";
const REDIS = "/usr/bin/redis-server";
const INITDB = "/usr/lib/postgresql/15/bin/initdb";
const everything = machineWith(CHROMIUM, REDIS, INITDB);

describe("findSystemPackages", () => {
  it("finds all three where Debian puts them", () => {
    expect(findSystemPackages({}, everything)).toEqual({
      present: [
        { package: "chromium-headless-shell", at: CHROMIUM },
        { package: "redis-server", at: REDIS },
        { package: "postgresql", at: INITDB },
      ],
      missing: [],
      brokenVariables: [],
    });
  });

  it("names what is missing, in one order", () => {
    expect(findSystemPackages({}, machineWith(REDIS)).missing).toEqual(["chromium-headless-shell", "postgresql"]);
    expect(findSystemPackages({}, machineWith()).missing).toEqual(["chromium-headless-shell", "redis-server", "postgresql"]);
  });

  it("finds PostgreSQL under any version, and not a version folder without initdb", () => {
    expect(findSystemPackages({}, machineWith(CHROMIUM, REDIS, "/usr/lib/postgresql/17/bin/initdb")).missing).toEqual([]);
    expect(findSystemPackages({}, machineWith(CHROMIUM, REDIS, "/usr/lib/postgresql/15/bin/psql")).missing).toEqual(["postgresql"]);
  });

  it("looks where the variables point, as the tests do, and not at Debian's places", () => {
    const env = { CHROMIUM_PATH: "/opt/chromium/chrome", REDIS_SERVER_PATH: "/opt/redis/redis-server", POSTGRES_BIN_DIR: "/opt/pg/bin/" };
    const found = findSystemPackages(env, machineWith("/opt/chromium/chrome", "/opt/redis/redis-server", "/opt/pg/bin/initdb"));
    expect(found.missing).toEqual([]);
    expect(found.brokenVariables).toEqual([]);
    expect(found.present.map((entry) => entry.at)).toEqual(["/opt/chromium/chrome", "/opt/redis/redis-server", "/opt/pg/bin/initdb"]);
  });

  it("reports a variable that points at nothing, even when Debian's package is there", () => {
    const found = findSystemPackages({ CHROMIUM_PATH: "/nonexistent", POSTGRES_BIN_DIR: "/nowhere" }, everything);
    expect(found.brokenVariables).toEqual([
      { variable: "CHROMIUM_PATH", value: "/nonexistent" },
      { variable: "POSTGRES_BIN_DIR", value: "/nowhere" },
    ]);
    expect(found.missing).toEqual([]);
  });

  it("treats an empty variable as unset", () => {
    expect(findSystemPackages({ CHROMIUM_PATH: "" }, everything).brokenVariables).toEqual([]);
  });
});

const situation = (over: Partial<SetupSituation>): SetupSituation => ({
  present: [],
  missing: [],
  brokenVariables: [],
  root: false,
  passwordlessSudo: false,
  aptGet: true,
  ...over,
});

describe("planSetup", () => {
  it("does nothing when all three are there, whoever runs it", () => {
    expect(planSetup(situation({}))).toEqual({ kind: "ready" });
    expect(planSetup(situation({ aptGet: false }))).toEqual({ kind: "ready" });
  });

  it("as root, installs just the missing packages with apt-get: update once, then install", () => {
    const plan = planSetup(situation({ missing: ["chromium-headless-shell", "postgresql"], root: true }));
    expect(plan).toMatchObject({ kind: "install", packages: ["chromium-headless-shell", "postgresql"], sudo: false });
    if (plan.kind !== "install") throw new Error("expected an install");
    expect(plan.commands).toEqual([
      ["apt-get", "update", "-qq"],
      ["apt-get", "install", "-y", "-qq", "chromium-headless-shell", "postgresql"],
    ]);
    expect(plan.announce).toBe(
      "Installing Debian's chromium-headless-shell (the end-to-end tests' browser), postgresql (the portal store's tests against a real PostgreSQL) as root…",
    );
  });

  it("with sudo that asks no password, installs through sudo -n, non-interactively", () => {
    const plan = planSetup(situation({ missing: ["redis-server"], passwordlessSudo: true }));
    expect(plan).toMatchObject({ kind: "install", packages: ["redis-server"], sudo: true });
    if (plan.kind !== "install") throw new Error("expected an install");
    expect(plan.commands).toEqual([
      ["sudo", "-n", "DEBIAN_FRONTEND=noninteractive", "apt-get", "update", "-qq"],
      ["sudo", "-n", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", "redis-server"],
    ]);
    expect(plan.announce).toMatch(/redis-server \(the tests of several portal processes sharing Redis\) with sudo…$/);
  });

  it("otherwise stops at once with the one command that installs exactly what is missing", () => {
    const plan = planSetup(situation({ missing: ["chromium-headless-shell", "redis-server", "postgresql"] }));
    expect(plan).toMatchObject({
      kind: "stop",
      command: "sudo apt-get update && sudo apt-get install -y chromium-headless-shell redis-server postgresql",
    });
    expect(planSetup(situation({ missing: ["postgresql"] }))).toMatchObject({ kind: "stop", command: "sudo apt-get update && sudo apt-get install -y postgresql" });
  });

  it("on a machine with no apt-get, stops naming the packages and the variables, with no command to run", () => {
    const plan = planSetup(situation({ missing: ["chromium-headless-shell"], root: true, aptGet: false }));
    expect(plan.kind).toBe("stop");
    if (plan.kind !== "stop") throw new Error("expected a stop");
    expect(plan.command).toBeUndefined();
    expect(plan.lines.join(" ")).toMatch(/no apt-get.*CHROMIUM_PATH/);
  });

  it("stops on a variable that points at nothing, as root too: installing Debian's would not change what the tests use", () => {
    const plan = planSetup(situation({ brokenVariables: [{ variable: "CHROMIUM_PATH", value: "/nonexistent" }], root: true }));
    expect(plan).toEqual({
      kind: "stop",
      lines: ["CHROMIUM_PATH is set to /nonexistent, where there is nothing to run: point it at another copy, or unset it to use Debian's."],
    });
    const both = planSetup(situation({ brokenVariables: [{ variable: "POSTGRES_BIN_DIR", value: "/nowhere" }], missing: ["redis-server"], root: true }));
    expect(both).toMatchObject({ kind: "stop", command: installCommand(["redis-server"]) });
    if (both.kind !== "stop") throw new Error("expected a stop");
    expect(both.lines[0]).toMatch(/POSTGRES_BIN_DIR is set to \/nowhere, which holds no initdb/);
  });
});
