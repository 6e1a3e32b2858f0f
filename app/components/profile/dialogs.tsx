import { useId, useMemo, type ChangeEvent, type KeyboardEvent } from "react";
import { messages } from "../../lib/messages";
import { BLOOD_GROUPS, CONTACT_METHODS, type EmergencyContactView, type ProfileView } from "../../lib/profile";
import { ContactDetailsSchema, demographicsSchema, emergencyContactSchema, type ProfileLookups } from "../../lib/profile-forms";
import { newPasswordProblem } from "../../lib/new-password";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { PasswordField, SelectField, TextField } from "../ui/field";
import { useProfileForm } from "./use-profile-form";
import { z } from "zod";

/** The dialogs of 1§2 User Profile. Each form mounts when its dialog opens, so each opening starts clean. */

const t = messages.profile;
const PHONE_HINT = "A New Zealand number (+64), or start with + and the country code.";

interface DialogBase {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved(message: string): void;
}

function Actions({ busy, label, busyLabel, onCancel }: { busy: boolean; label: string; busyLabel: string; onCancel(): void }) {
  return (
    <div className="flex flex-wrap gap-3 pt-2">
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </div>
  );
}

const options = (list: readonly { id: string; name: string }[]) => list.map((o) => ({ value: o.id, label: o.name }));

/* ---------- Add Emergency Contact ---------- */

