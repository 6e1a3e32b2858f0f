import { Journal } from "./journal";
import { randomBytes } from "node:crypto";
import { buildPracticeData } from "../fixtures/builders/practice-data";
import { getScenario, scenarioIds } from "../fixtures/scenarios/index";
import { FaultTable } from "./faults";
import { AppointmentStore } from "./appointment-store";
import { DocumentStore } from "./document-store";
import { MedicationStore } from "./medication-store";
import type { StaffRecord } from "../fixtures/builders/staff";
import { MessageStore } from "./message-store";
import { TokenTable } from "./tokens";
import { createWorldStore, loadPracticeData, type WorldStore } from "./world-store";

/**
 * A world is a whole practice generated from a scenario and a seed, with its own store, sign-ins
 * and faults. The identity server routes each user name to the world that owns it, which is why
 * user names must be unique across worlds: outside the default world they carry the world id.
 */

export const DEFAULT_WORLD_ID = "default";
export const USER_DOMAIN = "demo.nz";

export interface WorldUser {
  label: string;
  username: string;
  password: string;
  description: string;
}

export interface World {
  id: string;
  scenarioId: string;
  seed: number;
  createdAt: string;
  store: WorldStore;
  /** Secure messages, generated per patient on first read (decisions/010). */
  messages: MessageStore;
  /** Lab results and letters, generated per patient on first read. */
  documents: DocumentStore;
  appointments: AppointmentStore;
  medications: MedicationStore;
  /** The practice team: providers, nurses and reception. */
  staff: readonly StaffRecord[];
  tokens: TokenTable;
  faults: FaultTable;
  journal: Journal;
  users: WorldUser[];
  /** When the world was last reached (any call or admin request), for idle removal. */
  lastUsedAt: number;
}

export interface CreateWorldOptions {
  scenario?: string;
  seed?: number;
}

export class UnknownScenarioError extends Error {
  constructor(readonly scenario: string) {
    super(`Unknown scenario "${scenario}"; known scenarios: ${scenarioIds().join(", ")}`);
    this.name = "UnknownScenarioError";
  }
}

export function usernameFor(label: string, worldId: string): string {
  return worldId === DEFAULT_WORLD_ID ? `${label}@${USER_DOMAIN}` : `${label}+${worldId}@${USER_DOMAIN}`;
}

/** Sign-in compares user names trimmed and case-insensitively, as the practice API does. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export class WorldRegistry {
  readonly #worlds = new Map<string, World>();
  readonly #owners = new Map<string, World>();

  /** The default world is made from the default scenario and seed 1 unless told otherwise (`npm run mock -- --scenario`). */
  constructor(defaultWorld: CreateWorldOptions = {}) {
    this.#add(DEFAULT_WORLD_ID, { scenario: defaultWorld.scenario ?? "default", seed: defaultWorld.seed ?? 1 });
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

  list(): World[] {
    return [...this.#worlds.values()];
  }

  delete(id: string): "deleted" | "not-found" | "protected" {
    if (id === DEFAULT_WORLD_ID) return this.#worlds.has(id) ? "protected" : "not-found";
    const world = this.#worlds.get(id);
    if (!world) return "not-found";
    for (const user of world.users) this.#owners.delete(normaliseUsername(user.username));
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
    const scenarioId = options.scenario ?? "default";
    const scenario = getScenario(scenarioId);
    if (!scenario) throw new UnknownScenarioError(scenarioId);
    const seed = options.seed ?? 1;
    const data = buildPracticeData(scenario, seed);
    const store = createWorldStore();
    loadPracticeData(store, data, (label) => usernameFor(label, id));
    const world: World = {
      id,
      scenarioId,
      seed,
      createdAt: new Date().toISOString(),
      store,
      messages: new MessageStore({ seed, practiceName: data.practice.name, staff: data.staff, referenceDate: data.referenceDate }, data.messagePlans),
      documents: new DocumentStore(seed, data.staff, data.referenceDate, data.documentPlans),
      appointments: new AppointmentStore(seed, data.staff, data.referenceDate, data.appointmentPlans),
      medications: new MedicationStore(seed, data.staff, data.referenceDate, data.city, data.medicationPlans),
      staff: data.staff,
      tokens: new TokenTable(),
      faults: new FaultTable(),
      journal: new Journal(),
      lastUsedAt: Date.now(),
      users: data.accounts.map((a) => ({ label: a.label, username: usernameFor(a.label, id), password: a.password, description: a.description })),
    };
    this.#worlds.set(id, world);
    for (const user of world.users) this.#owners.set(normaliseUsername(user.username), world);
    return world;
  }
}
