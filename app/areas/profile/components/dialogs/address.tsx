import { profileTexts } from "../../texts";
import { PhoneLink } from "~/components/ui/phone-link";
import type { ProfileView } from "../../view";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import type { DialogBase } from "./shared";
import { profileDialogTexts as dt } from "../../dialog-texts";

const t = profileTexts;

/** Edit Address Information (1§2 User Profile). */

/** 1§7 has no call that changes an address, so this dialog shows it and says how to change it. */
export function AddressDialog({ open, onOpenChange, profile, practicePhone }: Omit<DialogBase, "onSaved"> & { profile: ProfileView; practicePhone: string | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.addressInformation} description={t.addressReadOnly}>
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
        {practicePhone ? (
          <p>
            {dt.practicePhone} <PhoneLink number={practicePhone} />
          </p>
        ) : null}
        <Button variant="secondary" className="self-start" onClick={() => onOpenChange(false)}>
          {dt.close}
        </Button>
      </div>
    </Dialog>
  );
}
