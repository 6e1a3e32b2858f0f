import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import express from "express";
import { HSTS, limitBodies } from "../../server";
import { errorsTexts } from "~/lib/texts/errors";
import { newPasswordTexts } from "~/lib/texts/new-password";
import { documentAddresses } from "../helpers/document-routes";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { Browser, START_TIMEOUT_MS, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { freePort } from "../helpers/redis-server";
import { signInSteps } from "~/areas/sign-in/steps";
import { signInTexts } from "~/areas/sign-in/texts";
import { videoTexts } from "~/areas/video/texts";
import { STEP_HEADER } from "~/lib/step-errors";
import { CAPTCHA_AFTER } from "~/lib/sign-in-flow";

/**
 * Issue 20, findings 5, 8 and 9, against the built portal over real HTTP: what a post may be, what a
 * signed-in reply lets a cache keep, and HSTS when the portal is served over TLS.
 */

const mock = useMockServer();
let portal: PortalProcess;
let secure: PortalProcess;
let world: TestWorld;

beforeAll(async () => {
  world = await mock.createWorld({ scenario: "default", seed: 29 });
  const env = { PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET: "request-hardening-test-secret-32-chars!!" };
  [portal, secure] = await Promise.all([startPortalProcess(await freePort(), env), startPortalProcess(await freePort(), { ...env, COOKIE_SECURE: "true" })]);
}, START_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await Promise.all([portal?.stop(), secure?.stop()]);
}, 30_000);

/**
 * A post that announces `length` bytes and sends only its first kilobyte: the answer must come without
 * the rest being read, which is how a 600 MB post is refused with no memory spent on it.
 */
