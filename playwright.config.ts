import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests in Debian's Chromium (Playwright's own browser download does not work here).
 * The built portal and its mock practice server run on their own ports so that a `npm start` or
 * `npm run dev` in another terminal does not collide with the suite. `npm test` builds first.
 */
export const PORTAL_PORT = Number(process.env.E2E_PORTAL_PORT ?? 3100);
export const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 4110);
/**
 * The embedded mock's mail catcher (decisions/277), on a port of its own so that a test can start a
 * second portal (REQUIRE_SECOND_STEP) that mails to the same catcher.
 */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? MOCK_PORT + 1);
/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the same engine and version as
 * chromium): the browser Playwright itself uses for headless runs. The full browser's headless mode
 * draws as a desktop browser does and took 18 minutes for the suite; the shell took 12 (decisions/273).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
/** Both servers' request lines, for the test that no password or token is ever logged. */
export const SERVER_LOG = path.resolve("e2e/.logs/servers.log");

/**
 * The e2e portal gives up on a practice call after this long (PRACTICE_TIMEOUT_MS), so a test of a
 * reply later than the timeout (a held call) waits a few seconds, not the production ten.
 */
export const E2E_PRACTICE_TIMEOUT_MS = 4_000;

/** The e2e portal pauses an account after this many failed sign-ins (SIGNIN_MAX_FAILURES_PER_ACCOUNT). */
export const E2E_ACCOUNT_PAUSE_AFTER = 6;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    // 127.0.0.1, not localhost: this machine's hosts file names localhost for IPv4 only, and a burst of
    // requests from the test process can wait seconds on IPv6 lookups of it.
    baseURL: `http://127.0.0.1:${PORTAL_PORT}`,
    // No trace by default: recording one for every test cost 14 % of the suite's CPU (every-area.spec.ts:
    // 156 s → 135 s), and a failure keeps its screenshot and page snapshot. To look into a failure,
    // run it again with `--trace retain-on-failure` (docs/testing.md).
    trace: "off",
    screenshot: "only-on-failure",
    // The portal's service worker (decisions/404) would answer some requests before `page.route` sees them:
    // blocked in every test but e2e/offline-shell.spec.ts, which allows it for itself.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: CHROMIUM,
          // V8's baseline compiler only (--max-opt=1): a test's pages live seconds, too short to repay the
          // optimising compilers' CPU; the same tests took 8-17 % less time and a fifth less renderer CPU (decisions/399).
          args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--js-flags=--max-opt=1"],
        },
      },
    },
  ],
  webServer: {
    // The server `npm start` runs, bundled by `npm run build` (npm test builds first).
    command: "node build/node/serve.js",
    url: `http://127.0.0.1:${PORTAL_PORT}/login`,
    // Every e2e test signs in (and asks for passwords) from 127.0.0.1: the per-address limits are raised
    // so parallel tests do not throttle each other, and the per-account one lowered so the throttle test is short.
    env: {
      PORT: String(PORTAL_PORT),
      MOCK_PORT: String(MOCK_PORT),
      MOCK_SMTP_PORT: String(SMTP_PORT),
      NODE_ENV: "production",
      LOG_FILE: SERVER_LOG,
      PRACTICE_TIMEOUT_MS: String(E2E_PRACTICE_TIMEOUT_MS),
      SIGNIN_MAX_FAILURES_PER_ADDRESS: "100000",
      SIGNIN_MAX_FAILURES_PER_ACCOUNT: String(E2E_ACCOUNT_PAUSE_AFTER),
      FORGOT_PASSWORD_MAX_PER_ADDRESS: "100000",
      // The robot check's proof of work, sized for tests (the integration tests' size): a solve takes
      // milliseconds instead of one to two seconds, and the check is the same.
      CAPTCHA_MAX_NUMBER: "1000",
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
