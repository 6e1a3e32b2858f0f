import type { Endpoints } from "@contract/endpoints";
import type { MessagePlan } from "../../fixtures/builders/messages";
import type { AreaRoutes, WorldOf, WorldRoutes } from "../../mock-server/area";
import { mockAreas, worldData, type World } from "../../mock-server/areas";
import type { WorldRoute } from "../../mock-server/endpoint-route";
import { appointmentsArea } from "../../mock-server/handlers/appointments";
import { authArea } from "../../mock-server/handlers/auth";
import { documentsArea } from "../../mock-server/handlers/documents";
import { withToken } from "../../mock-server/handlers/helpers";
import { healthArea } from "../../mock-server/handlers/health";
import { patientArea } from "../../mock-server/handlers/patient";
import type { MessageStore } from "../../mock-server/message-store";
import type { WorldCore } from "../../mock-server/world-core";

/**
 * `npm run typecheck` compiles this file; it runs nothing (as steps.test-d.ts). What the mock reads
 * from its one list of areas (decisions/359) is typed as exactly as when each was listed by hand, and
 * each `@ts-expect-error` is a mistake tsc must reject: were the list's types to stop carrying an
 * area's declaration, the directive would be unused and tsc would fail.
 */

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// A world's stores and data are typed by the areas that make them.
const store: Equal<World["messages"], MessageStore> = true;
const plans: Equal<ReturnType<typeof worldData>["messagePlans"], MessagePlan[]> = true;

// A handler names a call of the contract.
const unknownCall = {
  // @ts-expect-error No call of the contract is named `messagesByFolder`.
  messagesByFolder: withToken(() => ({ resourceType: "Bundle" })),
} satisfies AreaRoutes;

// A handler reading a store is no handler of a world without it: the patient's counters read the
// appointments, documents and messages, so a world of the first two only (messaging left out of the
// list) is refused, as the core world is.
// @ts-expect-error A world without `messages`.
const withoutMessages: WorldRoute<Endpoints["refreshCounter"], WorldOf<typeof appointmentsArea | typeof documentsArea>> = patientArea.routes.refreshCounter;
// @ts-expect-error The core world has no area's stores.
const coreOnly: WorldRoute<Endpoints["refreshCounter"], WorldCore> = patientArea.routes.refreshCounter;
const whole: WorldRoute<Endpoints["refreshCounter"], World> = patientArea.routes.refreshCounter;

// Every call has a handler once all areas are gathered, and not before.
// @ts-expect-error Only the sign-in's calls: every other call has no handler.
const someRoutes: WorldRoutes<World> = { ...authArea.routes };

// The list is the one place an area is named: its stores come with it.
type Listed = (typeof mockAreas)[number];
const listed: Equal<Extract<Listed, typeof healthArea>, typeof healthArea> = true;

void [store, plans, unknownCall, withoutMessages, coreOnly, whole, someRoutes, listed];
