import { useMemo } from "react";
import { profileTexts } from "../../texts";
import { emergencyContactSchema, type ProfileLookups } from "../../forms";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { EmailField, SelectField, TextField } from "~/components/ui/field";
import { Actions, options, PHONE_HINT, type DialogBase } from "./shared";
import { useProfileDialog } from "./use-profile-dialog";
import { profileDialogTexts as dt } from "../../dialog-texts";

const t = profileTexts;

/** Add Emergency Contact (1§2 User Profile). */

export function AddEmergencyContactDialog({ open, onOpenChange, onSaved, lookups, lookupsFailed }: DialogBase & { lookups: ProfileLookups; lookupsFailed: boolean }) {
  return (
    <Dialog closeAtTop open={open} onOpenChange={onOpenChange} title={t.addEmergencyContact} description={dt.addContactDescription}>
      {lookupsFailed ? (
        <>
          <Alert>{profileTexts.lookupsFailed}</Alert>
          <Button className="mt-4" variant="secondary" onClick={() => onOpenChange(false)}>
            {dt.close}
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
  const { busy, message, formProps, field } = useProfileDialog({ intent: "add-contact", schema, onSaved });
  return (
    <form className="flex flex-col gap-4" {...formProps}>
      {message ? <Alert>{message}</Alert> : null}
      <SelectField label={t.rows.title} placeholder={dt.chooseTitle} options={options(lookups.titles)} defaultValue="" {...field("title")} />
      <TextField label={t.rows.firstName} autoComplete="off" maxLength={60} {...field("firstName")} />
      <TextField label={t.rows.familyName} autoComplete="off" maxLength={60} {...field("familyName")} />
      <TextField label={dt.preferredNameOptional} autoComplete="off" maxLength={60} {...field("preferredName")} />
      <SelectField label={t.rows.relationship} placeholder={dt.chooseRelationship} options={options(lookups.relationships)} defaultValue="" {...field("relationship")} />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">{dt.phonesAtLeastOne}</legend>
        <TextField label={t.rows.mobile} type="tel" inputMode="tel" autoComplete="off" hint={PHONE_HINT} {...field("mobile")} />
        <TextField label={t.rows.homePhone} type="tel" inputMode="tel" autoComplete="off" hint={PHONE_HINT} {...field("homePhone")} />
        <TextField label={t.rows.workPhone} type="tel" inputMode="tel" autoComplete="off" hint={PHONE_HINT} {...field("workPhone")} />
      </fieldset>
      <EmailField label={dt.emailOptional} autoComplete="off" {...field("email")} />
      <TextField label={dt.streetOptional} autoComplete="off" maxLength={110} {...field("street")} />
      <SelectField label={dt.suburbOptional} placeholder={dt.noneChosen} options={options(lookups.suburbs)} defaultValue="" {...field("suburb")} />
      <SelectField label={dt.cityOptional} placeholder={dt.noneChosen} options={options(lookups.cities)} defaultValue="" {...field("city")} />
      <Actions busy={busy} label={dt.save} busyLabel={dt.saving} onCancel={onCancel} />
    </form>
  );
}
