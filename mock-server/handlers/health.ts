import { DateTime } from "luxon";
import { CONDITION_LISTS, IMMUNISATION_LISTS } from "@contract/health";
import { PRACTICE_ZONE } from "../../fixtures/builders/practice";
import { allergyResource, conditionResource, immunisationResource, immunisationTypeOf, reminderResource, timelineResource, vitalResource } from "../resources/health";
import { pagedBundle, withToken } from "./helpers";
import type { WorldCore } from "../world-core";
import { HealthStore } from "../health-store";
import { planHealth } from "../../fixtures/builders/health";
import { mockArea, type AreaRoutes, type AreaStores, type StoreInputs } from "../area";
import { appointmentsArea } from "./appointments";
import { documentsArea } from "./documents";
import { medicationsArea } from "./medications";

/** Diagnoses, allergies, immunisations, the timeline, reminders and vitals (2§7). */

/** "Recent" diagnoses: onset in the year before the world's now (decisions/081). */
const RECENT_MS = 365 * 86_400_000;

/** Each patient's health summary, planned by the builder (decisions/342). */
const plans = { healthPlans: planHealth };

/**
 * Diagnoses, allergies, immunisations, reminders and vitals, generated per patient on first read; the
 * timeline drawn from them all, so it reads the medicines, appointments and documents made before it.
 */
function stores({ seed, data, clock }: StoreInputs<typeof plans>, made: AreaStores<typeof medicationsArea | typeof appointmentsArea | typeof documentsArea>) {
  return { health: new HealthStore(seed, data.staff, data.referenceDate, data.healthPlans, { medicines: (id) => made.medications.all(id), appointments: made.appointments, documents: made.documents, clock }) };
}

type World = WorldCore & ReturnType<typeof stores>;

const healthRoutes = {
  conditions: withToken(({ world, query }) => {
    const now = world.clock.nowMs();
    const all = world.health.conditions(query.PatientID).filter((c) => c.onsetMs <= now);
    const list = query.TypeID === CONDITION_LISTS.longTerm ? all.filter((c) => c.longTerm) : query.TypeID === CONDITION_LISTS.recent ? all.filter((c) => now - c.onsetMs <= RECENT_MS) : all;
    return pagedBundle(list, query, conditionResource);
  }),

  allergies: withToken(({ world, query }) => pagedBundle(world.health.allergies(query.PatientID), query, allergyResource)),

  immunisations: withToken(({ world, query }) => {
    const now = world.clock.nowMs();
    const wanted = { [IMMUNISATION_LISTS.administered]: "other", [IMMUNISATION_LISTS.overdue]: "overdue", [IMMUNISATION_LISTS.due]: "due" }[query.TypeID as "1" | "2" | "3"];
    const all = world.health.immunisations(query.PatientID);
    const list = wanted ? all.filter((i) => immunisationTypeOf(i, now) === wanted) : all;
    return pagedBundle(list, query, (i) => immunisationResource(i, now));
  }),

  timeline: withToken(({ world, query }) => {
    // Query dates are whole days in the practice's zone (2 intro).
    const from = query.FromDate ? DateTime.fromISO(query.FromDate, { zone: PRACTICE_ZONE }).startOf("day").toMillis() : -Infinity;
    const to = query.toDate ? DateTime.fromISO(query.toDate, { zone: PRACTICE_ZONE }).endOf("day").toMillis() : Infinity;
    const text = query.SearchText?.trim().toLowerCase();
    const list = world.health
      .timeline(query.PatientID)
      .filter((e) => e.atMs >= from && e.atMs <= to)
      .filter((e) => !query.ProviderID || e.provider.id === query.ProviderID)
      .filter((e) => !text || `${e.kind} ${e.text} ${e.provider.name}`.toLowerCase().includes(text));
    return pagedBundle(list, query, timelineResource);
  }),

  reminders: withToken(({ world, query }) => pagedBundle(world.health.reminders(query.PatientID), query, reminderResource)),

  vitals: withToken(({ world, query }) => {
    const now = world.clock.nowMs();
    return pagedBundle(world.health.vitals(query.PatientID).filter((v) => v.atMs <= now), query, vitalResource);
  }),
} satisfies AreaRoutes<World>;

/** The area as the mock lists it (mock-server/areas.ts, decisions/359). */
export const healthArea = mockArea({ plans, stores, routes: healthRoutes });