export function AddEmergencyContactDialog({ open, onOpenChange, onSaved, lookups, lookupsFailed }: DialogBase & { lookups: ProfileLookups; lookupsFailed: boolean }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Emergency Contact" description="Someone the practice may call if you cannot be reached in an emergency.">
      {lookupsFailed ? (
        <>
          <Alert>The lists of titles and relationships could not be loaded, so a contact cannot be added just now. Please try again later.</Alert>
          <Button className="mt-4" variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </>
      ) : (
        <EmergencyContactForm lookups={lookups} onSaved={onSaved} onCancel={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function EmergencyContactForm({ lookups, onSaved, onCancel }: { lookups: ProfileLookups; onSaved(message: string): void; onCancel(): void }) {
  const schema = useMemo(() => emergencyContactSchema(lookups), [lookups]);
  const { busy, errors, message, onSubmit, clear } = useProfileForm({ intent: "add-contact", schema, onSaved });
  const field = (name: string) => ({ name, error: errors[name], onChange: () => clear(name) });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
      {message ? <Alert>{message}</Alert> : null}
      <SelectField label="Title" placeholder="Choose a title" options={options(lookups.titles)} defaultValue="" {...field("title")} />
      <TextField label="First Name" autoComplete="off" maxLength={60} {...field("firstName")} />
      <TextField label="Family Name" autoComplete="off" maxLength={60} {...field("familyName")} />
      <TextField label="Preferred Name (optional)" autoComplete="off" maxLength={60} {...field("preferredName")} />
      <SelectField label="Relationship" placeholder="Choose a relationship" options={options(lookups.relationships)} defaultValue="" {...field("relationship")} />
      <TextField label="Home Phone" type="tel" inputMode="tel" autoComplete="off" hint={PHONE_HINT} {...field("homePhone")} />
      <TextField label="Work Phone" type="tel" inputMode="tel" autoComplete="off" hint={PHONE_HINT} {...field("workPhone")} />
      <TextField label="Email (optional)" type="email" inputMode="email" autoComplete="off" {...field("email")} />
      <TextField label="Street address (optional)" autoComplete="off" maxLength={110} {...field("street")} />
      <SelectField label="Suburb (optional)" placeholder="None chosen" options={options(lookups.suburbs)} defaultValue="" {...field("suburb")} />
      <SelectField label="City (optional)" placeholder="None chosen" options={options(lookups.cities)} defaultValue="" {...field("city")} />
      <Actions busy={busy} label="Save" busyLabel="Saving…" onCancel={onCancel} />
    </form>
  );
}

/* ---------- Delete Emergency Contact ---------- */

export function DeleteEmergencyContactDialog({ contact, onOpenChange, onSaved, returnFocusTo }: Omit<DialogBase, "open"> & { contact: EmergencyContactView | null; returnFocusTo(): HTMLElement | null }) {
  return (
    <Dialog open={contact !== null} onOpenChange={onOpenChange} title="Delete Emergency Contact" description={t.deleteConfirm} returnFocusTo={returnFocusTo}>
      {contact ? <DeleteForm contact={contact} onSaved={onSaved} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function DeleteForm({ contact, onSaved, onCancel }: { contact: EmergencyContactView; onSaved(message: string): void; onCancel(): void }) {
  const { busy, message, onSubmit } = useProfileForm({ intent: "delete-contact", onSaved });
  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit}>
      {message ? <Alert>{message}</Alert> : null}
      <p>
        <span className="font-semibold">{contact.name}</span>
        {contact.relationship ? ` (${contact.relationship})` : null}
      </p>
      <input type="hidden" name="contactId" value={contact.id} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Deleting…" : "Yes, delete"}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          No, keep
        </Button>
      </div>
    </form>
  );
}

/* ---------- Edit Contact Details ---------- */

export function ContactDetailsDialog({ open, onOpenChange, onSaved, profile }: DialogBase & { profile: ProfileView }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Contact Details">
      <ContactDetailsForm profile={profile} onSaved={onSaved} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ContactDetailsForm({ profile, onSaved, onCancel }: { profile: ProfileView; onSaved(message: string): void; onCancel(): void }) {
  const { busy, errors, message, onSubmit, clear } = useProfileForm({ intent: "contact-details", schema: ContactDetailsSchema, onSaved });
  const field = (name: string) => ({ name, error: errors[name], onChange: () => clear(name) });
  const methodsId = useId();
  const chosen = new Set(profile.contactMethods.map((m) => m.id));
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
      {message ? <Alert>{message}</Alert> : null}
      <TextField label="Mobile Phone" type="tel" inputMode="tel" autoComplete="tel" hint={PHONE_HINT} defaultValue={profile.phones.mobile ?? ""} {...field("mobile")} />
      <TextField label="Home Phone" type="tel" inputMode="tel" autoComplete="off" defaultValue={profile.phones.home ?? ""} {...field("home")} />
      <TextField label="Work Phone" type="tel" inputMode="tel" autoComplete="off" defaultValue={profile.phones.work ?? ""} {...field("work")} />
      <TextField label="Primary Email" type="email" inputMode="email" autoComplete="email" defaultValue={profile.emails.primary ?? ""} {...field("email")} />
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.methods ? `${methodsId}-error` : undefined}>
        <legend className="font-semibold">How may the practice contact you?</legend>
        {errors.methods ? (
          <p id={`${methodsId}-error`} className="font-semibold text-danger">
            <span className="sr-only">Error: </span>
            {errors.methods}
          </p>
        ) : null}
        {CONTACT_METHODS.map((m) => (
          <label key={m.id} className="flex min-h-11 items-center gap-3">
            <input type="checkbox" name="methods" value={m.id} defaultChecked={chosen.has(m.id)} className="size-6" onChange={() => clear("methods")} />
            {m.name}
          </label>
        ))}
      </fieldset>
      <SelectField
        label="Preferred contact method"
        options={CONTACT_METHODS.map((m) => ({ value: String(m.id), label: m.name }))}
        placeholder="Choose one"
        defaultValue={profile.preferredContactMethodId ? String(profile.preferredContactMethodId) : ""}
        {...field("preferred")}
      />
      <Actions busy={busy} label="Save" busyLabel="Saving…" onCancel={onCancel} />
    </form>
  );
}

/* ---------- Update Profile ---------- */

export function UpdateProfileDialog({ open, onOpenChange, onSaved, profile, lookups }: DialogBase & { profile: ProfileView; lookups: ProfileLookups }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Update Profile" description="Your name, date of birth, gender, ethnicity and NHI are kept by the practice. Please ask the practice to change them.">
      <UpdateProfileForm profile={profile} lookups={lookups} onSaved={onSaved} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function UpdateProfileForm({ profile, lookups, onSaved, onCancel }: { profile: ProfileView; lookups: ProfileLookups; onSaved(message: string): void; onCancel(): void }) {
  const schema = useMemo(() => demographicsSchema(lookups), [lookups]);
  const { busy, errors, message, onSubmit, clear } = useProfileForm({ intent: "demographics", schema, onSaved });
  const field = (name: string) => ({ name, error: errors[name], onChange: () => clear(name) });
  const titleId = lookups.titles.find((o) => o.name.toLowerCase() === profile.title.toLowerCase())?.id ?? "";
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
      {message ? <Alert>{message}</Alert> : null}
      <SelectField label="Title" options={options(lookups.titles)} placeholder="Not stated" defaultValue={titleId} {...field("title")} />
      <TextField label="First Name" value={profile.firstName} disabled readOnly />
      {profile.middleNames ? <TextField label="Middle Names" value={profile.middleNames} disabled readOnly /> : null}
      <TextField label="Family Name" value={profile.familyName} disabled readOnly />
      <TextField label="Preferred Name" maxLength={60} defaultValue={profile.preferredName} {...field("preferredName")} />
      <TextField label="Gender" value={profile.genderLabel} disabled readOnly />
      <TextField label="Date of Birth" value={profile.birthDate} disabled readOnly />
      <TextField label="Ethnicity" value={profile.ethnicity} disabled readOnly />
      <TextField label="NHI Number" value={profile.nhi} disabled readOnly />
      <SelectField label="Blood Group" options={BLOOD_GROUPS.map((b) => ({ value: b, label: b }))} placeholder="Not known" defaultValue={profile.bloodGroup} {...field("bloodGroup")} />
      <Actions busy={busy} label="Update" busyLabel="Updating…" onCancel={onCancel} />
    </form>
  );
}

/* ---------- Update your password to continue ---------- */

/** The profile password fields refuse whitespace as it is typed or pasted (1§5). */
function noWhitespace(event: KeyboardEvent<HTMLInputElement>) {
  if (/^\s$/u.test(event.key)) event.preventDefault();
}
function stripWhitespace(event: ChangeEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  if (/\s/u.test(input.value)) input.value = input.value.replace(/\s+/gu, "");
}

const PasswordFormSchema = z.object({ password: z.string(), confirm: z.string() }).superRefine((v, ctx) => {
  const problem = newPasswordProblem(v, "profile");
  if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
});

/** Not closable by backdrop or keyboard (1§2); Cancel leaves it, success closes it. */
export function ChangePasswordDialog({ open, onOpenChange, onSaved, actingFor }: DialogBase & { actingFor: string | null }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      dismissOnBackdrop={false}
      dismissOnEscape={false}
      title="Update your password to continue"
      description={actingFor ? `This changes the password of ${actingFor}, who signed in.` : "Choose a new password for signing in to the portal."}
    >
      <ChangePasswordForm onSaved={onSaved} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ChangePasswordForm({ onSaved, onCancel }: { onSaved(message: string): void; onCancel(): void }) {
  // A refusal shows in the dialog, in red, like every other dialog's: a toast would sit under the
  // modal, out of reach of the keyboard and the mouse until it closed (docs/spec-deviations.md).
  const { busy, errors, message, onSubmit, clear } = useProfileForm({ intent: "change-password", schema: PasswordFormSchema, onSaved });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
      {message ? <Alert>{message}</Alert> : null}
      <div className="text-muted">
        <p>Your password must:</p>
        <ul className="list-disc pl-6">
          <li>have at least 8 characters</li>
          <li>contain a lower case and an upper case letter</li>
          <li>contain at least two numbers</li>
          <li>not contain spaces, or your first, middle or family name</li>
        </ul>
      </div>
      <PasswordField
        label="New Password"
        name="password"
        autoComplete="new-password"
        error={errors.password}
        onKeyDown={noWhitespace}
        onChange={(event) => {
          stripWhitespace(event);
          clear("password");
        }}
      />
      <PasswordField
        label="Confirm Password"
        name="confirm"
        autoComplete="new-password"
        error={errors.confirm}
        onKeyDown={noWhitespace}
        onChange={(event) => {
          stripWhitespace(event);
          clear("confirm");
        }}
      />
      <Actions busy={busy} label="Update Password" busyLabel="Updating…" onCancel={onCancel} />
    </form>
  );
}

/* ---------- Edit Address Information ---------- */

/** 1§7 has no call that changes an address, so this dialog shows it and says how to change it. */
export function AddressDialog({ open, onOpenChange, profile, practicePhone }: Omit<DialogBase, "onSaved"> & { profile: ProfileView; practicePhone: string | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Address Information" description={t.addressReadOnly}>
      <div className="flex flex-col gap-4">
        {profile.address.length > 0 ? (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            {profile.address.map((row) => (
              <div key={row.label} className="contents">
                <dt className="font-semibold">{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p>{t.noAddress}</p>
        )}
        {practicePhone ? <p>Practice phone: {practicePhone}</p> : null}
        <Button variant="secondary" className="self-start" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

/* ---------- Terms and Conditions ---------- */

export function TermsDialog({ open, onOpenChange, title, text }: Omit<DialogBase, "onSaved"> & { title: string; text: string | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <div className="flex flex-col gap-3">
        {text ? text.split(/\n{2,}/).map((para, i) => <p key={i}>{para}</p>) : <Alert>{t.termsUnavailable}</Alert>}
        <Button variant="secondary" className="self-start" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
