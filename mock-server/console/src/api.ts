import type { worldSummary } from "../../admin";
import type { ChaosConfig as MockChaosConfig, ChaosKind as MockChaosKind } from "../../chaos";
import type { Fault as MockFault } from "../../faults";
import type { JournalEntry as MockJournalEntry } from "../../journal";
import type { Recording as MockRecording } from "../../recording/file";

/**
 * The console's only way to the mock, the admin API under /__admin, which a test or curl can call as well; replies are
 * typed with the mock's own types, types only, so not a line of the mock reaches the browser (decisions/381).
 */

export type WorldSummary = ReturnType<typeof worldSummary>;
export type ClockState = WorldSummary["clock"];
export type Fault = MockFault;
export type ChaosConfig = MockChaosConfig;
export type ChaosKind = MockChaosKind;
export type JournalEntry = Omit<MockJournalEntry, "query"> & { query: Record<string, unknown> };

export interface Call {
  method: string;
  path: string;
  summary: string;
  needsToken: boolean;
}

export interface About {
  portalUrl: string | null;
  host: string;
  loopbackOnly: boolean;
  calls: Call[];
}

export interface Scenario {
  id: string;
  title: string;
  description: string;
}

export interface Mail {
  id: string | number;
  to: string;
  subject: string;
  body: string;
  sentAt: string;
}

/** A recording under way (decisions/384): point the portal at `identityUrl`; `file` is the anonymised recording so far. */
export interface RecordingSummary {
  id: string;
  upstream: string;
  startedAt: string;
  calls: number;
  identityUrl: string;
  file: string;
}
export type Recording = MockRecording;

/** A refusal of the admin API, worded with the issues it gave. */
export class AdminError extends Error {}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/__admin${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const json = (await res.json().catch(() => ({}))) as {
    error?: string;
    issues?: { path: string; message: string }[];
  };
  if (!res.ok) {
    const issues = (json.issues ?? []).map((i) => `${i.path}: ${i.message}`).join("; ");
    throw new AdminError(`${json.error ?? `HTTP ${res.status}`}${issues ? ` (${issues})` : ""}`);
  }
  return json as T;
}

const world = (id: string) => `/worlds/${encodeURIComponent(id)}`;

export const admin = {
  about: () => call<About>("GET", "/about"),
  scenarios: async () => (await call<{ scenarios: Scenario[] }>("GET", "/scenarios/details")).scenarios,
  worlds: async () => (await call<{ worlds: WorldSummary[] }>("GET", "/worlds")).worlds,
  world: (id: string) => call<WorldSummary>("GET", world(id)),
  createWorld: (request: { scenario: string; seed: number; now?: string; practice?: string }) => call<WorldSummary>("POST", "/worlds", request),
  resetWorld: (id: string) => call<WorldSummary>("POST", `${world(id)}/reset`),
  deleteWorld: (id: string) => call<void>("DELETE", world(id)),
  signInLink: (id: string, label: string) =>
    call<{ q: string; path: string }>("POST", `${world(id)}/switch-tokens`, {
      label,
    }),
  faults: async (id: string) => (await call<{ faults: Fault[] }>("GET", `${world(id)}/faults`)).faults,
  addFault: (id: string, fault: Omit<Fault, "id" | "remaining">) => call<Fault>("POST", `${world(id)}/faults`, fault),
  removeFault: (id: string, faultId: number) => call<void>("DELETE", `${world(id)}/faults/${faultId}`),
  releaseFault: (id: string, faultId: number) => call<{ released: number }>("POST", `${world(id)}/faults/${faultId}/release`),
  clearFaults: (id: string) => call<void>("DELETE", `${world(id)}/faults`),
  chaos: (id: string) => call<{ chaos: ChaosConfig | null; calls: number }>("GET", `${world(id)}/chaos`),
  setChaos: (id: string, chaos: ChaosConfig) => call<{ chaos: ChaosConfig | null; calls: number }>("PUT", `${world(id)}/chaos`, chaos),
  clearChaos: (id: string) => call<void>("DELETE", `${world(id)}/chaos`),
  clock: (id: string) => call<ClockState>("GET", `${world(id)}/clock`),
  moveClock: (id: string, request: { advance?: string; to?: string; mode?: "fixed" | "running" }) => call<ClockState>("POST", `${world(id)}/clock`, request),
  clearJournal: (id: string) => call<void>("DELETE", `${world(id)}/requests`),
  journalStream: (id: string) => new EventSource(`/__admin${world(id)}/requests/stream`),
  mail: async (id: string) => (await call<{ mail: Mail[] }>("GET", `${world(id)}/mail`)).mail,
  recordings: async () => (await call<{ recordings: RecordingSummary[] }>("GET", "/recordings")).recordings,
  startRecording: (upstream: string) => call<RecordingSummary>("POST", "/recordings", { upstream }),
  recording: (id: string) => call<Recording>("GET", `/recordings/${encodeURIComponent(id)}`),
  stopRecording: (id: string) => call<Recording>("DELETE", `/recordings/${encodeURIComponent(id)}`),
  createWorldFromRecording: (recording: Recording) => call<WorldSummary>("POST", "/worlds", { recording }),
  helpMessages: async (id: string) => (await call<{ messages: Record<string, string>[] }>("GET", `${world(id)}/help-messages`)).messages,
};
