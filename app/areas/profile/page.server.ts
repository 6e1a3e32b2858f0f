import { createHash } from "node:crypto";
import type { PatientImage } from "@contract/patient";
import { parseForm } from "~/lib/form-data";
import type { FieldErrors } from "~/lib/forms";
import { profileTexts } from "./texts";
import { contactMethodsRequest, demographicsRequest, emergencyContactPayload, userEmailOf, type PatientContext } from "./payload";
import { readProfile, type ProfileLookups } from "./view";
import { ContactDetailsSchema, DeleteContactSchema, demographicsSchema, NotificationsSchema, emergencyContactSchema, ProfilePasswordSchema, type ProfileIntent } from "./forms";
import { summarisePractice } from "~/lib/patient-summary";
import type { StatusReply } from "@contract/fhir";
import { PracticeApiError } from "~/.server/practice/client.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { getPatient, getPatientPhoto, getPractice } from "~/.server/practice/patient.server";
import {
  addEmergencyContact,
  changePassword,
  deleteEmergencyContact,
  getBalance,
  getLookups,
  updateContactMethods,
  updateDemographics,
  updateNotifications,
} from "./practice.server";
import { getTerms } from "~/.server/practice/terms.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";
import { authenticate, logout } from "~/.server/practice/auth.server";
import type { SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { stateStore } from "~/.server/state.server";
import { profileOldPageTexts as ot } from "./old-page-texts";

/**
 * What /profile and /profile-old load and do: the profile is the viewed patient's (userid; a proxy sees the family
 * member's), while the password, balance, terms and lookups belong to the account holder (parentid, 1§6).
 */

const NO_LOOKUPS: ProfileLookups = { titles: [], cities: [], suburbs: [], relationships: [] };

/** A secondary read that fails leaves its part of the page empty; a redirect (401) still goes through. */
async function optional<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof PracticeApiError) return null;
    throw error;
  }
}

/** The viewed patient's profile; a failure is a PracticeApiError for the caller to present. */
async function profileOf({ api, user }: Pick<SignedIn, "api" | "user">) {
  const patient = await getPatient(api, user.userId);
  if (!patient) throw new PracticeApiError("contract", "GET Patient", "the reply holds no patient");
  return readProfile(patient);
}

export async function loadProfilePage(request: Request, options: { terms: Array<"1" | "2"> }) {
  const signedIn = await requireSession(request);
  const { api, user } = signedIn;
  const [profile, photo, practice, balance, lookups, ...terms] = await Promise.all([
    profileOf(signedIn).catch(practiceErrorResponse),
    // No photo, or one that cannot be read: the gendered avatar.
    optional(getPatientPhoto(api, user.userId)),
    optional(getPractice(api, user.userId)),
    optional(getBalance(api, user.parentId)),
    optional(getLookups(api, user.parentId)),
    ...options.terms.map((type) => optional(getTerms(api, user.parentId, type))),
  ]);
  return {
    profile,
    photo: photo ? await handOnPhoto(signedIn, photo) : null,
    practice: practice ? summarisePractice(practice) : null,
    balance,
    lookups: lookups ?? NO_LOOKUPS,
    lookupsFailed: lookups === null,
    terms: terms as Array<string | null>,
    actingFor: user.proxy === "Yes" ? { parentName: user.parentName } : null,
  };
}

/**
 * The page reads the photo to know whether there is one and to fingerprint it, and the browser then
 * asks /profile/photo for it: one visit was two LoadImage calls (issue 33, item 13). The page's read
 * is handed on to that request through the state store, so every portal process can serve it: kept
 * for a minute under the session and the fingerprint, and taken by the first request that asks.
 */
const HANDED_ON_MS = 60_000;
const handedOnKey = (session: string, patient: string, fingerprint: string) => `profile-photo:${session}:${patient}:${fingerprint}`;

/**
 * Where the page finds the viewed patient's photo: the portal's own route, never the practice's, with
 * a fingerprint of the picture so the browser may keep it (privately) until it changes. The address
 * names no patient: the route serves the session's viewed patient only.
 */
async function handOnPhoto({ session, user }: Pick<SignedIn, "session" | "user">, photo: PatientImage): Promise<string> {
  const fingerprint = createHash("sha256").update(photo.base64).digest("base64url").slice(0, 16);
  // Not handed on (the store cannot be reached): the photo's request asks the practice itself.
  await stateStore.set(handedOnKey(session.id, user.userId, fingerprint), JSON.stringify(photo), HANDED_ON_MS).catch(() => false);
  return `/profile/photo?v=${fingerprint}`;
}

/** The photo the page has just read, if this request is the first to ask for it. */
async function takeHandedOn(session: string, patient: string, fingerprint: string | null): Promise<PatientImage | null> {
  if (!fingerprint) return null;
  const key = handedOnKey(session, patient, fingerprint);
  const kept = await stateStore.get(key).catch(() => null);
  if (!kept) return null;
  await stateStore.delete(key).catch(() => undefined);
  return JSON.parse(kept) as PatientImage;
}

