import { Journal } from "./journal";
import { randomBytes } from "node:crypto";
import { buildPracticeData, type PracticeData } from "../fixtures/builders/practice-data";
import type { MessageLocation } from "../fixtures/builders/messages";
import { rosterLocations } from "../fixtures/builders/roster";
import { getScenario, scenarioIds } from "../fixtures/scenarios/index";
import { FaultTable } from "./faults";
import { AppointmentStore } from "./appointment-store";
import { DocumentStore } from "./document-store";
import { MedicationStore } from "./medication-store";
import { HealthStore } from "./health-store";
import type { StaffRecord } from "../fixtures/builders/staff";
import { MessageStore } from "./message-store";
import { PaymentStore } from "./payment-store";
import { TokenTable } from "./tokens";
import { createWorldStore, loadPracticeData, type WorldStore } from "./world-store";
import { WorldClock } from "./clock";

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

/** A world's stores of each area (`areaStores`): its seeded data, generated when first read, and what the practice received. */
type AreaStores = ReturnType<typeof areaStores>;

export interface World extends AreaStores {
  id: string;
  scenarioId: string;
  seed: number;
  createdAt: string;
  /** The world's own time (decisions/012); generated data is anchored to where it started. */
  clock: WorldClock;
  store: WorldStore;
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
  /** Fixes the world's clock at this instant (epoch ms); by default it runs from real time. */
  now?: number;
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
    this.#add(DEFAULT_WORLD_ID, { scenario: defaultWorld.scenario ?? "default", seed: defaultWorld.seed ?? 1, now: defaultWorld.now });
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
   * instant; sign-ins, faults and the journal cleared. The id and user names stay.
   */
  reset(id: string): World | undefined {
    const world = this.#worlds.get(id);
    if (!world) return undefined;
    world.clock.reset();
    world.faults.clear(); // held calls go on (into the old store, which the call then ignores)
    Object.assign(world, generate(world.id, world.scenarioId, world.seed, world.clock));
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
    if (!getScenario(scenarioId)) throw new UnknownScenarioError(scenarioId);
    const seed = options.seed ?? 1;
    const clock = new WorldClock(options.now);
    const world: World = {
      id,
      scenarioId,
      seed,
      createdAt: new Date().toISOString(),
      clock,
      lastUsedAt: Date.now(),
      ...generate(id, scenarioId, seed, clock),
    };
    this.#worlds.set(id, world);
    for (const user of world.users) this.#owners.set(normaliseUsername(user.username), world);
    return world;
  }
}

/** Everything of a world that its scenario, seed and starting clock fix, plus empty sign-ins, faults and journal. */
function generate(id: string, scenarioId: string, seed: number, clock: WorldClock) {
  const data = buildPracticeData(getScenario(scenarioId)!, seed, { referenceDate: clock.startMs });
  const store = createWorldStore();
  loadPracticeData(store, data, (label) => usernameFor(label, id));
  return {
    store,
    ...areaStores(seed, data, clock),
    staff: data.staff,
    tokens: new TokenTable(),
    faults: new FaultTable(),
    journal: new Journal(),
    users: data.accounts.map((a): WorldUser => ({ label: a.label, username: usernameFor(a.label, id), password: a.password, description: a.description })),
  };
}

/**
 * Each area's store of a world, one line per area (decisions/342), made from the area's plans in the
 * practice data (`PATIENT_PLANS`, fixtures/builders/practice-data.ts); handlers reach it as
 * `world.<name>`. Made in this order, as before; a store generates its records when first read.
 */
function areaStores(seed: number, data: PracticeData, clock: WorldClock) {
  /** Lab results and letters, generated per patient on first read. */
  const documents = new DocumentStore(seed, data.staff, data.referenceDate, data.documentPlans);
  const appointments = new AppointmentStore(seed, data.staff, data.referenceDate, data.appointmentPlans, clock, data.videoBooking);
  const medications = new MedicationStore(seed, data.staff, data.referenceDate, data.city, data.medicationPlans, data.pharmacyCount);
  return {
    /** Secure messages, generated per patient on first read (decisions/010). */
    messages: new MessageStore({ seed, practiceName: data.practice.name, staff: data.staff, referenceDate: data.referenceDate, frontDesk: frontDeskOf(data.practice) }, data.messagePlans, () => clock.nowMs()),
    documents,
    appointments,
    medications,
    /** Diagnoses, allergies, immunisations, reminders and vitals, generated per patient on first read; the timeline drawn from them all. */
    health: new HealthStore(seed, data.staff, data.referenceDate, data.healthPlans, { medicines: (id) => medications.all(id), appointments, documents, clock }),
    /** Payments made in this world (a reset forgets them with the rest). */
    payments: new PaymentStore(),
  };
}

/** The practice's front desk writes from its main rooms (lookup 11's first location), as `Location/{id}`. */
function frontDeskOf(practice: Parameters<typeof rosterLocations>[0]): MessageLocation {
  const [main] = rosterLocations(practice);
  return { id: main.id, name: `${main.name} Front Desk` };
}
