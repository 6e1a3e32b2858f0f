/**
 * `npx tsx bench/sign-in-timing.ts`: how long the portal's sign-in step takes to refuse a known user
 * name with a wrong password, and an unknown user name (issue 36, 8a), side by side. The two are
 * taken in turn (known, unknown, known, …) against an in-process mock, so a slow moment of the machine
 * falls on both. Prints medians and percentiles; asserts nothing (the test that both refusals make the
 * same practice calls is in tests/integration/sign-in-steps.test.ts).
 */
import { loadConfig } from "~/.server/config.server";
import { createSessions } from "~/.server/session.server";
import { createSignInSteps } from "~/areas/sign-in/login-flow.server";
import { SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { createMockServer } from "../mock-server/server";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 240);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p10: at(0.1), p90: at(0.9) };
}

async function main() {
  const mock = await createMockServer({ port: 0 });
  const res = await fetch(`${mock.url}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  const world = (await res.json()) as { users: Array<{ label: string; username: string }> };
  const known = world.users.find((u) => u.label === "solo")!.username;
  const unknown = known.replace("solo+", "nobody+");

  const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
  // Limits out of reach: every attempt is judged by the practice, none paused.
  const throttle = new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 1_000_000, SIGNIN_MAX_FAILURES_PER_ADDRESS: 1_000_000 });
  const steps = createSignInSteps({ identityUrl: mock.url, signedOutApi: `${mock.url}/api/`, sessions, throttle, verifyCaptcha: async () => true });

  const attempt = async (username: string) => {
    const session = await sessions.sessionStorage.getSession();
    const request = new Request("http://portal.test/login/flow", { method: "POST", headers: { "x-portal-client-address": "192.0.2.99" } });
    const start = performance.now();
    const { outcome } = await steps.signInStep(request, session, { username, password: "NotThePassword1", captcha: "solved", redirectTo: "/" });
    const took = performance.now() - start;
    if (outcome.kind !== "rejected") throw new Error(`${username}: expected a refusal, got ${outcome.kind}`);
    return { took, message: outcome.message };
  };

  // Warm up both paths (module loading, connection pool).
  for (let i = 0; i < 20; i++) await Promise.all([attempt(known), attempt(unknown)].map((p) => p.then(() => undefined)));
  const times = { known: [] as number[], unknown: [] as number[] };
  const messages = { known: new Set<string>(), unknown: new Set<string>() };
  for (let i = 0; i < SAMPLES; i++) {
    for (const [which, username] of (i % 2 === 0 ? [["known", known], ["unknown", unknown]] : [["unknown", unknown], ["known", known]]) as Array<["known" | "unknown", string]>) {
      const { took, message } = await attempt(username);
      times[which].push(took);
      messages[which].add(message);
    }
  }

  const k = stats(times.known);
  const u = stats(times.unknown);
  console.log(`sign-in refused, ${SAMPLES} samples each (ms)      median    p10    p90`);
  console.log(`  known user name, wrong password         ${k.median.toFixed(2).padStart(7)} ${k.p10.toFixed(2).padStart(6)} ${k.p90.toFixed(2).padStart(6)}`);
  console.log(`  unknown user name                       ${u.median.toFixed(2).padStart(7)} ${u.p10.toFixed(2).padStart(6)} ${u.p90.toFixed(2).padStart(6)}`);
  console.log(`  difference of the medians               ${(k.median - u.median).toFixed(2).padStart(7)}`);
  console.log(`  words shown: known ${JSON.stringify([...messages.known])}, unknown ${JSON.stringify([...messages.unknown])}`);
  await mock.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
