import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { builtAreas } from "~/lib/areas";
import { startPortalProcess, type PortalProcess } from "../tests/helpers/portal-process";
import { parseRecording, REPLAY_PASSWORD } from "../mock-server/recording/file";
import { MOCK_PORT } from "../playwright.config";
import { expect, test, type WorldUser } from "./fixtures";

/**
 * Record and replay end to end (issue 56, decisions/384): a fresh default world of the suite's own mock
 * stands for the real practice, and two mock processes are started as a developer starts them: one
 * records it (`npm run mock -- --record <its address> --recording <file>`), and, from the file, one replays it
 * (`npm run mock -- --replay <file>`) on the recorder's port once the recorder has stopped. A built
 * portal signs in through the recorder and walks every screen of the area registry; then, the same
 * portal (one start, about 12 s of CPU, fewer), now answered by the replay, signs in as the recorded
 * (made-up) user and walks the same screens: each shows its heading and the same content, with the
 * made-up names, and nothing failed to load. The file holds none of the practice's personal details.
 * The portal keeps nothing of the practice but a session's own reads (session-reads.server.ts), and the
 * replay's sign-in is a new session, so what the replayed walk shows is the replay's.
 * Ports: E2E_RECORD_PORT_BASE (3730) and the next ones, apart from the suite's own.
 */

const BASE = Number(process.env.E2E_RECORD_PORT_BASE ?? 3730);
/** The recorder, and after it the replay, answer on one port: the portal's practice identity address. */
const PORTS = { recorderThenReplay: BASE + 1, portal: BASE + 10 };
/** The suite's mock, whose worlds are practices: the recorder records one by its identity address, as it would a real one. */
const PRACTICE_URL = `http://127.0.0.1:${MOCK_PORT}`;

/** Every signed-in screen and the level-1 heading it shows: the registry's built areas, the dashboard and the profile. */
const HEADINGS: Record<string, string> = {
  "/": "Dashboard",
  "/profile": "User Profile",
  "/medications": "Medications",
  "/reports": "Test Results",
  "/emails": "Messaging",
  "/appointments": "Appointments",
  "/diagnosis": "Diagnosis",
  "/allergies": "Allergies",
  "/immunisation": "Immunisation",
  "/vitals": "Vitals",
  "/timeline": "Timeline",
  "/reminders": "Reminders",
  "/resources": "Resources",
  "/letters": "Letters",
  "/accounts": "Accounts",
  "/access-record": "Who has looked at my record",
  "/sharing": "Who can see my record",
  "/summary": "My health summary",
};

interface MockProcess {
  url: string;
  /** SIGTERM, as Ctrl-C would; resolves once the process has exited (a recorder has written its file by then). */
  stop(): Promise<void>;
}

