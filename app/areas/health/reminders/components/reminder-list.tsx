import type { Priority, ReminderCard } from "../view";
import { healthTexts } from "../../texts";
import { LevelBadge, TONE_EDGE, type Tone } from "../../components/level-badge";
import { remindersTexts } from "../texts";
import { practiceLang } from "~/lib/language";

/** 2§4: High red, Medium amber, Normal green; another word, or none, has no colour of the three (decisions/396). */
const TONE: Record<Priority, Tone> = { High: "red", Medium: "amber", Normal: "green" };
const toneOf = (priority: Priority | null): Tone => (priority ? TONE[priority] : "neutral");

/** The reminder cards: two columns from 1024 px, one below (2§2, 2§9). */
export function ReminderList({ reminders }: { reminders: readonly ReminderCard[] }) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label={remindersTexts.reminders}>
      {reminders.map((r, i) => (
        <li key={r.id ?? `#${i}`} className={`flex flex-col gap-2 rounded bg-white p-4 shadow-sm ${TONE_EDGE[toneOf(r.priority)]}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-xl font-bold" lang={practiceLang(r.title)}>
              {r.title}
            </h2>
            <LevelBadge tone={toneOf(r.priority)}>{r.priorityLabel}</LevelBadge>
          </div>
          {r.priorityUnknown ? <p className="text-muted">{healthTexts.unknownCode("priority")}</p> : null}
          <p lang={practiceLang(r.description)}>{r.description}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-semibold">{remindersTexts.from}</dt>
            <dd>{r.sender}</dd>
            <dt className="font-semibold">{remindersTexts.sent}</dt>
            <dd>{r.isoSent ? <time dateTime={r.isoSent}>{r.sent}</time> : r.sent}</dd>
            {r.note ? (
              <>
                <dt className="font-semibold">{healthTexts.note}</dt>
                <dd lang={practiceLang(r.note)}>{r.note}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
