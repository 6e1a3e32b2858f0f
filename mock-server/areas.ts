import { buildPracticeData, type BuildOptions, type PlannedPerson } from "../fixtures/builders/practice-data";
import type { Scenario } from "../fixtures/scenarios/schema";
import type { AreaStores, PlannersOf, PlansOf, RoutesOf, StoreInputs, UnionToIntersection, WorldRoutes } from "./area";
import { passwordsArea } from "./handlers/passwords";
import { appointmentsArea } from "./handlers/appointments";
import { authArea } from "./handlers/auth";
import { documentsArea } from "./handlers/documents";
import { healthArea } from "./handlers/health";
import { accountsArea } from "./handlers/accounts";
import { medicationsArea } from "./handlers/medications";
import { messagingArea } from "./handlers/messaging";
import { patientArea } from "./handlers/patient";
import { profileArea } from "./handlers/profile";
import { videoArea } from "./handlers/video";
import type { WorldCore } from "./world-core";

/** The mock practice's areas, each declared once beside its handlers; routes, world data and stores are read from this list, in this order (decisions/359). */
export const mockAreas = [
  authArea,
  passwordsArea,
  patientArea,
  accountsArea,
  videoArea,
  profileArea,
  documentsArea,
  appointmentsArea,
  medicationsArea,
  messagingArea,
  healthArea,
] as const;

type MockAreas = (typeof mockAreas)[number];

/** A whole world: the core, and every area's stores. */
export type World = WorldCore & AreaStores<MockAreas>;

type Planners = UnionToIntersection<PlannersOf<MockAreas>>;

/** Every area's plans, one list per plan name (`messagePlans`), a plan per patient in scenario order. */
export type WorldPlans = PlansOf<Planners>;

/** Every call's handler, gathered from the areas. A call two areas both answer stops the mock at start. */
export const worldRoutes: WorldRoutes<World> = routesOf(mockAreas) as UnionToIntersection<RoutesOf<MockAreas>>;

/**
 * A world's data: the practice's (fixtures/builders/practice-data.ts) with each area's plans. Each
 * planner draws from a stream of its own, so the order of the areas changes none of them (decisions/342).
 */
export function worldData(scenario: Scenario, seed: number, options: Omit<BuildOptions, "plan"> = {}) {
  return buildPracticeData(scenario, seed, { ...options, plan: planWorld });
}

function planWorld(seed: number, people: readonly PlannedPerson[]): WorldPlans {
  const plans = mockAreas.map((area) => Object.fromEntries(Object.entries(area.plans).map(([name, planner]) => [name, people.map(({ patient, spec }) => planner(seed, patient, spec))])));
  return gather("plan", plans) as WorldPlans;
}

/** Any area, as the run-time helpers below take it (each area's own types are read from the list above). */
type AnyArea = { routes: object; stores: (inputs: never, made: never) => object };

/** Every area's stores, made in the list's order (`storesInOrder`). */
export function worldStores(inputs: StoreInputs<Planners>): AreaStores<MockAreas> {
  return storesInOrder(mockAreas, inputs) as AreaStores<MockAreas>;
}

/** Areas' routes merged; a call two areas both answer throws (at the mock's start, for `mockAreas`). */
export function routesOf(areas: readonly AnyArea[]): Record<string, unknown> {
  return gather("route", areas.map((area) => area.routes));
}

/**
 * Areas' stores, made in the given order. An area reads the stores made before it through `made`;
 * reading one that no earlier area made is a mistake in the list's order, and throws at once.
 */
export function storesInOrder(areas: readonly AnyArea[], inputs: StoreInputs<Planners>): Record<string, unknown> {
  const made: Record<string, unknown> = {};
  const before = new Proxy(made, {
    get(target, name) {
      if (typeof name === "string" && !(name in target)) throw new Error(`A store reads world.${name}, which no area listed before it in mockAreas makes`);
      return target[name as string];
    },
  });
  for (const area of areas) {
    const make = area.stores as (inputs: StoreInputs<Planners>, made: object) => object;
    Object.assign(made, gather("store", [made, make(inputs, before)]));
  }
  return made;
}

/** The tables merged into one; a name found in two is a mistake in the areas, told by kind and name. */
function gather(kind: string, tables: readonly object[]): Record<string, unknown> {
  const all: Record<string, unknown> = {};
  for (const table of tables) {
    for (const [name, value] of Object.entries(table)) {
      if (name in all) throw new Error(`Two areas of the mock declare the ${kind} "${name}"`);
      all[name] = value;
    }
  }
  return all;
}
