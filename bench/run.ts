/**
 * `npm run bench`: figures for the README, measured on loopback against the built portal and an
 * in-process mock server. Not a test: it prints medians and percentiles, it asserts nothing.
 *   - creating a default world through the admin API
 *   - a signed-in dashboard page render (server render, every practice call of the page)
 *   - the size of the JavaScript a first visit to the sign-in page, the dashboard, the profile and the
 *     accounts page downloads, and that the PDF viewer and the card SDK are not part of any of them
 * Run `npm run build` first.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createMockServer } from "../mock-server/server";

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
  const { startPortal } = await import("../server");
  const portal = await startPortal({ mode: "production", port: 3190 });

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
  const form = new URLSearchParams({ intent: "sign-in", username: "solo@demo.nz", password: "Kiaora2024", redirectTo: "/" });
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

  const assets = path.join("build", "client", "assets");
  const gz = (file: string) => gzipSync(readFileSync(path.join(assets, file))).length;
  const js = readdirSync(assets).filter((f) => f.endsWith(".js"));
  const loginHtml = await (await fetch(`${portal.url}/login`)).text();
  const pageHtml = async (route: string) => (await fetch(`${portal.url}${route}`, { headers: { Cookie: cookie } })).text();
  const dashboardHtml = await pageHtml("/");
  const profileHtml = await pageHtml("/profile");
  const accountsHtml = await pageHtml("/accounts");
  // What the browser really fetches: the module preloads (the route manifest also names other routes' chunks).
  const scriptsOf = (html: string) => new Set([...html.matchAll(/rel="modulepreload" href="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]));
  const kb = (files: Set<string>) => ([...files].reduce((sum, f) => sum + gz(f), 0) / 1024).toFixed(1);

  console.log(`Create a default world (admin API, loopback): ${stats(worldTimes)}`);
  console.log(`Signed-in dashboard, server render with its practice calls: brotli ${stats(pageTimes)}; uncompressed ${stats(plainTimes)} (${(plainBytes / 1024).toFixed(1)} KB of HTML)`);
  console.log(`JavaScript on first load, gzip: sign-in page ${kb(scriptsOf(loginHtml))} KB, dashboard ${kb(scriptsOf(dashboardHtml))} KB, profile ${kb(scriptsOf(profileHtml))} KB, accounts ${kb(scriptsOf(accountsHtml))} KB (all chunks ${kb(new Set(js))} KB, ${statSync(assets).isDirectory() ? js.length : 0} files)`);
  // The PDF viewer (react-pdf, pdf.js) and the card SDK must load only when used, never with a page.
  const heavy = /^(pdf-viewer|pdf\.worker(\.min)?|stripe-card-fields|pure)-/;
  const heavyOf = (html: string) => [...scriptsOf(html)].filter((f) => heavy.test(f));
  const onLoad = [loginHtml, dashboardHtml, profileHtml, accountsHtml].flatMap(heavyOf);
  const lazy = readdirSync(assets).filter((f) => heavy.test(f) && /\.m?js$/.test(f));
  console.log(`Loaded on demand only: ${lazy.map((f) => `${f.replace(/-[\w]+\.m?js$/, "")} ${(gz(f) / 1024).toFixed(1)} KB`).join(", ")}; on any page's first load: ${onLoad.length === 0 ? "none" : onLoad.join(", ")}`);

  // One round trip, not two: with 100 ms added to every practice call the dashboard makes (the
  // token check included), its render should cost about one such call (target ≤ 1.2x), since the
  // calls run together and none is repeated. Timed against one 100 ms call in the same run.
  const DELAY_MS = 100;
  const dashboardPaths = ["ValidateToken", "Patient/PatientMenu", "Patient", "Patient/Organization", "Patient/RefreshCounter"];
  const admin = (path: string, body?: unknown) =>
    fetch(`${mock.url}/__admin/worlds/default${path}`, { method: body === undefined ? "DELETE" : "POST", headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  for (const path of dashboardPaths) await admin("/faults", { path, delayMs: DELAY_MS });
  const oneCall = async () => {
    const res = await fetch(`${mock.url}/worlds/default/api/ValidateToken`, { headers: { Token: "not-a-token" } });
    await res.arrayBuffer();
  };
  const delayedPage: number[] = [];
  const delayedCall: number[] = [];
  const delayedRounds = Math.min(ROUNDS, 20);
  for (let i = 0; i < delayedRounds; i++) {
    delayedCall.push(await time(oneCall));
    delayedPage.push(
      await time(async () => {
        const res = await fetch(`${portal.url}/`, { headers: { Cookie: cookie } });
        if (res.status !== 200) throw new Error(`Dashboard with delays: HTTP ${res.status}`);
        await res.text();
      }),
    );
  }
  await admin("/faults");
  const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  const ratio = median(delayedPage) / median(delayedCall);
  console.log(
    `Dashboard with ${DELAY_MS} ms added to each of its practice calls: ${stats(delayedPage)}; one such call ${stats(delayedCall)}; ratio ${ratio.toFixed(2)}x (target ≤ 1.20x)`,
  );

  await portal.close();
  await mock.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
