import type { StaffRecord } from "../fixtures/builders/staff";
import type { PracticeKind } from "../fixtures/scenarios/schema";
import type { WorldClock } from "./clock";
import type { ReplayState } from "./recording/replay";
import type { WorldChaos } from "./chaos";
import type { FaultTable } from "./faults";
import type { Journal, JournalFeed } from "./journal";
import type { TokenTable } from "./tokens";
import type { WorldStore } from "./world-store";

/** What every world has whatever its areas hold; apart from the area list so handlers can name it without an import loop (decisions/359, 343). */
export interface WorldCore {
  id: string;
  scenarioId: string;
  seed: number;
  createdAt: string;
  /**
   * Which practice the world plays: ours ("mock"), or one built to 1§7 and 2§7 and no more ("spec":
   * no parameter it lacks read, replies drawn by its seed from the room the spec leaves, unchecked;
   * contract/room, decisions/372 and 396). Kept across a reset.
   */
  practice: PracticeKind;
  /** The seed a spec practice draws its replies' shapes by (contract/room): the world's seed unless it was given apart. */
  roomSeed: number;
  /** The world's own time (decisions/012); generated data is anchored to where it started. */
  clock: WorldClock;
  store: WorldStore;
  /** The practice team: providers, nurses and reception. */
  staff: readonly StaffRecord[];
  tokens: TokenTable;
  faults: FaultTable;
  /** Seeded chaos (decisions/383): kept across a reset, which starts its sequence again. */
  chaos: WorldChaos;
  journal: Journal;
  /** The journal's live readers (the console); kept across a reset, which replaces `journal`. */
  journalFeed: JournalFeed;
  users: WorldUser[];
  /**
   * A world made from a recording (decisions/384): its calls are answered as recorded, after the
   * faults and chaos, instead of by the handlers. Absent in a world made from a scenario.
   */
  replay?: ReplayState;
  /** When the world was last reached (any call or admin request), for idle removal. */
  lastUsedAt: number;
}

export interface WorldUser {
  label: string;
  username: string;
  password: string;
  description: string;
}

/** Sign-in compares user names trimmed and case-insensitively, as the practice API does. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}
