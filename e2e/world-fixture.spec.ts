import { signInSteps } from "~/areas/sign-in/steps";
import { expect, openSignedIn, postStep, test } from "./fixtures";

/** The `world` fixture's options and clock reach the portal (decisions/012). */

test.describe("a scenario chosen with worldOptions", () => {
  test.use({ worldOptions: { scenario: "family", seed: 7, now: "2026-03-01T09:00:00+13:00" } });

  test("the family scenario's holder is offered all four accounts, and the clock is the one asked for", async ({ page, world }) => {
    expect(await world.clock()).toMatchObject({ now: "2026-03-01T09:00:00+13:00", mode: "fixed" });
    // The sign-in form's own step, over HTTP: the chooser it opens is sign-in.spec.ts's.
    const user = world.user("family");
    const res = await postStep(page.request, signInSteps, "sign-in", { username: user.username, password: user.password, captcha: null, redirectTo: "/" });
    expect(res.status()).toBe(200);
    const outcome = signInSteps.steps["sign-in"].reply.parse(((await res.json()) as { reply: unknown }).reply);
    // The default scenario's family account has three; the family scenario's holder has three linked accounts and themself.
    expect(outcome).toMatchObject({ kind: "chooseAccount", accounts: expect.any(Array) });
    expect(outcome.kind === "chooseAccount" && outcome.accounts).toHaveLength(4);
  });
});

test.describe("the world's clock", () => {
  test.use({ worldOptions: { scenario: "default", seed: 3, now: "2026-03-01T09:00:00+13:00" } });

  const futureCard = (page: import("@playwright/test").Page) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Future Appointments" }) });

  test("advancing it a year turns the future appointments into completed ones on the dashboard; reset brings them back", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    const card = futureCard(page);
    await expect(card).toContainText(/[1-9]\d* future appointments?/);
    const overview = page.getByRole("table", { name: "Appointment Overview" });
    const completed = Number(await overview.getByRole("row", { name: /Completed/ }).getByRole("cell").innerText());
    const upcoming = Number(await overview.getByRole("row", { name: /Upcoming/ }).getByRole("cell").innerText());
    expect(upcoming).toBeGreaterThan(0);

    expect((await world.advance("P1Y")).now).toBe("2027-03-01T09:00:00+13:00");
    // The session keeps the counts up to 30 s (decisions/375): the patient asks for what is new.
    await page.getByRole("button", { name: /account menu/ }).click();
    await page.getByRole("menuitem", { name: "Refresh Configurations" }).click();
    await expect(futureCard(page)).toContainText("No future appointments");
    await expect(overview.getByRole("row", { name: /Completed/ }).getByRole("cell")).toHaveText(String(completed + upcoming));
    await expect(overview.getByRole("row", { name: /Upcoming/ }).getByRole("cell")).toHaveText("0");

    // Reset: the starting clock and data; the old sign-in is gone (the practice answers the next call
    // a page makes with 401, and the portal sends the browser to sign in, ending its session there),
    // so sign in again.
    await world.reset();
    expect((await world.clock()).now).toBe("2026-03-01T09:00:00+13:00");
    await page.goto("/allergies");
    await expect(page).toHaveURL(/\/login/);
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    await expect(futureCard(page)).toContainText(`${upcoming} future appointment`);
  });
});
