import { describe, expect, it } from "vitest";
import { getScenario } from "../../fixtures/scenarios/index";
import { mockAreas, routesOf, storesInOrder, worldData, worldRoutes, worldStores } from "../../mock-server/areas";
import { WorldClock } from "../../mock-server/clock";
import { AppointmentStore } from "../../mock-server/appointment-store";
import { DocumentStore } from "../../mock-server/document-store";
import { authArea } from "../../mock-server/handlers/auth";
import { appointmentsArea } from "../../mock-server/handlers/appointments";
import { documentsArea } from "../../mock-server/handlers/documents";
import { healthArea } from "../../mock-server/handlers/health";
import { medicationsArea } from "../../mock-server/handlers/medications";
import { HealthStore } from "../../mock-server/health-store";
import { MedicationStore } from "../../mock-server/medication-store";
import { MessageStore } from "../../mock-server/message-store";
import { PaymentStore } from "../../mock-server/payment-store";
import { WORLD_ENDPOINT_NAMES } from "../../mock-server/world-endpoints";

/**
 * The mock's one list of areas (mock-server/areas.ts, decisions/359): what a world is made of is read
 * from it. The types are checked in tests/types/mock-areas.test-d.ts; these are the run-time guards.
 */
const NOW = Date.parse("2026-03-01T09:00:00+13:00");
const inputs = () => {
  const clock = new WorldClock(NOW);
  return { seed: 4, data: worldData(getScenario("default")!, 4, { referenceDate: clock.startMs }), clock };
};

describe("the mock's areas", () => {
  it("make every store of a world, each once, in the list's order", () => {
    const stores = worldStores(inputs());
    expect(Object.keys(stores)).toEqual(["payments", "documents", "appointments", "medications", "messages", "health"]);
    expect(stores.payments).toBeInstanceOf(PaymentStore);
    expect(stores.documents).toBeInstanceOf(DocumentStore);
    expect(stores.appointments).toBeInstanceOf(AppointmentStore);
    expect(stores.medications).toBeInstanceOf(MedicationStore);
    expect(stores.messages).toBeInstanceOf(MessageStore);
    expect(stores.health).toBeInstanceOf(HealthStore);
  });

  it("plan every patient for each area that has seeded data", () => {
    const data = inputs().data;
    for (const name of ["messagePlans", "documentPlans", "medicationPlans", "healthPlans", "appointmentPlans"] as const) {
      expect(data[name].map((plan) => plan.patientId), name).toEqual(data.patients.map((p) => p.id));
    }
  });

  it("answer every call of a world's API, each by one area", () => {
    expect(Object.keys(worldRoutes).sort()).toEqual([...WORLD_ENDPOINT_NAMES].sort());
    const byArea = mockAreas.flatMap((area) => Object.keys(area.routes));
    expect(byArea).toHaveLength(new Set(byArea).size);
  });

  it("stop at once on a store read before its area is made, or a call two areas answer", () => {
    expect(() => storesInOrder([healthArea, medicationsArea, appointmentsArea, documentsArea], inputs())).toThrow(/reads world\.\w+, which no area listed before it/);
    expect(Object.keys(storesInOrder([medicationsArea, appointmentsArea, documentsArea, healthArea], inputs()))).toEqual(["medications", "appointments", "documents", "health"]);
    expect(() => routesOf([authArea, authArea])).toThrow(/Two areas of the mock declare the route "\w+"/);
  });
});
