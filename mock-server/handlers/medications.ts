import { MEDICATION_LISTS } from "@contract/medications";
import { planMedications, type MedicationRecord } from "../../fixtures/builders/medications";
import { medicationResource, pharmacyResource } from "../resources/medications";
import { zoned } from "../resources/zoned";
import { balanceOf } from "./accounts";
import { pagedBundle, practiceOf, withToken } from "./helpers";
import type { WorldCore } from "../world-core";
import { MedicationStore } from "../medication-store";
import { mockArea, type AreaRoutes, type StoreInputs } from "../area";

/** Medications, pharmacies and repeat-prescription requests (2§7). */

const RECENT_MS = 90 * 86_400_000;

/** Each patient's medicines, planned by the builder (decisions/342). */
const plans = { medicationPlans: planMedications };

function stores({ seed, data }: StoreInputs<typeof plans>) {
  return { medications: new MedicationStore(seed, data.staff, data.referenceDate, data.city, data.medicationPlans, data.pharmacyCount) };
}

type World = WorldCore & ReturnType<typeof stores>;

const medicationRoutes = {
  medications: withToken(({ world, query }) => {
    const all = world.medications.all(query.PatientID);
    // Recent: authored in the 90 days before the world's now (decisions/012).
    const now = world.clock.nowMs();
    const filters: Record<string, (m: MedicationRecord) => boolean> = {
      [MEDICATION_LISTS.all]: () => true,
      [MEDICATION_LISTS.recent]: (m) => now - m.authoredMs <= RECENT_MS,
      [MEDICATION_LISTS.repeated]: (m) => m.repeated,
    };
    const list = all.filter(filters[query.TypeID]);
    const practiceName = practiceOf(world).name;
    return pagedBundle(list, query, (m) => medicationResource(m, practiceName));
  }),

  pharmacies: withToken(({ world, query }) => {
    return pagedBundle(world.medications.pharmacies, query, pharmacyResource);
  }),

  repeatRequest: withToken(({ world, body }) => {
    const ids = body.MedicationID.split(",").filter(Boolean);
    const mine = world.medications.all(body.PatientID);
    const chosen = ids.map((id) => mine.find((m) => m.id === id));
    const settings = Object.fromEntries(world.store.setting.getAll().map((s) => [s.id, s.value]));
    const pharmacy = body.PickUpTypeID === 2 ? world.medications.pharmacies.find((p) => p.id === body.PharmacyID) : undefined;
    const answer = (() => {
      if (chosen.some((m) => !m)) return { StatusCode: "3" as const, ResponseMessage: "One of the selected medicines is not on your record." };
      // The server is the authority on the rule the portal also checks (2§5).
      if (body.PickUpTypeID === 1 && settings.IsOutstandingBalance === "1" && balanceOf(world, body.PatientID) > 0) {
        return { StatusCode: "3" as const, ResponseMessage: "Cannot send pickup request patient has outstanding balance" };
      }
      if (body.PickUpTypeID === 2 && !pharmacy) return { StatusCode: "3" as const, ResponseMessage: "The pharmacy chosen is not one the practice sends to." };
      const onLeave = [...new Map(chosen.map((m) => m!.prescriber).filter((p) => p.onLeave).map((p) => [p.id, p])).values()];
      if (onLeave.length > 0 && !body.IgnoreLeave) {
        return { StatusCode: "302" as const, ResponseMessage: JSON.stringify(onLeave.map((p) => ({ ProviderID: p.id, ProviderName: p.name }))) };
      }
      const where = body.PickUpTypeID === 1 ? "be ready to collect from the practice" : `be sent to ${pharmacy!.name}`;
      return { StatusCode: "1" as const, ResponseMessage: `Your repeat prescription request for ${chosen.length} medicine${chosen.length === 1 ? "" : "s"} has been received. It will ${where}.` };
    })();
    world.medications.received.push({
      receivedAt: zoned(world.clock.nowMs()),
      patientId: body.PatientID,
      medicines: chosen.map((m) => m?.name ?? "(not on record)").sort(),
      delivery: body.PickUpTypeID === 1 ? "pickup" : "pharmacy",
      pharmacy: pharmacy ? { id: pharmacy.id, name: pharmacy.name } : null,
      urgent: body.IsUrgent ?? false,
      preferredPharmacy: body.IsPreferredPharmacy ?? false,
      notes: body.Notes ?? "",
      ignoreLeave: body.IgnoreLeave ?? false,
      outcome: answer.StatusCode === "1" ? "sent" : answer.StatusCode === "302" ? "on-leave" : "refused",
    });
    return answer;
  }),
} satisfies AreaRoutes<World>;

/** The area as the mock lists it (mock-server/areas.ts, decisions/359). */
export const medicationsArea = mockArea({ plans, stores, routes: medicationRoutes });
