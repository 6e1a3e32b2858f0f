/** `npm run mock`: the mock practice server on its own; its options and variables are in mock-server/README.md. */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { parseMockArgs } from "./cli-args";
import type { Recorder } from "./recording/recorder";

async function main() {
  const options = parseMockArgs(process.argv.slice(2), process.env);
  if (options.list) {
    const { scenarios } = await import("../fixtures/scenarios/index");
    for (const scenario of scenarios.values()) console.log(`${scenario.id.padEnd(22)} ${scenario.description ?? scenario.title}`);
    return;
  }
  // Loaded only to serve: `--list` prints without them.
  const [{ buildConsoleIfStale }, { createMockServer }, { DEFAULT_WORLD_ID }, { readRecording, REPLAY_PASSWORD }] = await Promise.all([import("./console/build"), import("./server"), import("./worlds"), import("./recording/file")]);
  const recording = options.replay ? readRecording(options.replay) : undefined;
  await buildConsoleIfStale();
  const mock = await createMockServer({
    record: options.record?.upstream,
    portalUrl: options.portalUrl,
    defaultWorld: { scenario: options.scenario, seed: options.seed, now: options.now, practice: options.practice, recording },
    port: options.port,
    smtpPort: options.smtpPort,
    host: options.host,
    allowedHosts: options.allowedHosts,
    recordUpstreams: options.recordUpstreams,
    log: (line) => console.log(line),
  });

  const world = mock.worlds.get(DEFAULT_WORLD_ID)!;
  console.log(
    [
      `Mock practice server: ${mock.url}`,
      `  console:          ${mock.url}/ (open it in a browser)`,
      `  identity server:  POST ${mock.url}/api/Authentication`,
      `  default world:    ${mock.url}/worlds/${DEFAULT_WORLD_ID}/api/`,
      `  admin API:        ${mock.url}/__admin`,
      `  mail catcher:     smtp://127.0.0.1:${mock.smtpPort} (caught mail: ${mock.url}/__admin/worlds/<id>/mail)`,
      `  clock:            ${world.clock.state().now} (${world.clock.state().mode})`,
      `  practice:         ${world.practice === "spec" ? "spec (only the calls of 1§7 and 2§7, in the spec's shapes)" : "mock"}`,
      `  answers to Host:  localhost, *.localhost, IP addresses${[options.host, ...options.allowedHosts].filter((h): h is string => !!h && isIP(h) === 0 && h !== "localhost").map((h) => `, ${h}`).join("")} (more: --allowed-hosts or MOCK_ALLOWED_HOSTS)`,
      `Accounts of the default world:`,
      ...world.users.map((u) => `  ${u.username.padEnd(16)} ${u.password}  ${u.description}`),
      ...(recording ? [`Replaying ${options.replay}: ${recording.calls.length} calls recorded from ${recording.upstream}; every user's password is ${REPLAY_PASSWORD}`] : []),
    ].join("\n"),
  );
  const saveRecording = mock.recorder && options.record ? recordingWriter(mock.recorder, options.record.file) : null;
  if (saveRecording && mock.recorder) {
    console.log(`Recording ${mock.recorder.upstream}: point the portal at ${mock.url} (PRACTICE_IDENTITY_URL); the anonymised calls go to ${options.record!.file}`);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    saveRecording?.flush();
    await mock.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/**
 * Writes the anonymised recording a moment after each call, and at once on `flush` (when the mock
 * stops): the file is whole whenever the mock is stopped, and never holds an original value.
 */
function recordingWriter(recorder: Recorder, file: string) {
  let timer: NodeJS.Timeout | null = null;
  const write = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed, so that a reader never meets half a file.
    writeFileSync(`${file}.part`, `${JSON.stringify(recorder.file(), null, 2)}\n`);
    renameSync(`${file}.part`, file);
  };
  write();
  recorder.onCall(() => (timer ??= setTimeout(write, 1000)));
  return { flush: write };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