function announce(path: string, length: number, contentType: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${portal.url}${path}`, { method: "POST", headers: { "Content-Type": contentType, "Content-Length": String(length), Origin: portal.url } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += String(chunk)));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.write("a".repeat(1024));
  });
}

/** A step posted as the browser's callStep posts it, with this Origin and the browser's cookie. */
function postStep(browser: Browser, path: string, step: string, input: unknown, origin: string): Promise<Response> {
  return fetch(`${portal.url}${path}`, { method: "POST", body: new URLSearchParams({ step, input: JSON.stringify(input) }), headers: { [STEP_HEADER]: "1", Origin: origin, Cookie: browser.cookie! }, redirect: "manual" });
}

async function signedIn(): Promise<Browser> {
  const browser = new Browser();
  await browser.signIn(portal, world.user("solo"));
  return browser;
}

describe("request bodies", () => {
  it("refuses a form post larger than 64 KB with 413 before reading it", async () => {
    expect(await announce("/signup", 100 * 1024 * 1024, "application/x-www-form-urlencoded")).toMatchObject({ status: 413 });
    expect(await announce("/login/flow", 64 * 1024 + 1, "application/x-www-form-urlencoded")).toMatchObject({ status: 413 });
  });

  it("refuses what is not a form with 415, and a form that cannot be read with 400", async () => {
    const json = await fetch(`${portal.url}/signup`, { method: "POST", headers: { "Content-Type": "application/json", Origin: portal.url }, body: "{}" });
    expect(json.status).toBe(415);
    const broken = await fetch(`${portal.url}/signup`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz", Origin: portal.url },
      body: "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno closing boundary",
    });
    expect(broken.status).toBe(400);
  });

  it("takes an ordinary form post", async () => {
    const browser = await signedIn();
    expect((await browser.fetch(portal, "/")).status).toBe(200);
  });
});

describe("sign-in links", () => {
  it("followed from another site, ask first and sign nobody in; the portal's own form then goes on", async () => {
    const { q } = (await (await mock.admin(`/worlds/${world.id}/switch-tokens`, { body: { label: "solo" } })).json()) as { q: string };
    await world.clearRequests();
    const followed = await fetch(`${portal.url}/loginSwitch/${q}`, { headers: { "Sec-Fetch-Site": "cross-site" }, redirect: "manual" });
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain("Sign in with this link?");
    expect(followed.headers.getSetCookie()).toEqual([]);
    expect(await world.requests({ path: "Patient/Authentication" })).toEqual([]);
    // A cross-site post of the same form is refused by the same-origin rule.
    expect((await fetch(`${portal.url}/loginSwitch/${q}`, { method: "POST", headers: { Origin: "https://evil.example" }, redirect: "manual" })).status).toBe(403);

    const browser = new Browser();
    const confirmed = await browser.fetch(portal, `/loginSwitch/${q}`, { method: "POST" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/");
    expect(browser.cookie).not.toBeNull();
  });
});

describe("the sign-in step posted straight to the server", () => {
  it("is refused from another site, as is /logout", async () => {
    const input = JSON.stringify({ username: world.user("solo").username, password: world.user("solo").password, captcha: "", redirectTo: "/" });
    for (const origin of ["http://evil.example", "null"]) {
      const res = await fetch(`${portal.url}${signInSteps.url}`, { method: "POST", body: new URLSearchParams({ step: "sign-in", input }), headers: { [STEP_HEADER]: "1", Origin: origin }, redirect: "manual" });
      expect(res.status, origin).toBe(403);
    }
    const logout = await fetch(`${portal.url}/logout`, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" }, redirect: "manual" });
    expect(logout.status).toBe(403);
  });

  it("from a session already signed in (a second tab, a double submit), any step is answered signed in and none runs: the practice is not asked", async () => {
    const browser = await signedIn();
    const before = (await world.requests()).length;
    expect(await browser.step(portal, signInSteps, "sign-in", { username: "nobody@demo.nz", password: "WrongPassword1", captcha: "", redirectTo: "/" })).toEqual({ kind: "signedIn", redirectTo: "/" });
    expect(await browser.step(portal, signInSteps, "cancel", {})).toEqual({ kind: "signedIn", redirectTo: "/" });
    expect(await world.requests()).toHaveLength(before);
    expect((await browser.fetch(portal, "/")).status).toBe(200);
  });

  it("cannot skip the captcha: once it is needed, the right password without it or with a forged one is refused", async () => {
    const fresh = await mock.createWorld({ scenario: "default", seed: 43 });
    const { username, password } = fresh.user("empty");
    const browser = new Browser();
    const post = (pw: string, captcha = "") => browser.step(portal, signInSteps, "sign-in", { username, password: pw, captcha, redirectTo: "/" });
    for (let i = 0; i < CAPTCHA_AFTER; i++) expect(await post("WrongPassword1")).toMatchObject({ kind: "rejected" });
    expect(await post(password)).toEqual({ kind: "rejected", captchaRequired: true, message: signInTexts.captchaNeeded });
    const forged = Buffer.from(JSON.stringify({ algorithm: "SHA-256", challenge: "x", number: 1, salt: "y", signature: "z" })).toString("base64");
    expect(await post(password, forged)).toMatchObject({ kind: "rejected", captchaRequired: true });
    // Nobody was signed in by either.
    expect((await browser.fetch(portal, "/")).headers.get("location")).toMatch(/^\/login/);
    await fresh.delete();
  });
});

describe("a messaging step posted from another site", () => {
  it("is refused, signed-in cookie and all, and never reaches the practice", async () => {
    const browser = await signedIn();
    const writes = async () => (await world.requests({ method: "POST", path: "Patient/Message" })).length + (await world.requests({ method: "DELETE", path: "Patient/DeleteMessage" })).length;
    const before = await writes();
    const send = { key: "cross-site-key-1", mode: "compose", intent: "send", roleId: "1", practitionerId: "1", subject: "x", body: "x" };
    for (const [step, input] of [["send", send], ["delete", { ids: ["x1"], box: "inbox" }]] as const) {
      const res = await postStep(browser, "/emails/step", step, input, "https://evil.example");
      expect(res.status, step).toBe(403);
    }
    expect(await writes()).toBe(before);
  });
});

describe("an appointments step posted from another site", () => {
  it("is refused, signed-in cookie and all, and never reaches the practice; the same step from the portal's own pages is answered", async () => {
    const browser = await signedIn();
    const asked = async () => (await world.requests({ path: "Patient/LoadRoles" })).length + (await world.requests({ method: "DELETE", path: "Patient/Appointment" })).length;
    const before = await asked();
    const post = (step: string, input: unknown, origin: string) => postStep(browser, "/appointments/book", step, input, origin);
    const roles = { for: "", locationIds: "1" };
    for (const [step, input] of [["roles", roles], ["cancel", { appointmentId: "any", reason: "x" }]] as const) expect((await post(step, input, "https://evil.example")).status, step).toBe(403);
    expect(await asked()).toBe(before);
    const own = await post("roles", roles, portal.url);
    expect(await own.json()).toMatchObject({ ok: true, reply: expect.arrayContaining([expect.objectContaining({ id: "1" })]) });
  });
});

describe("the video consult's pages (decisions/130)", () => {
  it("only /zoom and the video client are cross-origin isolated; the client may be framed by the portal alone", async () => {
    const browser = await signedIn();
    const zoom = await browser.fetch(portal, "/zoom");
    await zoom.arrayBuffer();
    expect(zoom.status).toBe(200);
    expect(zoom.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(zoom.headers.get("cross-origin-embedder-policy")).toBe("require-corp");
    expect(zoom.headers.get("x-frame-options")).toBe("DENY");
    expect(zoom.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const client = await browser.fetch(portal, "/zoom-client/");
    await client.arrayBuffer();
    expect(client.status).toBe(200);
    expect(client.headers.get("cross-origin-embedder-policy")).toBe("require-corp");
    expect(client.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(client.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    const appointments = await browser.fetch(portal, "/appointments");
    await appointments.arrayBuffer();
    expect(appointments.status).toBe(200);
    expect(appointments.headers.get("cross-origin-embedder-policy")).toBeNull();
    expect(appointments.headers.get("cross-origin-opener-policy")).toBeNull();
  });

  it("a meeting that is not the patient's: its page answers 404, and its signature step 404 with the plain refusal, from the portal's own pages; from another site the step is refused; the video function is never asked", async () => {
    const browser = await signedIn();
    await world.clearRequests();
    const meetingNumber = "81234567890";
    const page = await browser.fetch(portal, `/zoom?${new URLSearchParams({ meetingNumber, passCode: "abc123" })}`);
    await page.arrayBuffer();
    expect(page.status).toBe(404);
    const post = (origin: string) => postStep(browser, "/zoom/signature", "sign", { meetingNumber }, origin);
    const own = await post(portal.url);
    expect(own.status).toBe(404);
    expect(await own.json()).toEqual({ ok: false, failure: { kind: "refused", message: videoTexts.notYours } });
    const crossSite = await post("https://elsewhere.example");
    await crossSite.arrayBuffer();
    expect(crossSite.status).toBe(403);
    expect(await world.requests({ path: "video/signature" })).toEqual([]);
  });
});

describe("a repeat-medication step posted from another site", () => {
  it("is refused, signed-in cookie and all, and never reaches the practice; the same step from the portal's own pages is answered", async () => {
    const browser = await signedIn();
    const asked = async () => (await world.requests({ path: "Patient/Pharmacies" })).length + (await world.requests({ method: "POST", path: "Patient/SendRepeatMedicationRequest" })).length;
    const before = await asked();
    const post = (step: string, input: unknown, origin: string) => postStep(browser, "/medications/repeat", step, input, origin);
    const send = { key: "cross-site-key-1", medicationIds: "rx1", delivery: "pickup" };
    for (const [step, input] of [["send", send], ["pharmacies", {}]] as const) expect((await post(step, input, "https://evil.example")).status, step).toBe(403);
    expect(await asked()).toBe(before);
    const own = await post("pharmacies", {}, portal.url);
    expect(await own.json()).toMatchObject({ ok: true, reply: expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]) });
  });
});

describe("security headers", () => {
  it("are on every response, with a nonce-based script policy whose nonce React Router's inline scripts carry", async () => {
    const res = await fetch(`${portal.url}/login`);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const inline = [...(await res.text()).matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => /\snonce="([^"]*)"/.exec(m[1])?.[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const n of inline) expect(n).toBe(nonce);
    const asset = await fetch(`${portal.url}/captcha`);
    await asset.arrayBuffer();
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    expect(asset.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("the address to return to", () => {
  // Issue 36 (8b): a sign-in posted straight to the flow, then the set-password page posted straight
  // too, so no browser page resolves the address in between; the redirect must stay on the site.
  it.each(["/.//evil.example", "/..//evil.example", "/a/..//evil.example", "/%2e%2e//evil.example", "/%2f/evil.example"])("%s, through a direct post to /resetpassword, stays on the site", async (redirectTo) => {
    const fresh = await mock.createWorld({ scenario: "default", seed: 31 });
    const reset = fresh.user("reset");
    const browser = new Browser();
    expect(await browser.step(portal, signInSteps, "sign-in", { username: reset.username, password: reset.password, captcha: "", redirectTo })).toEqual({ kind: "passwordUpdate" });
    const set = await browser.fetch(portal, "/resetpassword", { form: { password: "Kahikatea42Ab", confirm: "Kahikatea42Ab", agreed: "on" } });
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toBe("/");
    await fresh.delete();
  });
});

describe("/resetpassword", () => {
  // Issue 33 (10): 1§5 rule 8 asks the reset for the agreement tick; the server decides, whatever the page sent.
  it("refuses a new password posted without the agreement tick, and asks the practice nothing", async () => {
    const fresh = await mock.createWorld({ scenario: "default", seed: 37 });
    const reset = fresh.user("reset");
    const browser = new Browser();
    expect(await browser.step(portal, signInSteps, "sign-in", { username: reset.username, password: reset.password, captcha: "", redirectTo: "/" })).toEqual({ kind: "passwordUpdate" });
    const refused = await browser.fetch(portal, "/resetpassword", { form: { password: "Kahikatea42Ab", confirm: "Kahikatea42Ab" } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(newPasswordTexts.resetPanel.agree);
    expect(await fresh.requests({ path: "Patient/ChangePassword" })).toEqual([]);
    const set = await browser.fetch(portal, "/resetpassword", { form: { password: "Kahikatea42Ab", confirm: "Kahikatea42Ab", agreed: "on" } });
    expect(set.status).toBe(302);
    expect(await fresh.requests({ path: "Patient/ChangePassword" })).toHaveLength(1);
    await fresh.delete();
  });
});

describe("caching and transport", () => {
  it("marks every signed-in reply no-store, a page's data request included", async () => {
    const browser = await signedIn();
    for (const path of ["/", "/_.data", "/profile.data", "/accounts.data"]) {
      const res = await browser.fetch(portal, path);
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("marks every route that answers a document or health data no-store: each data route of app/routes.ts is walked", async () => {
    const addresses = await documentAddresses(world);
    // The routes that are not pages (a module of their own, no component) and answer a GET with data.
    const flat = (entries: RouteConfigEntry[]): RouteConfigEntry[] => entries.flatMap((e) => [e, ...flat(e.children ?? [])]);
    const resourceRoutes = flat(routes).filter((r) => r.file.endsWith(".ts"));
    const postOnly = ["login/flow", "login/help", "refresh", "language", "accounts/pay", "appointments/book", "zoom/signature", "medications/repeat", "emails/step", "summary/step", "profile/step", "card/end"];
    const noData = { captcha: "/captcha", medication: "/medication" };
    // A share link's receiving side answers only a link's own ids, with no session (tests/integration/share-links.test.ts walks it, no-store included).
    const sharedByLink = ["shl/:id", "shl/file/:ticket"];
    // The web app manifest: the same for everyone, no-cache (decisions/404), held in tests/unit/service-worker.test.ts and e2e/offline-shell.spec.ts.
    const sameForEveryone = ["manifest.webmanifest"];
    // Which of a device's health card copies stand: ids only, no session (tests/integration/health-cards.test.ts walks it, no-store included).
    const cardCopies = ["card/status"];
    expect(resourceRoutes.map((r) => r.path).sort(), "every resource route is walked here (add a new one to documentAddresses)").toEqual(
      [...Object.keys(addresses), ...postOnly, ...sharedByLink, ...sameForEveryone, ...cardCopies, ...Object.keys(noData)].sort(),
    );
    const browser = await signedIn();
    for (const [route, address] of Object.entries({ ...addresses, ...noData })) {
      const res = await browser.fetch(portal, address);
      await res.arrayBuffer();
      expect(res.status, route).toBeLessThan(400);
      // The patient's photo may be kept by their own browser only (decisions/171); everything else never.
      expect(res.headers.get("cache-control"), route).toBe(route === "profile/photo" ? "private, max-age=3600" : "no-store");
    }
    // A refusal is no more cacheable than the document.
    for (const route of ["reports/result/:id", "letters/letter/:id"]) {
      const res = await browser.fetch(portal, addresses[route].replace(/[^/]+$/, "x".repeat(80)));
      await res.arrayBuffer();
      expect(res.headers.get("cache-control"), `${route} refused`).toBe("no-store");
    }
  });

  it("renders /preview of a letter and of an invoice (PDFs) on the server: 200, the page, and no error in the log", async () => {
    const addresses = await documentAddresses(world);
    const browser = await signedIn();
    for (const [type, route] of [["letter", "letters/letter/:id"], ["invoice", "accounts/invoice/:id"]]) {
      const id = addresses[route].split("/").pop()!;
      const logged = portal.output().length;
      const res = await browser.fetch(portal, `/preview?${new URLSearchParams({ type, id })}`);
      const html = await res.text();
      expect(res.status, type).toBe(200);
      // The page itself, with its place for the PDF, not the error boundary.
      expect(html, type).toContain(`href="${addresses[route]}"`);
      expect(portal.output().slice(logged), type).not.toMatch(/error/i);
    }
  });

  it("sends Strict-Transport-Security only when the portal is served over TLS", async () => {
    expect((await fetch(`${secure.url}/login`)).headers.get("strict-transport-security")).toBe(HSTS);
    expect((await fetch(`${portal.url}/login`)).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("a too-large post sent whole (issue 33)", () => {
  /**
   * A browser uploading a large file over a slow link is still sending when the answer comes. Closing
   * the connection with the answer made the sender's next writes fail (EPIPE or a reset) after it had
   * read the 413, and Node's client reports that as the request's error. Here a server with the
   * portal's body limits answers within the sender's first writes (it runs in the test's process):
   * before the fix every run ended in EPIPE. fetch and Node's own client each send 20 MB, three times.
   */
  it("is answered 413, the rest of it read and dropped, so every write of the sender's succeeds", async () => {
    const app = express();
    app.use(limitBodies());
    app.post("/signup", (_req, res) => void res.send("taken"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/signup`;
    const body = Buffer.alloc(20 * 1024 * 1024, "a");
    try {
      for (let i = 0; i < 3; i++) {
        expect((await fetch(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body })).status).toBe(413);
        const outcome = await new Promise<{ status: number; error?: string }>((resolve) => {
          let status = 0;
          let error: string | undefined;
          const req = request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) } }, (res) => {
            status = res.statusCode ?? 0;
            res.resume();
          });
          req.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
          // The request closes after its answer is read and its body written, or after an error.
          req.on("close", () => resolve(error ? { status, error } : { status }));
          req.end(body);
        });
        expect(outcome).toEqual({ status: 413 });
      }
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the shell's answers that need no browser (moved from e2e/shell.spec.ts)", () => {
  it("every page names an icon the portal serves, so browsers do not ask for a missing favicon.ico", async () => {
    const html = await (await fetch(`${portal.url}/login`)).text();
    const href = /<link[^>]*rel="icon"[^>]*href="([^"]+)"|<link[^>]*href="([^"]+)"[^>]*rel="icon"/.exec(html);
    expect(href, "a <link rel=icon> in the page").not.toBeNull();
    const icon = await fetch(`${portal.url}${href![1] ?? href![2]}`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toContain("image/svg+xml");
  });

  it("a signed-in user who opens /login is sent to the dashboard", async () => {
    const browser = await signedIn();
    const res = await browser.fetch(portal, "/login");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("a practice reply that breaks the contract is a clear error page (502), not a crash", async () => {
    const browser = await signedIn();
    await world.fault({ path: "Patient/RefreshCounter", body: "malformed", times: 1 });
    const res = await browser.fetch(portal, "/");
    expect(res.status).toBe(502);
    const html = await res.text();
    expect(html).toContain(errorsTexts.problemTitle);
    expect(html).toContain("sent a reply we could not read");
  });
});

describe("the language choice (issue 69, decisions/403)", () => {
  it("each language's build answers in its own: the page's lang, and the control offering the other language by its own name", async () => {
    const [english, teReo, chosen] = await Promise.all([
      fetch(`${portal.url}/login`, { headers: { "Accept-Language": "en-NZ" } }),
      fetch(`${portal.url}/login`, { headers: { "Accept-Language": "mi" } }),
      fetch(`${portal.url}/login`, { headers: { "Accept-Language": "mi", Cookie: "portal-language=en" } }),
    ]);
    const page = async (res: Response) => ({ contentLanguage: res.headers.get("content-language"), html: /<html lang="([^"]+)"/.exec(await res.text())?.[1] });
    expect(await page(english)).toEqual({ contentLanguage: "en-NZ", html: "en-NZ" });
    expect(await page(teReo)).toEqual({ contentLanguage: "mi", html: "mi" });
    expect(await page(chosen)).toEqual({ contentLanguage: "en-NZ", html: "en-NZ" });
  });

  it("is kept a year by the browser, and the page asked from comes back; a value that is no language, or an address off the portal, is not followed", async () => {
    const choose = (body: Record<string, string>, origin = portal.url) => fetch(`${portal.url}/language`, { method: "POST", body: new URLSearchParams(body), headers: { Origin: origin }, redirect: "manual" });
    const kept = await choose({ language: "mi", returnTo: "/login?reason=x" });
    expect(kept.status).toBe(303);
    expect(kept.headers.get("location")).toBe("/login?reason=x");
    expect(kept.headers.get("set-cookie")).toBe("portal-language=mi; Max-Age=31536000; Path=/; SameSite=Lax");
    const refused = await choose({ language: "fr", returnTo: "//elsewhere.example/" });
    expect([refused.status, refused.headers.get("location"), refused.headers.get("set-cookie")]).toEqual([303, "/", null]);
    const crossSite = await choose({ language: "mi", returnTo: "/" }, "https://elsewhere.example");
    expect([crossSite.status, crossSite.headers.get("set-cookie")]).toEqual([403, null]);
  });

  it("is marked Secure where the portal is served over TLS", async () => {
    const res = await fetch(`${secure.url}/language`, { method: "POST", body: new URLSearchParams({ language: "en", returnTo: "/" }), headers: { Origin: secure.url }, redirect: "manual" });
    expect(res.headers.get("set-cookie")).toBe("portal-language=en; Max-Age=31536000; Path=/; Secure; SameSite=Lax");
  });
});
