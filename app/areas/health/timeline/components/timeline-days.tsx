import type { TimelineDay } from "../view";
import { timelinePageTexts } from "../texts";
import { practiceLang } from "~/lib/language";
import { PracticeWords } from "~/components/practice-words";

/** The timeline's entries: a heading per date, then each provider's entries of that day (2§2). */
export function TimelineDays({ days }: { days: readonly TimelineDay[] }) {
  return (
    <ol className="flex flex-col gap-4" aria-label={timelinePageTexts.timeline}>
      {days.map((day) => (
        <li key={day.isoDate || "undated"} className="rounded border-l-8 border-brand bg-white p-4 shadow-sm">
          <h2 className="mb-2 text-xl font-bold">
            {day.isoDate ? <time dateTime={day.isoDate}>{day.date}</time> : day.date}
          </h2>
          <ul className="flex flex-col gap-3">
            {day.providers.map((group) => (
              <li key={group.provider}>
                <h3 className="font-semibold text-muted">{group.provider}</h3>
                <ul className="mt-1 flex flex-col gap-1">
                  {group.entries.map((e) => (
                    <li key={e.id} className="flex flex-wrap gap-x-2">
                      <span className="font-semibold">
                        <PracticeWords>{e.kind}</PracticeWords>:
                      </span>
                      <span lang={practiceLang(e.text)}>{e.text}</span>
                      {e.time ? <span className="text-muted">{timelinePageTexts.entryAt(e.time)}</span> : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
