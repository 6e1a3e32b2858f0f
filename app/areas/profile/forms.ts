import { z } from "zod";
import type { LookupOption } from "@contract/profile";
import { profileTexts } from "./texts";
import { EMAIL_ADDRESS_MAX_LENGTH, emailAddressText, isEmailAddress } from "~/lib/email-address";
import { newPasswordSchema } from "~/lib/new-password";
import { checkPhone } from "./phone";
import type { ContactDetailsInput, DemographicsInput, EmergencyContactInput } from "./payload";
import { BLOOD_GROUPS, CONTACT_METHODS, type ProfileLookups } from "./view";

/**
 * One schema per profile form: the dialog parses with it for instant messages, the route action as the authority,
 * over FormData entries as sent (strings, and a list where a name repeats; decisions/040).
 */

const t = profileTexts;
const NAME_MAX = 50;
// Letters of any script (te reo Māori macrons, accented and non-Latin names), spaces, hyphens,
// apostrophes and full stops: enough for real names, and markup such as "<script>" is refused.
const NAME_CHARACTERS = /^[\p{L}\p{M}][\p{L}\p{M}' .\u2019-]*$/u;

function name(empty: string) {
  return z.string().trim().min(1, empty).max(NAME_MAX, t.nameTooLong).regex(NAME_CHARACTERS, t.nameCharacters);
}

const optionalName = z
  .string()
  .trim()
  .max(NAME_MAX, t.nameTooLong)
  .refine((v) => v === "" || NAME_CHARACTERS.test(v), t.nameCharacters);

function phone(empty?: string) {
  return z
    .string()
    .trim()
    .max(30, t.phoneInvalid)
    .superRefine((v, ctx) => {
      if (v === "") {
        if (empty) ctx.addIssue({ code: "custom", message: empty });
        return;
      }
      if (!checkPhone(v).ok) ctx.addIssue({ code: "custom", message: t.phoneInvalid });
    })
    .transform((v) => {
      const checked = checkPhone(v);
      return checked.ok ? checked.national : "";
    });
}

const optionalEmail = emailAddressText()
  .max(EMAIL_ADDRESS_MAX_LENGTH, t.emailInvalid)
  .refine((v) => v === "" || isEmailAddress(v), t.emailInvalid);

function choice(options: readonly LookupOption[], empty: string) {
  return z
    .string()
    .trim()
    .min(1, empty)
    .transform((id, ctx) => {
      const found = options.find((o) => o.id === id);
      if (!found) {
        ctx.addIssue({ code: "custom", message: t.choiceInvalid });
        return z.NEVER;
      }
      return found;
    });
}

function optionalChoice(options: readonly LookupOption[]) {
  return z
    .string()
    .trim()
    .transform((id, ctx) => {
      if (id === "") return null;
      const found = options.find((o) => o.id === id);
      if (!found) {
        ctx.addIssue({ code: "custom", message: t.choiceInvalid });
        return z.NEVER;
      }
      return found;
    });
}

/** Add Emergency Contact (1§5): the six required fields with their texts, and checks on the rest. */
export function emergencyContactSchema(lookups: ProfileLookups) {
  return z.object({
    title: choice(lookups.titles, t.titleEmpty),
    firstName: name(t.firstNameEmpty),
    familyName: name(t.familyNameEmpty),
    preferredName: optionalName,
    relationship: choice(lookups.relationships, t.relationshipEmpty),
    // At least one number, whichever the contact has (issue 21): 1§5 required both a home and a work
    // phone, which shut out a contact with only a mobile (docs/spec-deviations.md).
    // A form from before the Mobile field (an open tab) has none: that is an empty one.
    mobile: z.preprocess((v) => v ?? "", phone()) as unknown as ReturnType<typeof phone>,
    homePhone: phone(),
    workPhone: phone(),
    email: optionalEmail,
    street: z.string().trim().max(100, t.streetTooLong),
    suburb: optionalChoice(lookups.suburbs),
    city: optionalChoice(lookups.cities),
  })
    .superRefine((v, ctx) => {
      if (!v.mobile && !v.homePhone && !v.workPhone) ctx.addIssue({ code: "custom", path: ["mobile"], message: t.onePhoneNeeded });
    }) satisfies z.ZodType<EmergencyContactInput, Record<string, string>>;
}

const methodIds = CONTACT_METHODS.map((m) => String(m.id));

/** Edit Contact Details: valid numbers and e-mail, at least one method, the preferred one among them. */
export const ContactDetailsSchema = z
  .object({
    mobile: phone(),
    home: phone(),
    work: phone(),
    email: optionalEmail,
    // One ticked box arrives as a single value, none as nothing at all.
    methods: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(methodIds)).min(1, t.noContactMethod)).transform((ids) => [...new Set(ids.map(Number))].sort((a, b) => a - b)),
    preferred: z.enum(methodIds, t.preferredNotChosen).transform(Number),
  })
  .superRefine((v, ctx) => {
    if (v.methods.length > 0 && !v.methods.includes(v.preferred)) ctx.addIssue({ code: "custom", path: ["preferred"], message: t.preferredNotChosen });
    if ((v.methods.includes(1) || v.methods.includes(5)) && !v.mobile) ctx.addIssue({ code: "custom", path: ["mobile"], message: t.mobileNeeded });
    if (v.methods.includes(4) && !v.email) ctx.addIssue({ code: "custom", path: ["email"], message: t.emailNeeded });
  }) satisfies z.ZodType<ContactDetailsInput, unknown>;

/** Update Profile: the title, preferred name and blood group; identity fields are shown disabled. */
export function demographicsSchema(lookups: Pick<ProfileLookups, "titles">) {
  return z.object({
    title: optionalChoice(lookups.titles),
    preferredName: optionalName,
    bloodGroup: z.union([z.enum(BLOOD_GROUPS), z.literal("")], t.choiceInvalid),
  }) satisfies z.ZodType<DemographicsInput, Record<string, string>>;
}

/** The profile routes' action: one intent per form. */
export type ProfileIntent = "add-contact" | "delete-contact" | "contact-details" | "demographics" | "change-password" | "notifications";

/** Delete Emergency Contact: the contact chosen on the page. */
export const DeleteContactSchema = z.object({ contactId: z.string().trim().min(1, t.contactRemoveFailed).max(100, t.contactRemoveFailed) });

const flag = z.enum(["true", "false"], t.choiceInvalid).transform((v) => v === "true");

/** A notification switch: which one, its new value, and both flags as the page showed them. */
export const NotificationsSchema = z.object({ setting: z.enum(["email", "notification"], t.choiceInvalid), value: flag, email: flag, notification: flag });

/** The password change of 1§2 User Profile: the current password first (issue 36), the profile's wording, no agreement box. */
export const ProfilePasswordSchema = newPasswordSchema("profile", { current: true });

export type { ProfileLookups };
