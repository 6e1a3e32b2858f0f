import type { ReactNode } from "react";
import type { ProfileView } from "../view";
import { recordTexts } from "~/lib/texts/record";
import { profileTexts } from "../texts";

const r = profileTexts.rows;

/** The building blocks both profile layouts share: a titled section and label/value rows. */

export function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="break-words">{value === null || value === "" ? <span className="text-muted">{recordTexts.notRecorded}</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function personalRows(p: ProfileView): Array<[string, ReactNode]> {
  return [
    [r.title, p.title],
    [r.firstName, p.firstName],
    ...(p.middleNames ? [[r.middleNames, p.middleNames] as [string, ReactNode]] : []),
    [r.familyName, p.familyName],
    [r.preferredName, p.preferredName],
    [r.gender, p.genderLabel],
    [r.birthDate, p.birthDate],
    [r.ethnicity, p.ethnicity],
    [r.bloodGroup, p.bloodGroup],
    [r.nhiNumber, p.nhi],
  ];
}

export function contactRows(p: ProfileView): Array<[string, ReactNode]> {
  const preferred = p.contactMethods.find((m) => m.id === p.preferredContactMethodId)?.name ?? "";
  return [
    [r.mobilePhone, p.phones.mobile],
    [r.homePhone, p.phones.home],
    [r.workPhone, p.phones.work],
    [r.primaryEmail, p.emails.primary],
    [r.secondaryEmail, p.emails.secondary],
    [r.contactMethods, p.contactMethods.map((m) => m.name).join(", ")],
    [r.preferredContactMethod, preferred],
  ];
}

