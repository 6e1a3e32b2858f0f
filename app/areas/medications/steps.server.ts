import { OnLeaveProvidersSchema } from "@contract/medications";
import { parseForm } from "~/lib/form-data";
import { listingExtent } from "~/lib/listing";
import { repeatSettingsOf } from "./view";
import { medicationsTexts } from "./texts";
import { recordTexts } from "~/lib/texts/record";
import { RepeatRequestSchema, repeatRuleErrors, type RepeatErrors, type RepeatFields, type RepeatReply } from "./repeat-request";
import { answerOnce } from "~/.server/answer-once.server";
import { getMedications, getPharmacies, medicationPageSize, sendRepeatRequest } from "./practice.server";
import { getPracticeSettings } from "~/.server/practice/patient.server";
import { recordAccessOf } from "~/.server/record-access.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";
import { stepDispatcher, type StepHandlers } from "~/.server/steps.server";
import { repeatSteps } from "./steps";
import { stateStore } from "~/.server/state.server";
import type { StateStore } from "~/.server/state-store.server";

/**
 * /medications/repeat: the repeat-medication machine's steps (2§4, 2§5; decisions/280). Everything is
 * the viewed patient's (user.userId): a proxy asks repeats of the chosen family member's medicines.
 */

const t = medicationsTexts;

/** What a step needs beyond the request; tests give their own store. */
export interface RepeatDeps {
  requireSession: (request: Request) => Promise<SignedIn>;
  store: StateStore;
  /** How long a second post of an attempt waits for the first one's answer. */
  waitMs: number;
}

const portalDeps: RepeatDeps = { requireSession, store: stateStore, waitMs: 15_000 };

/** What every repeat step is given: the session, the request it came with, and what the steps use. */
interface RepeatStepContext {
  signedIn: SignedIn;
  request: Request;
  deps: RepeatDeps;
}

const repeatHandlers: StepHandlers<typeof repeatSteps, RepeatStepContext> = {
  pharmacies: async (_, { signedIn: { api, user } }) =>
    (await getPharmacies(api, user.userId)).resources.map((p) => ({ id: p.id, name: p.name?.trim() || recordTexts.notRecorded, favourite: p.extension.favourite === true })),
  send: async (fields, { signedIn, request, deps }) => {
    const reply = await sendStep(signedIn, fields, deps);
    // A repeat prescription request the practice took is a change (decisions/274).
    if (reply.outcome === "sent") recordAccessOf(request, { area: "medications", action: "change" });
    return reply;
  },
};

/** /medications/repeat's action: the repeat-medication machine's steps (decisions/280). */
export function answerRepeatSteps(request: Request, deps: RepeatDeps = portalDeps): Promise<Response> {
  return stepDispatcher(repeatSteps, repeatHandlers, {
    begin: async (request) => ({ signedIn: await deps.requireSession(request), request, deps }),
    failed: () => t.pharmaciesFailed,
  })(request);
}

/**
 * One request per attempt key (decisions/091): the first post claims the key, asks the practice and
 * keeps the answer; a second post of the same key (a double submit, a retry whose first reply was
 * lost, another portal process) waits for that answer and gives it again, never a second request.
 */
