import { SEVERITIES, type AllergyCard, type Severity } from "../view";
import { healthTexts } from "../../texts";
import { LevelBadge, TONE_EDGE, type Tone } from "../../components/level-badge";
import { allergiesTexts } from "../texts";
import { practiceLang } from "~/lib/language";

/** 2§4: Severe red, Moderate amber, Mild green; a word the spec does not name has none of the three (decisions/396). */
const TONE: Record<Severity, Tone> = { Severe: "red", Moderate: "amber", Mild: "green" };
const toneOf = (severity: Severity | null): Tone => (severity ? TONE[severity] : "neutral");

/** The legend of 2§2 Allergies: each severity's colour with its word and level. */
export function SeverityLegend() {
  return (
    <section aria-labelledby="severity-legend" className="rounded bg-white p-4 shadow-sm">
      <h2 id="severity-legend" className="mb-2 text-lg font-bold">
        {allergiesTexts.severity}
      </h2>
      <ul className="flex flex-wrap gap-3">
        {SEVERITIES.map((s) => (
          <li key={s}>
            <LevelBadge tone={TONE[s]}>{allergiesTexts.severityLegend[s]}</LevelBadge>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AllergyList({ allergies }: { allergies: readonly AllergyCard[] }) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label={allergiesTexts.allergies}>
      {allergies.map((a) => (
        <li key={a.id} className={`flex flex-col gap-2 rounded bg-white p-4 shadow-sm ${TONE_EDGE[toneOf(a.severity)]}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-xl font-bold" lang={practiceLang(a.substance)}>
              {a.substance}
            </h2>
            <LevelBadge tone={toneOf(a.severity)}>
              <span className="sr-only">{allergiesTexts.severityPrefix}</span>
              {a.severityLabel}
            </LevelBadge>
          </div>
          {a.unrecorded ? <p className="text-muted">{allergiesTexts.severityUnrecorded}</p> : null}
          {a.recordedAs ? <p className="text-muted">{allergiesTexts.recordedAs(a.recordedAs)}</p> : null}
          {a.severity === null ? <p className="text-muted">{healthTexts.unknownCode("severity")}</p> : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{allergiesTexts.allergyType}</dt>
            <dd lang={practiceLang(a.type)}>{a.type}</dd>
            {a.reaction ? (
              <>
                <dt className="font-semibold">{allergiesTexts.reaction}</dt>
                <dd lang={practiceLang(a.reaction)}>{a.reaction}</dd>
              </>
            ) : null}
            {a.note ? (
              <>
                <dt className="font-semibold">{healthTexts.note}</dt>
                <dd lang={practiceLang(a.note)}>{a.note}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
