import { recordAccessOf } from "~/.server/record-access.server";
import { clientAddress } from "~/.server/client-address.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";
import { signInThrottle } from "~/.server/sign-in-security/throttle.server";
import { refuse, stepDispatcher, type StepHandlers } from "~/.server/steps.server";
import { devicesStep } from "./devices.server";
import type { ProfileIntent } from "./forms";
import { actOnProfile } from "./page.server";
import { passkeyAddStep, passkeyOptionsStep, signInSecurityStep } from "./sign-in-security.server";
import { profileSteps, type PlainSecurityStep, type SecurityStepInput } from "./steps";

/**
 * /profile/step (decisions/377): the profile's forms, Sign-in security (decisions/277, 300) and Your devices
 * (decisions/295), the last two the account holder's own and recording their own entries.
 */

interface ProfileStepContext {
  signedIn: SignedIn;
  request: Request;
}

/** What a form or a change to sign-in posted, as the form data its checks read. */
function formOf(fields: Record<string, string | string[] | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) form.append(name, one);
  return form;
}

/** A profile form's step: the practice's change, recorded once made (decisions/274); a refusal names the fields at fault. */
function formStep(intent: ProfileIntent) {
  return async (fields: Record<string, string | string[]>, { signedIn, request }: ProfileStepContext) => {
    const form = formOf(fields);
    form.set("intent", intent);
    const outcome = await actOnProfile(signedIn, form, { address: clientAddress(request), throttle: signInThrottle });
    if (!outcome.ok) return refuse(outcome.message, { fields: outcome.fields && Object.fromEntries(Object.entries(outcome.fields).filter((entry): entry is [string, string] => entry[1] !== undefined)) });
    recordAccessOf(request, { area: "profile", action: "change" });
    return { message: outcome.message };
  };
}

function securityStep(step: PlainSecurityStep) {
  return (input: SecurityStepInput, { signedIn, request }: ProfileStepContext) => signInSecurityStep(step, formOf(input), signedIn, request);
}

const profileHandlers: StepHandlers<typeof profileSteps, ProfileStepContext> = {
  "add-contact": formStep("add-contact"),
  "delete-contact": formStep("delete-contact"),
  "contact-details": formStep("contact-details"),
  demographics: formStep("demographics"),
  "change-password": formStep("change-password"),
  notifications: formStep("notifications"),
  send: securityStep("send"),
  "turn-on": securityStep("turn-on"),
  "confirm-send": securityStep("confirm-send"),
  "turn-off": securityStep("turn-off"),
  "recovery-codes": securityStep("recovery-codes"),
  "passkey-options": (input, { signedIn, request }) => passkeyOptionsStep(input, signedIn, request),
  "passkey-add": (input, { signedIn, request }) => passkeyAddStep(input, signedIn, request),
  "passkey-rename": securityStep("passkey-rename"),
  "passkey-remove": securityStep("passkey-remove"),
  "devices-sign-out": (input, { signedIn }, response) => devicesStep("devices-sign-out", input, signedIn, response),
  "devices-sign-out-others": (_, { signedIn }, response) => devicesStep("devices-sign-out-others", {}, signedIn, response),
};

/** /profile/step's action: every step of the profile page and the older profile page. */
export function answerProfileSteps(request: Request): Promise<Response> {
  return stepDispatcher(profileSteps, profileHandlers, { begin: async (request) => ({ signedIn: await requireSession(request), request }) })(request);
}
