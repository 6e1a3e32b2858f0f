import type { ReactNode } from "react";
import type { ProfileView } from "../view";
import { recordTexts } from "~/lib/texts/record";

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
    ["Title", p.title],
    ["First Name", p.firstName],
    ...(p.middleNames ? [["Middle Names", p.middleNames] as [string, ReactNode]] : []),
    ["Family Name", p.familyName],
    ["Preferred Name", p.preferredName],
    ["Gender", p.genderLabel],
    ["Date of Birth", p.birthDate],
    ["Ethnicity", p.ethnicity],
    ["Blood Group", p.bloodGroup],
    ["NHI Number", p.nhi],
  ];
}

export function contactRows(p: ProfileView): Array<[string, ReactNode]> {
  const preferred = p.contactMethods.find((m) => m.id === p.preferredContactMethodId)?.name ?? "";
  return [
    ["Mobile Phone", p.phones.mobile],
    ["Home Phone", p.phones.home],
    ["Work Phone", p.phones.work],
    ["Primary Email", p.emails.primary],
    ["Secondary Email", p.emails.secondary],
    ["Contact Methods", p.contactMethods.map((m) => m.name).join(", ")],
    ["Preferred Contact Method", preferred],
  ];
}

