import { AXE_SOURCE, expect, expectNoAxeViolations, openSignedIn, rememberParsedColours, test } from "./fixtures";

/**
 * The axe check every screen relies on (e2e/fixtures.ts) fails when there is something to find: in
 * the page, in a later scan of the same page (axe already in it), and in a same-origin frame.
 */
test("the axe check fails on a violation in the page, on a second scan of it, and in the portal's own frame", async ({ page, world }) => {
  await openSignedIn(page, world.user("solo"), "/", "Dashboard");
  await expectNoAxeViolations(page);

  await page.evaluate(() => {
    const image = document.createElement("img");
    image.id = "no-words";
    image.src = "/favicon.ico";
    document.querySelector("main")!.append(image);
  });
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt: .*#no-words/);

  await page.evaluate(() => document.getElementById("no-words")!.setAttribute("alt", "Practice logo"));
  await expectNoAxeViolations(page);

  await page.evaluate(() => {
    const frame = document.createElement("iframe");
    frame.title = "A frame of the portal's own";
    frame.srcdoc = '<!doctype html><html lang="en"><title>Inner</title><main><img id="inner-no-words" src="/favicon.ico"></main></html>';
    document.querySelector("main")!.append(frame);
  });
  await expect.poll(() => page.frames().length).toBe(2);
  await page.frames()[1].waitForLoadState();
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt: .*#inner-no-words/);
});

/**
 * Every WCAG 2.x A and AA rule axe has runs (issue 33), also those axe ships switched off because it
 * marks them experimental or deprecated: a data cell with no header (`td-has-header`, 1.3.1) and a
 * bold paragraph standing in for a heading (`p-as-heading`, 1.3.1) are violations, not passes.
 */
test("the axe check runs axe's experimental and deprecated WCAG A/AA rules too", async ({ page, world }) => {
  await openSignedIn(page, world.user("solo"), "/", "Dashboard");
  await page.evaluate(() => {
    const table = document.createElement("table");
    table.id = "no-headers";
    // td-has-header looks at data tables (a caption makes it one) of at least three rows and columns.
    table.innerHTML = `<caption>Readings</caption>${"<tr><td>a</td><td>b</td><td>c</td></tr>".repeat(3)}`;
    document.querySelector("main")!.append(table);
  });
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/td-has-header: .*#no-headers/);
  await page.evaluate(() => document.getElementById("no-headers")!.remove());

  await page.evaluate(() => {
    const section = document.createElement("section");
    section.innerHTML = '<p id="fake-heading" style="font-weight:bold;font-size:2em">Your notes</p><p>The practice keeps these for you and they are read by the whole team.</p>';
    document.querySelector("main")!.append(section);
  });
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/p-as-heading: .*#fake-heading/);
});

/**
 * The check remembers each colour axe has parsed (decisions/401). Colour contrast finds the same with it as
 * without it, to the colours and ratios it reports, on a page with faint words in colours it has met before.
 */
test("colours parsed once give axe's colour-contrast findings exactly as parsing afresh does", async ({ page, world }) => {
  await openSignedIn(page, world.user("solo"), "/accounts", "Accounts");
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    for (const [id, colour] of [["faint", "rgb(200, 200, 200)"], ["see-through", "rgba(0, 0, 0, 0.2)"], ["faint-again", "rgb(200, 200, 200)"]]) {
      const words = document.createElement("p");
      words.id = id;
      words.style.color = colour;
      words.textContent = "Words hard to read";
      main.append(words);
    }
  });
  const findings = () =>
    page.evaluate(() =>
      (window as unknown as { axe: typeof import("axe-core") }).axe
        .run(document, { runOnly: ["color-contrast"] })
        .then((results) => JSON.stringify((["violations", "incomplete", "passes"] as const).map((kind) => results[kind].flatMap((rule) => rule.nodes.map((node) => [kind, node.target, node.any.map((check) => check.data)]))))),
    );
  await page.evaluate(AXE_SOURCE);
  const afresh = await findings();
  expect(afresh).toContain('"violations",["#faint"]');
  expect(afresh).toContain('"violations",["#see-through"]');
  await page.evaluate(rememberParsedColours);
  expect(await findings()).toBe(afresh);
  // Every colour is remembered by now.
  expect(await findings()).toBe(afresh);
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/color-contrast: .*#faint, #see-through, #faint-again/);
});
