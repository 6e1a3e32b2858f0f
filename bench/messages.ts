/**
 * `npm run bench:messages`: a paged message listing (25 a page) against the mock over loopback, in
 * a box of 10,000 messages and in one of about twenty, so the two figures show whether a page's
 * cost grows with the box. Also the one-off cost of generating the big box on its first read.
 * Prints figures for the README; asserts nothing.
 */
import { createMockServer } from "../mock-server/server";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms (n=${samples.length})`;
}

/** Signs in through the portal's own practice client, which reads the token from its slot. */
async function signIn(user: { username: string; password: string }) {
  const auth = await import("~/.server/practice/auth.server");
  const identity = await auth.lookupIdentity({ userName: user.username, password: user.password });
  if (identity.kind !== "found") throw new Error(`No identity for ${user.username}`);
  const outcome = await auth.authenticate(identity.apiBase, { userName: user.username, password: user.password });
  if (outcome.kind !== "signedIn") throw new Error(`${user.username} did not sign in`);
  return { apiBase: identity.apiBase, token: outcome.token, patientId: outcome.patientId };
}

async function main() {
  const mock = await createMockServer({ port: 0 });
  process.env.PRACTICE_IDENTITY_URL = mock.url;
  const res = await fetch(`${mock.url}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ scenario: "many-records", seed: 1 }) });
  const world = (await res.json()) as { users: Array<{ label: string; username: string; password: string }> };
  const user = (label: string) => world.users.find((u) => u.label === label)!;

  const lines: string[] = [];
  for (const [label, what] of [["many", "25 of 10,000 inbox messages"], ["solo", "25 of a ~20-message inbox"]] as const) {
    const s = await signIn(user(label));
    const url = (page: number) => `${s.apiBase}Patient/Messaging?PatientID=${s.patientId}&Type=1&MessagingType=1&PageSize=25&PageNumber=${page}`;
    const first = performance.now();
    await (await fetch(url(1), { headers: { Token: s.token } })).text();
    const firstMs = performance.now() - first;
    const samples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Pages across the whole box, so the figure is not only the cheap first page.
      const page = 1 + ((i * 37) % (label === "many" ? 400 : 1));
      const start = performance.now();
      const reply = await fetch(url(page), { headers: { Token: s.token } });
      await reply.text();
      samples.push(performance.now() - start);
    }
    lines.push(`Paged listing, ${what}: ${stats(samples)}; first read (generates the box) ${firstMs.toFixed(1)} ms`);
  }
  console.log(lines.join("\n"));
  await mock.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
