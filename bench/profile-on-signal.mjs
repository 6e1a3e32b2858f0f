/**
 * Loaded into a built portal with `NODE_OPTIONS=--import ./bench/profile-on-signal.mjs` by
 * `npm run bench:screens`: SIGUSR2 starts a CPU profile, the next SIGUSR2 writes it to
 * $BENCH_PROFILE_FILE and prints "profile written" on stdout. So the profile holds only the renders
 * the bench asks for, not the start-up.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import process from "node:process";

const session = new Session();
session.connect();
let profiling = false;

process.on("SIGUSR2", () => {
  void (async () => {
    if (!profiling) {
      await session.post("Profiler.enable");
      await session.post("Profiler.setSamplingInterval", { interval: 200 });
      await session.post("Profiler.start");
      profiling = true;
      process.stdout.write("profile started\n");
      return;
    }
    const { profile } = await session.post("Profiler.stop");
    profiling = false;
    writeFileSync(process.env.BENCH_PROFILE_FILE ?? "dashboard.cpuprofile", JSON.stringify(profile));
    process.stdout.write("profile written\n");
  })();
});
