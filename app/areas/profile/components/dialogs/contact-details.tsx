import { useId } from "react";
import { ContactDetailsSchema } from "../../forms";
import { CONTACT_METHODS, type ProfileView } from "../../view";
import { Alert } from "~/components/ui/alert";
import { Dialog } from "~/components/ui/dialog";
import { EmailField, FieldError, SelectField, TextField } from "~/components/ui/field";
import { profileTexts } from "../../texts";
import { Actions, PHONE_HINT, type DialogBase } from "./shared";
import { useProfileDialog } from "./use-profile-dialog";
import { profileDialogTexts as dt } from "../../dialog-texts";

const t = profileTexts;

/** Edit Contact Details (1§2 User Profile). */

export function ContactDetailsDialog({ open, onOpenChange, onSaved, profile }: DialogBase & { profile: ProfileView }) {
  return (
    <Dialog closeAtTop open={open} onOpenChange={onOpenChange} title={dt.editContactDetailsTitle}>
      <ContactDetailsForm profile={profile} onSaved={onSaved} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ContactDetailsForm({ profile, onSaved, onCancel }: { profile: ProfileView; onSaved(message: string): void; onCancel(): void }) {
  const { busy, errors, message, formProps, field, clear } = useProfileDialog({ intent: "contact-details", schema: ContactDetailsSchema, onSaved });
  const methodsId = useId();
  const chosen = new Set(profile.contactMethods.map((m) => m.id));
  return (
    <form className="flex flex-col gap-4" {...formProps}>
      {message ? <Alert>{message}</Alert> : null}
      <TextField label={t.rows.mobilePhone} type="tel" inputMode="tel" autoComplete="tel" hint={PHONE_HINT} defaultValue={profile.phones.mobile ?? ""} {...field("mobile")} />
      <TextField label={t.rows.homePhone} type="tel" inputMode="tel" autoComplete="off" defaultValue={profile.phones.home ?? ""} {...field("home")} />
      <TextField label={t.rows.workPhone} type="tel" inputMode="tel" autoComplete="off" defaultValue={profile.phones.work ?? ""} {...field("work")} />
      <EmailField label={t.rows.primaryEmail} autoComplete="email" defaultValue={profile.emails.primary ?? ""} {...field("email")} />
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.methods ? `${methodsId}-error` : undefined}>
        <legend className="font-semibold">{dt.howContact}</legend>
        {errors.methods ? (
          <FieldError id={`${methodsId}-error`}>{errors.methods}</FieldError>
        ) : null}
        {CONTACT_METHODS.map((m) => (
          <label key={m.id} className="flex min-h-11 items-center gap-3">
            <input type="checkbox" name="methods" value={m.id} defaultChecked={chosen.has(m.id)} className="size-6" onChange={() => clear("methods")} />
            {m.label}
          </label>
        ))}
      </fieldset>
      <SelectField
        label={dt.preferredMethod}
        options={CONTACT_METHODS.map((m) => ({ value: String(m.id), label: m.label }))}
        placeholder={dt.chooseOne}
        defaultValue={profile.preferredContactMethodId ? String(profile.preferredContactMethodId) : ""}
        {...field("preferred")}
      />
      <Actions busy={busy} label={dt.save} busyLabel={dt.saving} onCancel={onCancel} />
    </form>
  );
}
