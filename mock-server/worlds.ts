import { randomBytes } from "node:crypto";
import { getScenario, scenarioIds } from "../fixtures/scenarios/index";
import { worldData, worldStores, type World } from "./areas";
import { WorldChaos, type ChaosConfig } from "./chaos";
import { WorldClock } from "./clock";
import { FaultTable } from "./faults";
import { Journal, JournalFeed } from "./journal";
import { TokenTable } from "./tokens";
import type { PracticeKind } from "../fixtures/scenarios/schema";
import { normaliseUsername, type WorldUser } from "./world-core";
import { createWorldStore, loadPracticeData } from "./world-store";
import { REPLAY_PASSWORD, type Recording } from "./recording/file";
import { ReplayBook, type ReplayState } from "./recording/replay";

/**
 * A world is a whole practice generated from a scenario and a seed, with its own store, sign-ins and faults; user names
 * are unique across worlds (outside the default one they carry the world id) so the identity server routes each (decisions/003).
 */

export const DEFAULT_WORLD_ID = "default";
export const USER_DOMAIN = "demo.nz";

export interface CreateWorldOptions {
  scenario?: string;
  seed?: number;
  /** Fixes the world's clock at this instant (epoch ms); by default it runs from real time. */
  now?: number;
  /** The practice the world plays (decisions/372); by default the scenario's (`practice.api`), which is "mock" unless it says. */
  practice?: PracticeKind;
  /** At a spec practice, the seed its replies' shapes are drawn by; by default `seed` (decisions/396). */
  roomSeed?: number;
  /** Seeded chaos from the first call (decisions/383); by default none. */
  chaos?: ChaosConfig;
  /**
   * A world that answers as this recording did (decisions/384), its users the recorded (made-up) user
   * names, its clock fixed at the recording's start; `scenario`, `seed` and `practice` do not apply.
   */
  recording?: Recording;
}

/** The scenario id a world made from a recording shows; its own store is the empty scenario's, never read by its calls. */
export const RECORDING_SCENARIO = "recording";

export class UnknownScenarioError extends Error {
  constructor(readonly scenario: string) {
    super(`Unknown scenario "${scenario}"; known scenarios: ${scenarioIds().join(", ")}`);
    this.name = "UnknownScenarioError";
  }
}

/** label@demo.nz, or the scenario's own address; outside the default world the world id joins its local part. */
export function usernameFor(account: { label: string; username?: string }, worldId: string): string {
  const address = account.username ?? `${account.label}@${USER_DOMAIN}`;
  if (worldId === DEFAULT_WORLD_ID) return address;
  const at = address.lastIndexOf("@");
  return `${address.slice(0, at)}+${worldId}${address.slice(at)}`;
}

export class WorldRegistry {
  readonly #worlds = new Map<string, World>();
  readonly #owners = new Map<string, World>();

  /** The default world is made from the default scenario and seed 1 unless told otherwise (`npm run mock -- --scenario`). */
  constructor(defaultWorld: CreateWorldOptions = {}) {
    this.#add(DEFAULT_WORLD_ID, { scenario: defaultWorld.scenario ?? "default", seed: defaultWorld.seed ?? 1, now: defaultWorld.now, practice: defaultWorld.practice, recording: defaultWorld.recording });
  }

