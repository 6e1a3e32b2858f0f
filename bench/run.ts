/**
 * `npm run bench`: figures for the README, measured on loopback against the built portal and an
 * in-process mock server. Not a test: it prints medians and percentiles, it asserts nothing.
 *   - creating a default world through the admin API
 *   - a signed-in dashboard page render (server render, every practice call of the page)
 *   - the size of the JavaScript a first visit to each page downloads (bench/first-load.ts, the measure
 *     the budget test uses), checked against the modulepreloads the server really sends, and that the
 *     PDF viewer and the card SDK are not part of any of them
 * Run `npm run build` first.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createMockServer } from "../mock-server/server";
import { budgetFor, kb, MAX_SCRIPTS, measurePages, onDemandCodeIn } from "./first-load";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms (n=${samples.length})`;
}

async function time(fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main() {
  const mock = await createMockServer({ port: 0 });
  process.env.PRACTICE_IDENTITY_URL = mock.url;
  process.env.COOKIE_SECURE = "false";
  process.env.NODE_ENV = "production";
  // The portal's own store, as `npm start` opens it (in memory here): the sign-in's second-step check reads it.
  const { openPortalStore, sharePortalStore } = await import("~/.server/portal-store.server");
  const store = await openPortalStore({ PORTAL_DATA_DIR: "memory://", DATABASE_URL: undefined });
  sharePortalStore(store);
  const { startPortal } = await import("../server");
  const portal = await startPortal({ mode: "production", port: Number(process.env.BENCH_PORTAL_PORT ?? 3190) });

  const worldTimes: number[] = [];
  const ids: string[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    worldTimes.push(
      await time(async () => {
        const res = await fetch(`${mock.url}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seed: i }) });
        ids.push(((await res.json()) as { id: string }).id);
      }),
    );
  }
  for (const id of ids) await fetch(`${mock.url}/__admin/worlds/${id}`, { method: "DELETE" });

  // Sign in as solo through the sign-in page's own action, then time the dashboard.
  const form = new URLSearchParams({ step: "sign-in", input: JSON.stringify({ username: "solo@demo.nz", password: "Kiaora2024", redirectTo: "/" }) });
  const signIn = await fetch(`${portal.url}/login/flow`, { method: "POST", body: form, headers: { Origin: portal.url } });
  const cookie = signIn.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`Sign-in failed: HTTP ${signIn.status}`);
  // Alternating brotli (what browsers take) and no compression, so both see the same machine.
  const pageTimes: number[] = [];
  const plainTimes: number[] = [];
  let plainBytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    for (const [encoding, samples] of [["br", pageTimes], ["identity", plainTimes]] as const) {
      samples.push(
        await time(async () => {
          const res = await fetch(`${portal.url}/`, { headers: { Cookie: cookie, "Accept-Encoding": encoding } });
          if (res.status !== 200) throw new Error(`Dashboard: HTTP ${res.status}`);
          // fetch undoes the compression: this is the page's own size either way.
          plainBytes = (await res.arrayBuffer()).byteLength;
        }),
      );
    }
  }

  console.log(`Create a default world (admin API, loopback): ${stats(worldTimes)}`);
  console.log(`Signed-in dashboard, server render with its practice calls: brotli ${stats(pageTimes)}; uncompressed ${stats(plainTimes)} (${(plainBytes / 1024).toFixed(1)} KB of HTML)`);

  // First-load JavaScript: the same measure as the budget test (bench/first-load.ts), for every page.
  const client = path.join("build", "client");
  const loads = await measurePages(client);
  const load = (url: string) => {
    const found = loads.find((l) => l.url === url);
    if (!found) throw new Error(`No page ${url} in the route manifest`);
    return found;
  };
  // Cross-check against what the server really sends: every modulepreload of the rendered page must
  // be among the scripts measured for it, or the measure has drifted from React Router's.
  const loginHtml = await (await fetch(`${portal.url}/login`)).text();
  const pageHtml = async (route: string) => (await fetch(`${portal.url}${route}`, { headers: { Cookie: cookie } })).text();
  const served: Array<[string, string]> = [["/login", loginHtml], ["/", await pageHtml("/")], ["/profile", await pageHtml("/profile")], ["/accounts", await pageHtml("/accounts")]];
  for (const [url, html] of served) {
    const preloads = [...html.matchAll(/rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]);
    const missed = preloads.filter((href) => !load(url).scripts.includes(href));
    if (missed.length > 0) throw new Error(`${url} preloads ${missed.join(", ")}, which the first-load measure did not count`);
  }
  const byUrl = (url: string) => `${kb(load(url).gzipBytes)} in ${load(url).scripts.length} files (budget ${kb(budgetFor(load(url)).target)}, ${MAX_SCRIPTS} files)`;
  console.log(`JavaScript on first load, gzip: sign-in page ${byUrl("/login")}, dashboard ${byUrl("/")}, profile ${byUrl("/profile")}, accounts ${byUrl("/accounts")}`);
  console.log(`  every page: ${[...loads].sort((x, y) => x.url.localeCompare(y.url)).map((l) => `${l.url} ${kb(l.gzipBytes)} (${l.scripts.length})`).join(", ")}`);
  const assets = path.join(client, "assets");
  const gz = (file: string) => gzipSync(readFileSync(path.join(assets, file))).length;
  const onLoad = loads.flatMap((l) => onDemandCodeIn(client, l));
  // The PDF viewer, its worker and the card form with Stripe's loader, by chunk name, for their sizes.
  const lazy = readdirSync(assets).filter((f) => /^(pdf-viewer|pdf\.worker(\.min)?|stripe-card-fields|pure)-[\w-]+\.m?js$/.test(f));
  console.log(`Loaded on demand only: ${lazy.map((f) => `${f.replace(/-[\w-]{8}\.m?js$/, "")} ${(gz(f) / 1024).toFixed(1)} KB`).join(", ")}; on any page's first load: ${onLoad.length === 0 ? "none" : onLoad.join(", ")}`);

  // The dashboard with 100 ms added to each practice call (issue 35's ratio) is `npm run bench:screens`'s,
  // where the practice is a process of its own: here the mock shares this process with the portal, and
  // its work in answering five calls at once would count as the portal's.

  await portal.close();
  await store.close();
  await mock.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
