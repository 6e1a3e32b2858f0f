import { useMemo } from "react";
import { demographicsSchema, type ProfileLookups } from "../../forms";
import { BLOOD_GROUPS, type ProfileView } from "../../view";
import { Alert } from "~/components/ui/alert";
import { Dialog } from "~/components/ui/dialog";
import { SelectField, TextField } from "~/components/ui/field";
import { Rows } from "../sections";
import { Actions, options, type DialogBase } from "./shared";
import { useProfileDialog } from "./use-profile-dialog";

/** Update Profile (1§2 User Profile). */

export function UpdateProfileDialog({ open, onOpenChange, onSaved, profile, lookups }: DialogBase & { profile: ProfileView; lookups: ProfileLookups }) {
  return (
    <Dialog closeAtTop open={open} onOpenChange={onOpenChange} title="Update Profile" description="Your name, date of birth, gender, ethnicity and NHI are kept by the practice. Please ask the practice to change them.">
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
      <TextField label="Preferred Name" maxLength={60} defaultValue={profile.preferredName} {...field("preferredName")} />
      <SelectField label="Blood Group" options={BLOOD_GROUPS.map((b) => ({ value: b, label: b }))} placeholder="Not known" defaultValue={profile.bloodGroup} {...field("bloodGroup")} />
      {/* What the practice keeps is shown as text, not as fields that look editable and are not (issue 21). */}
      <section aria-labelledby="kept-by-practice" className="rounded border border-line bg-surface p-3">
        <h3 id="kept-by-practice" className="mb-2 font-semibold">
          Kept by the practice
        </h3>
        <Rows
          rows={[
            ["First Name", profile.firstName],
            ...(profile.middleNames ? ([["Middle Names", profile.middleNames]] as [string, string][]) : []),
            ["Family Name", profile.familyName],
            ["Gender", profile.genderLabel],
            ["Date of Birth", profile.birthDate],
            ["Ethnicity", profile.ethnicity],
            ["NHI Number", profile.nhi],
          ]}
        />
      </section>
      <Actions busy={busy} label="Update" busyLabel="Updating…" onCancel={onCancel} />
    </form>
  );
}