/** GET /profile/photo: the viewed patient's photo, from the practice through the portal; 404 when there is none. */
export async function profilePhotoResponse(request: Request): Promise<Response> {
  const { api, user, session } = await requireSession(request);
  const none = (status: number) => new Response(null, { status, headers: { "Cache-Control": "no-store" } });
  try {
    const photo = (await takeHandedOn(session.id, user.userId, new URL(request.url).searchParams.get("v"))) ?? (await getPatientPhoto(api, user.userId));
    if (!photo) return none(404);
    return new Response(Buffer.from(photo.base64, "base64"), {
      headers: {
        "Content-Type": photo.contentType,
        // A patient's face: kept by this browser only, never by a shared cache, and asked for again
        // when the page's fingerprint changes (a new photo, another patient).
        "Cache-Control": "private, max-age=3600",
        Vary: "Cookie",
      },
    });
  } catch (error) {
    if (error instanceof PracticeApiError) return none(error.kind === "forbidden" ? 403 : 502);
    throw error;
  }
}

/** What a profile form's post came to: saved, with the words to show, or refused, with the fields at fault (the step's `fields`). */
export type ProfileOutcome = { intent: ProfileIntent; ok: true; message: string } | { intent: ProfileIntent; ok: false; message: string; fields?: FieldErrors };

function failed(intent: ProfileIntent, message: string, errors?: FieldErrors): ProfileOutcome {
  return { intent, ok: false, message, ...(errors ? { fields: errors } : {}) };
}

/** The practice's answer, or its failure as a message; redirects (401) are thrown on. */
async function outcome(intent: ProfileIntent, pending: Promise<StatusReply>, texts: { ok: string; failed: string; useReplyMessage?: boolean }): Promise<ProfileOutcome> {
  try {
    const reply = await pending;
    // 1§8: the practice's own words where it gives them (the password change's success is "shown and alerted").
    if (reply.StatusCode === "1") return { intent, ok: true, message: texts.useReplyMessage && reply.StatusMessage ? reply.StatusMessage : texts.ok };
    const said = reply.StatusMessage ?? reply.ResponseMessage;
    return failed(intent, texts.useReplyMessage && said ? said : said ? `${texts.failed} (${said})` : texts.failed);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof PracticeApiError) return failed(intent, texts.failed);
    throw error;
  }
}

async function contextOf(signedIn: Pick<SignedIn, "api" | "user">): Promise<PatientContext & { lookups: ProfileLookups }> {
  const { api, user } = signedIn;
  const [profile, practice, balance, lookups] = await Promise.all([
    profileOf(signedIn),
    optional(getPractice(api, user.userId)),
    optional(getBalance(api, user.parentId)),
    getLookups(api, user.parentId),
  ]);
  return { profile, userEmail: userEmailOf(profile, user), practiceId: practice?.id ?? "", balance: balance ?? 0, titles: lookups.titles, lookups };
}

const t = profileTexts;

const FAILED: Record<ProfileIntent, string> = {
  "add-contact": t.contactAddFailed,
  "delete-contact": t.contactRemoveFailed,
  "contact-details": t.contactDetailsFailed,
  demographics: t.profileUpdateFailed,
  "change-password": t.passwordFailed,
  notifications: t.notificationsFailed,
};

/** Where a post came from, and the sign-in counts a check of the current password joins. */
export interface ProfileAttempt {
  address: string;
  throttle: SignInThrottle;
}

/** The action's logic for a signed-in patient (api, user) and the posted form: what tests call. */
export async function actOnProfile(signedIn: Pick<SignedIn, "api" | "user" | "endOtherSessions">, form: FormData, attempt: ProfileAttempt): Promise<ProfileOutcome> {
  const intent = String(form.get("intent") ?? "") as ProfileIntent;
  if (!Object.hasOwn(FAILED, intent)) throw new Response("Unknown intent", { status: 400 });
  try {
    return await act(signedIn, intent, form, attempt);
  } catch (error) {
    if (error instanceof PracticeApiError) return failed(intent, FAILED[intent]);
    throw error;
  }
}

