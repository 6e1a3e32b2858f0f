import { DateTime, Duration } from "luxon";
import { z } from "zod";
import { PRACTICE_ZONE } from "../fixtures/builders/practice";

/** A world's clock: fixed or running, moving only forward (decisions/012); frozen and let run by QA (decisions/381). */

export interface ClockState {
  /** The world's now, ISO in Pacific/Auckland. */
  now: string;
  mode: "fixed" | "running";
  /** Where the clock started (generated data is anchored here); reset returns to it. */
  startedAt: string;
  /** Total moved on (by `advance` and `moveTo`) since the start, ISO 8601 duration; time merely run is not counted. */
  advanced: string;
}

export class WorldClock {
  readonly #startMs: number;
  readonly #startsRunning: boolean;
  readonly #wall: () => number;
  #running: boolean;
  /** The world's time at the wall's #realAnchor: it counts on from there while running. */
  #anchorMs: number;
  #realAnchor: number;
  #advancedMs = 0;

  /** `fixedAt` (epoch ms) stops the clock at that instant; without it the clock runs from real time. */
  constructor(fixedAt?: number, wall: () => number = Date.now) {
    this.#wall = wall;
    this.#startsRunning = this.#running = fixedAt === undefined;
    this.#realAnchor = wall();
    this.#startMs = this.#anchorMs = fixedAt ?? this.#realAnchor;
  }

  /** The world's now in epoch milliseconds. */
  nowMs(): number {
    return this.#anchorMs + (this.#running ? this.#wall() - this.#realAnchor : 0);
  }

  now(): DateTime {
    return DateTime.fromMillis(this.nowMs(), { zone: PRACTICE_ZONE });
  }

  get startMs(): number {
    return this.#startMs;
  }

  /**
   * Calendar-aware in practice time: P1M from 31 January is the end of February, P1D across a DST
   * change is one calendar day. A move past the last year a world may reach is refused (the reason is
   * returned) and the clock stays where it was.
   */
  advance(duration: Duration): string | null {
    const now = this.now();
    const next = now.plus(duration);
    const problem = outOfRange(next);
    if (problem) return `advancing by ${duration.toISO()} ${problem}`;
    this.#moveBy(next.toMillis() - now.toMillis());
    return null;
  }

  /** To a later instant; one not after now is refused (the reason is returned), as the clock only moves forward. */
  moveTo(at: DateTime): string | null {
    const now = this.nowMs();
    if (at.toMillis() <= now) return `${isoOf(at.toMillis())} is not after the world's now (${isoOf(now)}): the clock only moves forward`;
    this.#moveBy(at.toMillis() - now);
    return null;
  }

  /** Stands still where it is now (a fixed clock stays as it is). */
  freeze(): void {
    this.#anchorMs = this.nowMs();
    this.#running = false;
  }

  /** Runs on with the wall clock from where it is now (a running clock goes on as it is). */
  run(): void {
    this.#anchorMs = this.nowMs();
    this.#realAnchor = this.#wall();
    this.#running = true;
  }

  /** Back to the starting instant, in the mode the world was made with; a running clock runs on from there. */
  reset(): void {
    this.#advancedMs = 0;
    this.#anchorMs = this.#startMs;
    this.#running = this.#startsRunning;
    this.#realAnchor = this.#wall();
  }

  state(): ClockState {
    return {
      now: isoOf(this.nowMs()),
      mode: this.#running ? "running" : "fixed",
      startedAt: isoOf(this.#startMs),
      advanced: Duration.fromMillis(this.#advancedMs).rescale().toISO() ?? "PT0S",
    };
  }

  #moveBy(ms: number): void {
    this.#anchorMs += ms;
    this.#advancedMs += ms;
  }
}

/** Generated records span decades around a world's now; beyond these years dates stop meaning anything. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2200;

function outOfRange(at: DateTime): string | null {
  if (!at.isValid) return "gives no valid date";
  if (at.year < FIRST_YEAR || at.year > LAST_YEAR) return `would leave the years a world may be set in (${FIRST_YEAR} to ${LAST_YEAR})`;
  return null;
}

export function isoOf(ms: number): string {
  return DateTime.fromMillis(ms, { zone: PRACTICE_ZONE }).toISO({ suppressMilliseconds: true })!;
}

/**
 * An instant with an explicit offset or zone designator ("2026-03-01T09:00:00+13:00", "...Z"), or a
 * plain date, read as the start of that day in Pacific/Auckland. A date-time without an offset is
 * refused: it would silently mean the mock machine's zone.
 */
export function parseInstant(text: string): DateTime | string {
  const inRange = (at: DateTime) => {
    const problem = outOfRange(at);
    return problem ? `"${text}" ${problem}` : at;
  };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = DateTime.fromISO(text, { zone: PRACTICE_ZONE });
    return day.isValid ? inRange(day) : `"${text}" is not a valid date (${day.invalidExplanation ?? day.invalidReason})`;
  }
  if (!/T.*(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return `"${text}" needs a time with an offset, e.g. 2026-03-01T09:00:00+13:00, or a plain date, e.g. 2026-03-01`;
  const at = DateTime.fromISO(text, { setZone: true });
  if (!at.isValid) return `"${text}" is not a valid ISO 8601 date-time (${at.invalidExplanation ?? at.invalidReason})`;
  // Real offsets run from -12:00 to +14:00.
  if (at.offset < -12 * 60 || at.offset > 14 * 60) return `"${text}": the offset must be between -12:00 and +14:00`;
  return inRange(at.setZone(PRACTICE_ZONE));
}

/** A positive ISO 8601 duration such as P1D, PT2H30M or P1M2D. */
export function parseDuration(text: string): Duration | string {
  const duration = Duration.fromISO(text);
  if (!duration.isValid) return `"${text}" is not an ISO 8601 duration (e.g. P1D, PT2H, P1M2D)`;
  if (Object.values(duration.toObject()).some((v) => v < 0)) return `"${text}": the clock only moves forward`;
  if (duration.toMillis() <= 0) return `"${text}": the duration must be longer than zero`;
  return duration;
}

export const InstantSchema = z.string().transform((text, ctx) => {
  const parsed = parseInstant(text);
  if (typeof parsed === "string") {
    ctx.addIssue({ code: "custom", message: parsed });
    return z.NEVER;
  }
  return parsed;
});

const DurationSchema = z.string().transform((text, ctx) => {
  const parsed = parseDuration(text);
  if (typeof parsed === "string") {
    ctx.addIssue({ code: "custom", message: parsed });
    return z.NEVER;
  }
  return parsed;
});

/**
 * What POST …/clock asks: move on by a duration (`advance`) or to a later instant (`to`), and/or
 * freeze or run it (`mode`, applied after the move). At least one; `advance` and `to` not together.
 */
export const ClockRequestSchema = z
  .strictObject({
    advance: DurationSchema.optional().describe("An ISO 8601 duration to move on by, e.g. P1D, PT2H, P1W."),
    to: InstantSchema.optional().describe("A later instant to move to: a date-time with an offset, or a plain date (midnight in Pacific/Auckland)."),
    mode: z.enum(["fixed", "running"]).optional().describe('"fixed" freezes the clock where it stands; "running" lets it run on with real time from there.'),
  })
  .refine((r) => r.advance !== undefined || r.to !== undefined || r.mode !== undefined, { message: 'send "advance", "to" or "mode"' })
  .refine((r) => r.advance === undefined || r.to === undefined, { message: '"advance" and "to" cannot be combined', path: ["to"] });