  create(options: CreateWorldOptions = {}): World {
    let id: string;
    // Short ids keep user names readable (family+w4k2q9@demo.nz); collisions are simply retried.
    do id = `w${randomBytes(4).readUInt32BE(0).toString(36).padStart(6, "0").slice(-5)}`;
    while (this.#worlds.has(id));
    return this.#add(id, options);
  }

  get(id: string): World | undefined {
    const world = this.#worlds.get(id);
    if (world) world.lastUsedAt = Date.now();
    return world;
  }

  /** Removes the worlds nobody has reached for idleMs (never the default one); returns their ids. */
  removeIdle(idleMs: number, now = Date.now()): string[] {
    const idle = this.list().filter((w) => w.id !== DEFAULT_WORLD_ID && now - w.lastUsedAt > idleMs);
    for (const world of idle) this.delete(world.id);
    return idle.map((w) => w.id);
  }

  /**
   * Back to the scenario's starting state: data rebuilt from scenario, seed and the clock's starting
   * instant; sign-ins, faults and the journal cleared. The id, user names and practice stay.
   */
  reset(id: string): World | undefined {
    const world = this.#worlds.get(id);
    if (!world) return undefined;
    world.clock.reset();
    world.faults.clear(); // held calls go on (into the old store, which the call then ignores)
    world.chaos.restart(); // the same calls after a reset meet the same chaos
    Object.assign(world, generate(world.id, world.scenarioId, world.seed, world.clock, world.journalFeed));
    if (world.replay) {
      world.replay.book.restart();
      world.users = replayUsers(world.replay);
    }
    world.journalFeed.publish({ kind: "cleared" });
    world.lastUsedAt = Date.now();
    return world;
  }

  list(): World[] {
    return [...this.#worlds.values()];
  }

  delete(id: string): "deleted" | "not-found" | "protected" {
    if (id === DEFAULT_WORLD_ID) return this.#worlds.has(id) ? "protected" : "not-found";
    const world = this.#worlds.get(id);
    if (!world) return "not-found";
    for (const user of world.users) this.#owners.delete(normaliseUsername(user.username));
    world.faults.clear();
    world.journalFeed.publish({ kind: "gone" });
    this.#worlds.delete(id);
    return "deleted";
  }

  /** The world whose practice serves this user name, for the identity server. */
  ownerOf(username: string): World | undefined {
    const world = this.#owners.get(normaliseUsername(username));
    if (world) world.lastUsedAt = Date.now();
    return world;
  }

  #add(id: string, options: CreateWorldOptions): World {
    const scenarioId = options.recording ? RECORDING_SCENARIO : (options.scenario ?? "default");
    const scenario = getScenario(options.recording ? "empty" : scenarioId);
    if (!scenario) throw new UnknownScenarioError(scenarioId);
    const seed = options.seed ?? 1;
    const clock = new WorldClock(options.recording ? Date.parse(options.recording.recordedAt) : options.now);
    const journalFeed = new JournalFeed();
    const world: World = {
      id,
      scenarioId,
      seed,
      practice: options.practice ?? scenario.practice.api,
      roomSeed: options.roomSeed ?? seed,
      createdAt: new Date().toISOString(),
      clock,
      chaos: new WorldChaos(options.chaos ?? null),
      lastUsedAt: Date.now(),
      journalFeed,
      ...generate(id, scenarioId, seed, clock, journalFeed),
    };
    if (options.recording) {
      world.practice = "mock";
      world.replay = replayStateOf(options.recording, id);
      world.users = replayUsers(world.replay);
    }
    this.#worlds.set(id, world);
    for (const user of world.users) this.#owners.set(normaliseUsername(user.username), world);
    return world;
  }
}

/** A replay world's users: the recorded user names (with the world id outside the default world), the stated password. */
function replayStateOf(recording: Recording, worldId: string): ReplayState {
  const recordedUserOf = new Map<string, string>();
  for (const recorded of recording.users) {
    const at = recorded.lastIndexOf("@");
    const username = worldId === DEFAULT_WORLD_ID ? recorded : at < 0 ? `${recorded}+${worldId}` : `${recorded.slice(0, at)}+${worldId}${recorded.slice(at)}`;
    recordedUserOf.set(normaliseUsername(username), recorded);
  }
  return { book: new ReplayBook(recording), recordedUserOf };
}

function replayUsers(replay: ReplayState): WorldUser[] {
  return [...replay.recordedUserOf.keys()].map((username, i) => ({
    label: `recorded-${i + 1}`,
    username,
    password: REPLAY_PASSWORD,
    description: `Signs in as recorded from ${replay.book.recording.upstream} on ${replay.book.recording.recordedAt}`,
  }));
}

/** Everything of a world that its scenario, seed and starting clock fix, plus empty sign-ins, faults and journal. */
function generate(id: string, scenarioId: string, seed: number, clock: WorldClock, journalFeed: JournalFeed) {
  // A world made from a recording answers from it; the empty scenario only gives it the parts every world has.
  const data = worldData(getScenario(scenarioId === RECORDING_SCENARIO ? "empty" : scenarioId)!, seed, { referenceDate: clock.startMs });
  const store = createWorldStore();
  loadPracticeData(store, data, (account) => usernameFor(account, id));
  return {
    store,
    ...worldStores({ seed, data, clock }),
    staff: data.staff,
    tokens: new TokenTable(),
    faults: new FaultTable(),
    journal: new Journal(journalFeed),
    users: data.accounts.map((a): WorldUser => ({ label: a.label, username: usernameFor(a, id), password: a.password, description: a.description })),
  };
}
