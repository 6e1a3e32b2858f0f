/**
 * Loaded into a built portal with `NODE_OPTIONS=--import ./bench/profile-on-signal.mjs` by
 * `npm run bench:screens`: SIGUSR2 starts a CPU profile, the next SIGUSR2 writes it to
 * $BENCH_PROFILE_FILE and prints "profile written" on stdout. So the profile holds only the renders
 * the bench asks for, not the start-up. BENCH_PROFILE_KIND=allocations takes V8's sampling heap profile
 * instead, with the objects the collector has freed since included (issue 53: how much a render
 * allocates, and where, which a busy machine does not change).
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import process from "node:process";

const session = new Session();
session.connect();
let profiling = false;
const allocations = process.env.BENCH_PROFILE_KIND === "allocations";

process.on("SIGUSR2", () => {
  void (async () => {
    if (!profiling) {
      if (allocations) {
        await session.post("HeapProfiler.enable");
        await session.post("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      } else {
        await session.post("Profiler.enable");
        await session.post("Profiler.setSamplingInterval", { interval: 200 });
        await session.post("Profiler.start");
      }
      profiling = true;
      process.stdout.write("profile started\n");
      return;
    }
    const { profile } = await session.post(allocations ? "HeapProfiler.stopSampling" : "Profiler.stop");
    profiling = false;
    writeFileSync(process.env.BENCH_PROFILE_FILE ?? "dashboard.cpuprofile", JSON.stringify(profile));
    process.stdout.write("profile written\n");
  })();
});
