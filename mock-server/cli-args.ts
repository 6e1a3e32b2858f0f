import { parseArgs } from "node:util";
import { PRACTICE_KINDS, scenarios, type PracticeKind } from "../fixtures/scenarios/index";
import { parseInstant } from "./clock";
import { parseAllowedHosts } from "./host-check";
import { defaultRecordingPath } from "./recording/file";

/** The options of `npm run mock`, checked; a bad value throws an Error whose message is shown as is. */
export interface MockCliOptions {
  list: boolean;
  port: number;
  /** The mail catcher's port (--smtp-port or MOCK_SMTP_PORT, default 2525; 0 picks a free one). */
  smtpPort: number;
  host?: string;
  scenario?: string;
  seed?: number;
  /** The default world's fixed clock, epoch ms (`--now`). */
  now?: number;
  /** The practice the default world plays (`--practice spec`, decisions/372); by default its scenario's. */
  practice?: PracticeKind;
  /** The portal the console's sign-in links open (--portal-url or MOCK_PORTAL_URL; default the portal's own default, http://localhost:3000). */
  portalUrl: string;
  /** `--record <identity URL>`: record that practice through the mock (decisions/384). */
  record?: { upstream: string; file: string };
  /** `--replay <file>`: the default world answers as this recording did. */
  replay?: string;
  /** `--allowed-hosts` or MOCK_ALLOWED_HOSTS: host names it answers to beside loopback names and IP addresses (decisions/391). */
  allowedHosts: string[];
  /** `--record-upstreams` or MOCK_RECORD_UPSTREAMS: identity servers `POST /__admin/recordings` may record beside --record (decisions/391). */
  recordUpstreams: string[];
}

export function parseMockArgs(args: string[], env: Record<string, string | undefined> = {}): MockCliOptions {
  const { values } = parseArgs({
    args,
    options: { port: { type: "string" }, "smtp-port": { type: "string" }, host: { type: "string" }, scenario: { type: "string" }, seed: { type: "string" }, now: { type: "string" }, practice: { type: "string" }, "portal-url": { type: "string" }, record: { type: "string" }, recording: { type: "string" }, replay: { type: "string" }, "allowed-hosts": { type: "string" }, "record-upstreams": { type: "string" }, list: { type: "boolean" } },
  });
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0)) throw new Error(`Invalid seed "${values.seed}": use a whole number`);
  if (values.scenario && !scenarios.has(values.scenario)) throw new Error(`Unknown scenario "${values.scenario}"; known: ${[...scenarios.keys()].join(", ")}`);
  const practice = values.practice;
  if (practice !== undefined && !isPracticeKind(practice)) throw new Error(`Invalid --practice "${practice}": use ${PRACTICE_KINDS.join(" or ")}`);
  let now: number | undefined;
  if (values.now !== undefined) {
    const parsed = parseInstant(values.now);
    if (typeof parsed === "string") throw new Error(`Invalid --now: ${parsed}`);
    now = parsed.toMillis();
  }
  const portalUrl = values["portal-url"] ?? env.MOCK_PORTAL_URL ?? "http://localhost:3000";
  if (!/^https?:\/\/[^/?#]+$/.test(portalUrl)) throw new Error(`Invalid --portal-url "${portalUrl}": an origin such as http://localhost:3000`);
  if (values.record !== undefined && !/^https?:\/\/[^/?#]+/.test(values.record)) throw new Error(`Invalid --record "${values.record}": the practice's identity server, such as https://identity.practice.example`);
  if (values.recording !== undefined && values.record === undefined) throw new Error("--recording names the file of --record: give --record <identity URL> as well");
  if (values.replay !== undefined && (values.record !== undefined || values.scenario !== undefined)) throw new Error("--replay makes the default world from a recording: it goes with neither --record nor --scenario");
  const record = values.record === undefined ? undefined : { upstream: values.record, file: values.recording ?? defaultRecordingPath() };
  const allowedHosts = parseAllowedHosts(values["allowed-hosts"] ?? env.MOCK_ALLOWED_HOSTS);
  const recordUpstreams = (values["record-upstreams"] ?? env.MOCK_RECORD_UPSTREAMS ?? "")
    .split(",")
    .map((u) => u.trim())
    .filter((u) => u !== "");
  for (const upstream of recordUpstreams) if (!/^https?:\/\/[^/?#]+/.test(upstream)) throw new Error(`Invalid --record-upstreams "${upstream}": identity servers, comma separated, such as https://identity.practice.example`);
  return { record, replay: values.replay, allowedHosts, recordUpstreams, portalUrl, list: values.list ?? false, port: portFrom(values.port ?? env.MOCK_PORT), smtpPort: portFrom(values["smtp-port"] ?? env.MOCK_SMTP_PORT, 2525), host: values.host ?? env.MOCK_HOST, scenario: values.scenario, seed, now, practice };
}

function portFrom(value: string | undefined, fallback = 4010): number {
  const port = Number(value ?? fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port "${value}": use a number from 0 to 65535`);
  return port;
}

function isPracticeKind(value: string): value is PracticeKind {
  return (PRACTICE_KINDS as readonly string[]).includes(value);
}
