import { expect, expectNoAxeViolations, openSignedIn, test } from "./fixtures";

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
