import { describe, expect, it } from "vitest";
import { notePracticeDate, practiceDate } from "~/.server/practice/practice-clock.server";

/** The practice's date from its replies' Date header (issue 55: ages counted on the practice's date). */

const now = Date.parse("2026-11-27T09:00:00Z"); // 10 pm on 27 November in New Zealand (NZDT, +13)

describe("the practice's date", () => {
  it("is this process's own, in New Zealand time, until a reply has said", () => {
    expect(practiceDate("http://unheard.test/api/", now)).toBe("2026-11-27");
    expect(practiceDate("http://unheard.test/api/", Date.parse("2026-11-27T11:00:00Z"))).toBe("2026-11-28");
  });

  it("follows the last reply's Date header, as a difference from this process's clock", () => {
    const base = "http://world-a.test/api/";
    // The practice's clock is six days on (a mock world moved on): its date is six days on, and stays so as time passes.
    notePracticeDate(base, new Date(now + 6 * 86_400_000).toUTCString(), now);
    expect(practiceDate(base, now)).toBe("2026-12-03");
    expect(practiceDate(base, now + 2 * 3_600_000)).toBe("2026-12-04");
    // Another practice's clock is its own.
    expect(practiceDate("http://world-b.test/api/", now)).toBe("2026-11-27");
  });

  it("a reply without a Date header, or with one that is no date, changes nothing", () => {
    const base = "http://world-c.test/api/";
    notePracticeDate(base, new Date(now - 86_400_000).toUTCString(), now);
    notePracticeDate(base, "", now);
    notePracticeDate(base, "yesterday, probably", now);
    expect(practiceDate(base, now)).toBe("2026-11-26");
    notePracticeDate(base, new Date(now).toUTCString(), now);
    expect(practiceDate(base, now)).toBe("2026-11-27");
  });

  it("a clock standing still at the practice (a frozen mock world) keeps its date as this process's moves on", () => {
    const base = "http://world-d.test/api/";
    const frozen = new Date(now + 86_400_000).toUTCString();
    notePracticeDate(base, frozen, now);
    notePracticeDate(base, frozen, now + 12 * 3_600_000);
    expect(practiceDate(base, now + 12 * 3_600_000)).toBe("2026-11-28");
  });

  it("remembers the 1,000 practices heard from last, one reply bringing a practice back to the front", () => {
    const day = 86_400_000;
    const kept = "http://kept.test/api/";
    const dropped = "http://dropped.test/api/";
    // Whatever the tests before noted goes first.
    for (let i = 0; i < 1000; i += 1) notePracticeDate(`http://earlier-${i}.test/api/`, new Date(now).toUTCString(), now);
    notePracticeDate(dropped, new Date(now + 2 * day).toUTCString(), now);
    notePracticeDate(kept, new Date(now + 2 * day).toUTCString(), now);
    for (let i = 0; i < 998; i += 1) notePracticeDate(`http://world-${i}.test/api/`, new Date(now + day).toUTCString(), now);
    // The first heard from again, then one more: the second (now the oldest) is forgotten, not the first.
    notePracticeDate(dropped, new Date(now + 2 * day).toUTCString(), now);
    notePracticeDate("http://one-more.test/api/", new Date(now + day).toUTCString(), now);
    expect(practiceDate(dropped, now)).toBe("2026-11-29");
    expect(practiceDate(kept, now)).toBe("2026-11-27");
    expect(practiceDate("http://world-0.test/api/", now)).toBe("2026-11-28");
  });
});
