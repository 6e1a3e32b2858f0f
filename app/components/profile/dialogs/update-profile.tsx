import { useMemo } from "react";
import { demographicsSchema, type ProfileLookups } from "../../../lib/profile-forms";
import { BLOOD_GROUPS, type ProfileView } from "../../../lib/profile-view";
import { Alert } from "../../ui/alert";
import { Dialog } from "../../ui/dialog";
import { SelectField, TextField } from "../../ui/field";
import { Actions, options, type DialogBase } from "./shared";
import { useProfileDialog } from "./use-profile-dialog";

/** Update Profile (1§2 User Profile). */

export function UpdateProfileDialog({ open, onOpenChange, onSaved, profile, lookups }: DialogBase & { profile: ProfileView; lookups: ProfileLookups }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Update Profile" description="Your name, date of birth, gender, ethnicity and NHI are kept by the practice. Please ask the practice to change them.">
      <UpdateProfileForm profile={profile} lookups={lookups} onSaved={onSaved} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function UpdateProfileForm({ profile, lookups, onSaved, onCancel }: { profile: ProfileView; lookups: ProfileLookups; onSaved(message: string): void; onCancel(): void }) {
  const schema = useMemo(() => demographicsSchema(lookups), [lookups]);
  const { busy, message, formProps, field } = useProfileDialog({ intent: "demographics", schema, onSaved });
  const titleId = lookups.titles.find((o) => o.name.toLowerCase() === profile.title.toLowerCase())?.id ?? "";
  return (
    <form className="flex flex-col gap-4" {...formProps}>
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
