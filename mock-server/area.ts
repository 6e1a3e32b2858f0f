import type { Endpoints } from "@contract/endpoints";
import type { PlannedPerson, PracticeData } from "../fixtures/builders/practice-data";
import type { WorldClock } from "./clock";
import type { WorldRoute } from "./endpoint-route";
import type { WorldCore } from "./world-core";
import type { WorldEndpointName } from "./world-endpoints";

/** How an area of the mock practice declares its plans, stores and routes once, beside its handlers; `mockAreas` gathers them (decisions/359). */

/** An area's planner: the builder's `(seed, patient, spec) => plan`, run over every patient in scenario order. */
export type Planner<Plan = unknown> = (seed: number, patient: PlannedPerson["patient"], spec: PlannedPerson["spec"]) => Plan;

/** The plans an area's planners make: one list per plan name, a plan per patient. */
export type PlansOf<P> = { [K in keyof P]: P[K] extends Planner<infer Plan> ? Plan[] : never };

/** What an area's stores are made from: the seed, the world's data with the area's own plans, the world's clock. */
export interface StoreInputs<P = Record<never, never>> {
  seed: number;
  data: PracticeData & PlansOf<P>;
  clock: WorldClock;
}

/**
 * The handlers of an area: a handler per call, each by the contract's name, so a name the contract
 * does not have fails the type check; `W` is the world the handlers read (`WorldOf`).
 */
export type AreaRoutes<W extends WorldCore = WorldCore> = { [K in WorldEndpointName]?: WorldRoute<Endpoints[K], W> };

/** A handler for every call of a world's practice API, all reading one world `W`; the compiler checks none is missing. */
export type WorldRoutes<W extends WorldCore> = { [K in WorldEndpointName]: WorldRoute<Endpoints[K], W> };

export interface MockArea<R extends AreaRoutes<never>, P extends Record<string, Planner>, S extends object, M extends object> {
  routes: R;
  plans: P;
  /**
   * Makes the area's stores. `made` holds the stores of the areas listed before this one in
   * `mockAreas`, of which the area names those it reads (its type `M`); the health store reads the
   * medicines, appointments and documents.
   */
  stores: (inputs: StoreInputs<P>, made: M) => S;
}

/** Declares an area of the mock (above); `plans` and `stores` may be left out. */
export function mockArea<R extends AreaRoutes<never>, P extends Record<string, Planner> = Record<never, never>, S extends object = Record<never, never>, M extends object = Record<never, never>>(area: {
  routes: R;
  plans?: P;
  stores?: (inputs: StoreInputs<P>, made: M) => S;
}): MockArea<R, P, S, M> {
  return { routes: area.routes, plans: area.plans ?? ({} as P), stores: area.stores ?? (() => ({}) as S) };
}

/** The stores an area adds to a world (`world.messages`). */
export type StoresOf<A> = A extends { stores: (...args: never[]) => infer S } ? S : never;

/** The stores of several areas together: `AreaStores<typeof medicationsArea | typeof documentsArea>`. */
export type AreaStores<A> = UnionToIntersection<StoresOf<A>>;

/** A world as the handlers of an area see it: the core, and the stores of the areas they read. */
export type WorldOf<A> = WorldCore & AreaStores<A>;

/** The routes and the planners an area declares. */
export type RoutesOf<A> = A extends { routes: infer R } ? R : never;
export type PlannersOf<A> = A extends { plans: infer P } ? P : never;

export type UnionToIntersection<U> = [U] extends [never] ? unknown : (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