async function act(signedIn: Pick<SignedIn, "api" | "user" | "endOtherSessions">, intent: ProfileIntent, form: FormData, attempt: ProfileAttempt): Promise<ProfileOutcome> {
  const { api, user } = signedIn;

  switch (intent) {
    case "add-contact": {
      const ctx = await contextOf(signedIn);
      const parsed = parseForm(form, emergencyContactSchema(ctx.lookups));
      if (!parsed.ok) return failed(intent, t.checkFields, parsed.errors);
      return outcome(intent, addEmergencyContact(api, emergencyContactPayload(ctx, parsed.value)), { ok: t.contactAdded, failed: t.contactAddFailed, useReplyMessage: true });
    }
    case "delete-contact": {
      const parsed = parseForm(form, DeleteContactSchema);
      if (!parsed.ok) return failed(intent, t.contactRemoveFailed);
      return outcome(intent, deleteEmergencyContact(api, user.userId, parsed.value.contactId), { ok: t.contactRemoved, failed: t.contactRemoveFailed });
    }
    case "contact-details": {
      const parsed = parseForm(form, ContactDetailsSchema);
      if (!parsed.ok) return failed(intent, t.checkFields, parsed.errors);
      const profile = await profileOf(signedIn);
      return outcome(intent, updateContactMethods(api, contactMethodsRequest(profile, parsed.value)), { ok: t.contactDetailsUpdated, failed: t.contactDetailsFailed });
    }
    case "demographics": {
      const ctx = await contextOf(signedIn);
      const parsed = parseForm(form, demographicsSchema(ctx.lookups));
      if (!parsed.ok) return failed(intent, t.checkFields, parsed.errors);
      if (!ctx.profile.firstName || !ctx.profile.familyName) return failed(intent, t.profileNamesNotSent);
      return outcome(intent, updateDemographics(api, demographicsRequest(ctx, parsed.value)), { ok: t.profileUpdated, failed: t.profileUpdateFailed });
    }
    case "change-password": {
      const parsed = parseForm(form, ProfilePasswordSchema);
      // The one broken rule is both the field's message and the dialog's.
      if (!parsed.ok) return failed(intent, Object.values(parsed.errors)[0] ?? t.passwordFailed, parsed.errors);
      const refused = await currentPasswordRefused(signedIn.user, parsed.value.current, attempt);
      if (refused) return refused;
      // StatusCode "3" carries the practice's reason, shown as it is (1§8).
      const result = await outcome(intent, changePassword(api, user.parentId, parsed.value.password), { ok: t.passwordChanged, failed: t.passwordFailed, useReplyMessage: true });
      // Whoever signed in elsewhere with the old password (a shared computer, a thief) is signed out;
      // the practice keeps their token valid, so the portal must end their sessions itself.
      if (result.ok) await signedIn.endOtherSessions();
      return result;
    }
    case "notifications": {
      // Both flags come from the page as shown, so the save is the only call (a slow or failing
      // practice affects exactly the toggle the patient touched); the server sends no device token.
      const parsed = parseForm(form, NotificationsSchema);
      if (!parsed.ok) return failed(intent, t.choiceInvalid);
      const { setting, email, notification, value: on } = parsed.value;
      const flags = { enableEmail: setting === "email" ? on : email, enableNotification: setting === "notification" ? on : notification };
      const label = setting === "email" ? ot.emailNotifications : ot.pushNotifications;
      const was = setting === "email" ? email : notification;
      return outcome(intent, saveNotifications(signedIn, flags), { ok: ot.notificationTurned(label, on), failed: t.notificationSaveFailed(label, was) });
    }
  }
}

/**
 * The notification flags' save. 1§7 reads nothing of its reply and reloads the profile: a practice
 * answering `true` or the saved Patient says nothing of the save, so the profile read back says
 * whether the flags are now as asked (decisions/372). A status object is read by its code.
 */
async function saveNotifications(signedIn: Pick<SignedIn, "api" | "user">, flags: { enableEmail: boolean; enableNotification: boolean }): Promise<StatusReply> {
  const reply = await updateNotifications(signedIn.api, signedIn.user.userId, flags);
  if (reply) return reply;
  const saved = (await profileOf(signedIn)).notifications;
  return { StatusCode: saved.email === flags.enableEmail && saved.notification === flags.enableNotification ? "1" : "0" };
}

/** Changing the password needs the current one, checked by the practice as a sign-in attempt and counted before it is asked (decisions/051, 222). Null when right. */
async function currentPasswordRefused(user: SignedIn["user"], current: string, attempt: ProfileAttempt): Promise<ProfileOutcome | null> {
  const intent = "change-password";
  // A session opened by a sign-in link names no user name to check the password with.
  if (!user.username) return failed(intent, t.passwordNeedsSignIn);
  const verdict = await attempt.throttle.claim(user.username, attempt.address);
  if (!verdict.allowed) return failed(intent, verdict.message);
  let outcome: Awaited<ReturnType<typeof authenticate>>;
  try {
    outcome = await authenticate(user.apiBase, { userName: user.username, password: current });
  } catch (error) {
    // Not a wrong password: the practice could not say.
    await attempt.throttle.release(user.username, attempt.address);
    throw error;
  }
  if (outcome.kind === "signedIn") {
    // The check's own sign-in is given back at once; the session keeps the token it has.
    await logout(user.apiBase, outcome.token).catch(() => undefined);
    if (outcome.patientId === user.parentId) {
      await attempt.throttle.succeeded(user.username, attempt.address);
      return null;
    }
  }
  // Wrong, locked or without a patient: one answer, as at sign-in (decisions/221); the attempt stays counted.
  return failed(intent, t.currentPasswordWrong, { current: t.currentPasswordWrong });
}