/** `npm run mock -- <args>` as its own process, ready once it prints its address. */
async function startMock(port: number, args: string[]): Promise<MockProcess> {
  const child: ChildProcess = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "mock-server/main.ts", "--port", String(port), "--smtp-port", "0", ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes("Accounts of the default world:")) resolve();
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", (chunk: Buffer) => (output += String(chunk)));
    child.once("exit", (code) => reject(new Error(`npm run mock -- ${args.join(" ")} exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * The personal details the practice shows the family account's holder on the walk, read from the
 * practice's own API with the walk's own calls: the linked people as the account's list names them,
 * the holder's whole profile (emergency contacts too) and the holder's inbox. A detail the walk
 * never reads (a child's emergency contact) never passes the recorder, so it cannot be in the file
 * but by a made-up name happening to be the same (a common family name), which is not this test's
 * question (stop 65's "MacDonald").
 */
async function originalDetails(apiBase: string, user: WorldUser): Promise<{ details: string[]; texts: string[]; holderFamily: string }> {
  const signIn = await fetch(`${apiBase}Patient/Authentication`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ UserName: user.username, Password: user.password, q: "" }) });
  const [patient] = (await signIn.json()) as { id: string; extension: { url?: string; valueString?: string }[] }[];
  const token = patient.extension.find((e) => e.url === "Token")!.valueString!;
  const get = async (call: string) => (await (await fetch(`${apiBase}${call}`, { headers: { Token: token } })).json()) as { entry?: { resource: Record<string, unknown> }[] }[];
  const resources = async (call: string) => (await get(call))[0]?.entry?.map((e) => e.resource) ?? [];
  const details = new Set<string>([user.username]);
  // Free text (bodies and subjects), compared as written: a subject such as "Test results" is also, in
  // another case, the practice's menu label, which is not personal.
  const texts = new Set<string>();
  const strings = (value: unknown): string[] => (typeof value === "string" ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === "object" ? Object.values(value).flatMap(strings) : []);
  const addNames = (names: { given?: string[]; family?: string }[]) => {
    for (const name of names) for (const part of [...(name.given ?? []), name.family ?? ""]) details.add(part);
  };
  const linked = await resources(`Patient/ProxyUsers?PatientID=${patient.id}`);
  expect(linked.length).toBe(3);
  for (const person of linked) addNames(person.name as { given?: string[]; family?: string }[]);
  const [profile] = await resources(`Patient?PatientID=${patient.id}`);
  const names = [...(profile.name as object[]), ...((profile.contact as { name: object }[] | undefined) ?? []).map((c) => c.name)] as { given?: string[]; family?: string }[];
  const holderFamily = names[0].family!;
  addNames(names);
  for (const telecom of [...((profile.telecom as object[] | undefined) ?? []), ...((profile.contact as { telecom?: object[] }[] | undefined) ?? []).flatMap((c) => c.telecom ?? [])]) details.add((telecom as { value: string }).value);
  for (const address of (profile.address as { line?: string[]; postalCode?: string }[] | undefined) ?? []) for (const part of [...(address.line ?? []), address.postalCode ?? ""]) details.add(part);
  for (const extension of profile.extension as { url?: string; valueString?: string }[]) if (extension.url === "NHINumber") details.add(extension.valueString!);
  if (typeof profile.birthDate === "string") details.add(profile.birthDate);
  // The walk opens the inbox (Messaging's first page), not the sent box.
  for (const message of await resources(`Patient/Messaging?PatientID=${patient.id}&Type=1&MessagingType=1&PageSize=25&PageNumber=1`)) {
    for (const extension of message.extension as { url?: string; valueString?: string }[]) if (extension.url === "MessageBody" && extension.valueString) texts.add(extension.valueString);
    for (const note of strings(message.note)) texts.add(note);
  }
  return { details: [...details].filter((d) => d.trim().length > 1), texts: [...texts], holderFamily };
}

/** Whether `text` holds `detail` as a whole word or phrase (any case, unless `exactCase`). */
const mentions = (text: string, detail: string, exactCase = false) => new RegExp(`(?<![\\p{L}\\p{N}])${detail.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, exactCase ? "u" : "iu").test(text);

/** Signs in through the form and continues as the account holder (the first of the chooser); returns the chooser's text. */
async function signInAsHolder(page: Page, portal: PortalProcess, username: string, password: string): Promise<string> {
  await page.goto(`${portal.url}/login`);
  await page.getByLabel("Email").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  const chooser = page.getByRole("dialog", { name: "Select an account to continue" });
  await expect(chooser.getByRole("radio")).toHaveCount(3);
  const offered = await chooser.innerText();
  await chooser.getByRole("radio").first().check();
  await chooser.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  return offered;
}

const patientShown = (page: Page) => page.getByRole("banner").getByRole("term").filter({ hasText: "Patient:" }).locator("xpath=following-sibling::dd[1]");

/**
 * Walks every screen: its heading, the patient named in the header, no failed load (every call it
 * made was answered), and what it lists, counted (rows and items), for the replay to compare.
 */
async function walk(page: Page, portal: PortalProcess, patient: string): Promise<{ counts: Record<string, number>; texts: Record<string, string> }> {
  const counts: Record<string, number> = {};
  const texts: Record<string, string> = {};
  for (const [screen, heading] of Object.entries(HEADINGS)) {
    await page.goto(`${portal.url}${screen}`);
    await expect(page.getByRole("heading", { name: heading, level: 1 }), screen).toBeVisible();
    await expect(patientShown(page), screen).toHaveText(patient);
    await expect(page.getByRole("button", { name: "Retry" }), `${screen}: a call failed`).toHaveCount(0);
    counts[screen] = await page.getByRole("main").locator("tr, li, article").count();
    texts[screen] = await page.locator("body").innerText();
  }
  return { counts, texts };
}

test.describe.configure({ mode: "serial" });

test("a signed-in walk through every screen is recorded with made-up details, and replayed as recorded", async ({ page, world }) => {
  test.setTimeout(600_000);
  // Every screen of the registry has a heading here, so none is left out of the walk.
  expect(builtAreas().map((a) => a.path).filter((p) => !HEADINGS[p])).toEqual([]);

  const file = path.join(mkdtempSync(path.join(tmpdir(), "recording-")), "walk.json");
  const user = world.user("family");
  const processes: { stop(): Promise<void> }[] = [];
  try {
    const { details: originals, texts, holderFamily } = await originalDetails(`${PRACTICE_URL}/worlds/${world.id}/api/`, user);
    expect(originals.length).toBeGreaterThan(20);
    expect(texts.length).toBeGreaterThan(5);

    const recorder = await startMock(PORTS.recorderThenReplay, ["--record", PRACTICE_URL, "--recording", file]);
    processes.push(recorder);
    const portal = await startPortalProcess(PORTS.portal, { PRACTICE_IDENTITY_URL: recorder.url });
    processes.push(portal);
    await signInAsHolder(page, portal, user.username, user.password);
    const holderName = (await patientShown(page).innerText()).trim();
    expect(mentions(holderName, holderFamily), holderName).toBe(true);
    const recorded = await walk(page, portal, holderName);
    // The walk saw records, not empty screens: there is something to compare with the replay.
    expect(Object.values(recorded.counts).filter((n) => n > 0).length, JSON.stringify(recorded.counts)).toBeGreaterThan(8);
    // And the originals were on screen while recording (the messages' subjects): the replay's check below can fail.
    expect(texts.filter((detail) => mentions(recorded.texts["/emails"], detail, true)).length).toBeGreaterThan(0);
    await recorder.stop();

    const text = readFileSync(file, "utf8");
    const recording = parseRecording(JSON.parse(text));
    expect(originals.filter((detail) => mentions(text, detail))).toEqual([]);
    expect(texts.filter((detail) => mentions(text, detail, true))).toEqual([]);
    expect(text).not.toContain(user.password);
    expect(recording.users).toHaveLength(1);

    const replay = await startMock(PORTS.recorderThenReplay, ["--replay", file]);
    processes.push(replay);
    await page.context().clearCookies();
    const offered = await signInAsHolder(page, portal, recording.users[0], REPLAY_PASSWORD);
    // The chooser lists the linked family by their made-up names.
    expect(originals.filter((detail) => mentions(offered, detail))).toEqual([]);
    const madeUpName = (await patientShown(page).innerText()).trim();
    expect(madeUpName).not.toBe(holderName);
    for (const part of holderName.split(" ")) expect(mentions(madeUpName, part)).toBe(false);
    expect(text).toContain(madeUpName.split(" ").at(-1));
    const replayed = await walk(page, portal, madeUpName);
    expect(replayed.counts).toEqual(recorded.counts);
    // Nothing of the original people on any replayed screen.
    for (const [screen, shown] of Object.entries(replayed.texts)) {
      expect(originals.filter((detail) => mentions(shown, detail)), screen).toEqual([]);
      expect(texts.filter((detail) => mentions(shown, detail, true)), screen).toEqual([]);
    }
    // Every call of the replayed walk was found in the recording (an unrecorded one is answered 404).
    const journal = (await (await fetch(`${replay.url}/__admin/worlds/default/requests`)).json()) as { requests: { method: string; path: string; status: number }[] };
    expect(journal.requests.length).toBeGreaterThan(20);
    expect(journal.requests.filter((r) => r.status !== 200).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([]);
  } finally {
    for (const started of processes.reverse()) await started.stop();
  }
});
