import { useMemo } from "react";
import { profileTexts } from "../../texts";
import { emergencyContactSchema, type ProfileLookups } from "../../forms";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { EmailField, SelectField, TextField } from "~/components/ui/field";
import { Actions, options, PHONE_HINT, type DialogBase } from "./shared";
import { useProfileDialog } from "./use-profile-dialog";

/** Add Emergency Contact (1§2 User Profile). */

export function AddEmergencyContactDialog({ open, onOpenChange, onSaved, lookups, lookupsFailed }: DialogBase & { lookups: ProfileLookups; lookupsFailed: boolean }) {
  return (
    <Dialog closeAtTop open={open} onOpenChange={onOpenChange} title="Add Emergency Contact" description="Someone the practice may call if you cannot be reached in an emergency.">
      {lookupsFailed ? (
        <>
          <Alert>{profileTexts.lookupsFailed}</Alert>
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
  const { busy, message, formProps, field } = useProfileDialog({ intent: "add-contact", schema, onSaved });
  return (
    <form className="flex flex-col gap-4" {...formProps}>
      {message ? <Alert>{message}</Alert> : null}
      <SelectField label="Title" placeholder="Choose a title" options={options(lookups.titles)} defaultValue="" {...field("title")} />
      <TextField label="First Name" autoComplete="off" maxLength={60} {...field("firstName")} />
      <TextField label="Family Name" autoComplete="off" maxLength={60} {...field("familyName")} />
      <TextField label="Preferred Name (optional)" autoComplete="off" maxLength={60} {...field("preferredName")} />
      <SelectField label="Relationship" placeholder="Choose a relationship" options={options(lookups.relationships)} defaultValue="" {...field("relationship")} />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">Phone numbers: at least one</legend>
        <TextField label="Mobile" type="tel" inputMode="tel" autoComplete="off" hint={PHONE_HINT} {...field("mobile")} />
        <TextField label="Home Phone" type="tel" inputMode="tel" autoComplete="off" hint={PHONE_HINT} {...field("homePhone")} />
        <TextField label="Work Phone" type="tel" inputMode="tel" autoComplete="off" hint={PHONE_HINT} {...field("workPhone")} />
      </fieldset>
      <EmailField label="Email (optional)" autoComplete="off" {...field("email")} />
      <TextField label="Street address (optional)" autoComplete="off" maxLength={110} {...field("street")} />
      <SelectField label="Suburb/Town (optional)" placeholder="None chosen" options={options(lookups.suburbs)} defaultValue="" {...field("suburb")} />
      <SelectField label="City (optional)" placeholder="None chosen" options={options(lookups.cities)} defaultValue="" {...field("city")} />
      <Actions busy={busy} label="Save" busyLabel="Saving…" onCancel={onCancel} />
    </form>
  );
}
