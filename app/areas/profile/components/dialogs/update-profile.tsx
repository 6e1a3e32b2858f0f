import { useMemo } from "react";
import { demographicsSchema, type ProfileLookups } from "../../forms";
import { BLOOD_GROUPS, type ProfileView } from "../../view";
import { Alert } from "~/components/ui/alert";
import { Dialog } from "~/components/ui/dialog";
import { SelectField, TextField } from "~/components/ui/field";
import { Rows } from "../sections";
import { profileTexts } from "../../texts";
import { Actions, options, type DialogBase } from "./shared";
import { useProfileDialog } from "./use-profile-dialog";
import { profileDialogTexts as dt } from "../../dialog-texts";

const r = profileTexts.rows;

/** Update Profile (1§2 User Profile). */

export function UpdateProfileDialog({ open, onOpenChange, onSaved, profile, lookups }: DialogBase & { profile: ProfileView; lookups: ProfileLookups }) {
  return (
    <Dialog closeAtTop open={open} onOpenChange={onOpenChange} title={dt.updateProfileTitle} description={dt.updateProfileDescription}>
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
      <SelectField label={r.title} options={options(lookups.titles)} placeholder={dt.notStated} defaultValue={titleId} {...field("title")} />
      <TextField label={r.preferredName} maxLength={60} defaultValue={profile.preferredName} {...field("preferredName")} />
      <SelectField label={r.bloodGroup} options={BLOOD_GROUPS.map((b) => ({ value: b, label: b, translate: "no" as const }))} placeholder={dt.notKnown} defaultValue={profile.bloodGroup} {...field("bloodGroup")} />
      {/* What the practice keeps is shown as text, not as fields that look editable and are not (issue 21). */}
      <section aria-labelledby="kept-by-practice" className="rounded border border-line bg-surface p-3">
        <h3 id="kept-by-practice" className="mb-2 font-semibold">
          {dt.keptByPractice}
        </h3>
        <Rows
          rows={[
            [r.firstName, profile.firstName],
            ...(profile.middleNames ? ([[r.middleNames, profile.middleNames]] as [string, string][]) : []),
            [r.familyName, profile.familyName],
            [r.gender, profile.genderLabel],
            [r.birthDate, profile.birthDate],
            [r.ethnicity, profile.ethnicity],
            [r.nhiNumber, profile.nhi],
          ]}
        />
      </section>
      <Actions busy={busy} label={dt.update} busyLabel={dt.updating} onCancel={onCancel} />
    </form>
  );
}