async function sendStep({ api, user }: Pick<SignedIn, "api" | "user">, fields: Partial<RepeatFields>, deps: RepeatDeps): Promise<RepeatReply> {
  // Read as a form is (conform: an empty field is no field), for the same field errors as before.
  const parsed = parseForm(new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string")), RepeatRequestSchema);
  if (!parsed.ok) return { outcome: "refused", message: Object.values(parsed.errors)[0] ?? t.sendFailed, fields: parsed.errors as Record<string, string> };
  const request = parsed.value;
  // A refusal sent nothing, so its key is let go; an answer of the practice is kept for the retries.
  // The practice API has no read of the repeat requests it received (2§7), so a request whose outcome
  // is unknown cannot be looked for: its key stays unknown, never sent again (decisions/216).
  return answerOnce<RepeatReply, null>(`repeat:${user.apiBase} ${user.userId}:${request.key}`, (writing) => askPractice(api, user.userId, request, writing), {
    store: deps.store,
    waitMs: deps.waitMs,
    keep: (reply) => reply.outcome !== "refused",
    failed: () => ({ outcome: "failed", message: t.sendFailed }),
    unknown: () => ({ outcome: "unknown", message: t.unconfirmed }),
  });
}

type ParsedRequest = Extract<ReturnType<typeof parseForm<typeof RepeatRequestSchema>>, { ok: true }>["value"];

async function askPractice(api: SignedIn["api"], patientId: string, request: ParsedRequest, writing: (evidence: null) => Promise<void>): Promise<RepeatReply> {
  // The rules again, with what the practice says now: its settings, its medicines, its pharmacies.
  const [settingsReply, medicines] = await Promise.all([getPracticeSettings(api, patientId), getMedications(api, patientId, "all", 1)]);
  const settings = repeatSettingsOf(settingsReply);
  const delivery = settings.showDeliveryChoice ? request.delivery : settings.defaultDelivery;
  const errors: RepeatErrors = repeatRuleErrors({ ...request, delivery }, settings);
  if (Object.keys(errors).length > 0) return refusal(errors);
  const known = new Set(medicines.resources.map((m) => m.id));
  // Only the first page is checked here: a record beyond it (or whose length the practice does not say) is left to the practice's own check.
  const read = medicines.resources.length;
  const whole = listingExtent({ total: medicines.total, read, pagesRead: 1, pageSize: medicationPageSize("all"), lastPage: read }).count === read;
  if (whole && request.medicationIds.some((id) => !known.has(id))) return { outcome: "refused", message: t.notOnRecord };

  let pharmacy: { id: string; name: string; preferred: boolean } | null = null;
  if (delivery === "pharmacy") {
    const list = (await getPharmacies(api, patientId)).resources;
    const chosen = list.find((p) => p.id === request.pharmacyId);
    // The name sent is the practice's own, never what the browser says it is.
    if (!chosen) return refusal({ pharmacyId: t.unknownPharmacy });
    const preferredId = settings.preferredPharmacyId ?? list.find((p) => p.extension.favourite === true)?.id;
    // A pharmacy the practice lists without a name is sent by its id alone (PharmacyName empty).
    pharmacy = { id: chosen.id, name: chosen.name?.trim() ?? "", preferred: chosen.id === preferredId };
  }

  // No field in 2§7 carries the fax choice: it travels in the notes the practice reads (decisions/090).
  const notes = [settings.fax && request.fax && delivery === "pharmacy" ? "Please fax the prescription to the pharmacy." : "", request.notes?.trim() ?? ""].filter(Boolean).join(" ");
  await writing(null);
  const answer = await sendRepeatRequest(api, {
    patientId,
    medicationIds: request.medicationIds,
    pickUpTypeId: delivery === "pickup" ? 1 : 2,
    pharmacy,
    urgent: settings.urgent && request.urgent,
    notes,
    ignoreLeave: request.ignoreLeave,
  });
  if (answer.StatusCode === "1") return { outcome: "sent", message: answer.ResponseMessage };
  if (answer.StatusCode === "302") {
    let providers: string[] = [];
    try {
      providers = OnLeaveProvidersSchema.parse(JSON.parse(answer.ResponseMessage)).map((p) => p.ProviderName);
    } catch {
      // The practice said 302 without naming anyone: the choice is offered all the same.
    }
    return { outcome: "onLeave", providers };
  }
  return { outcome: "refused", message: answer.ResponseMessage };
}

function refusal(errors: RepeatErrors): RepeatReply {
  return { outcome: "refused", message: Object.values(errors)[0] ?? t.sendFailed, fields: errors as Record<string, string> };
}
