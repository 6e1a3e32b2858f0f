import { expect, openSignedIn, test } from "./fixtures";

/** What the browser downloads is compressed: the page as it streams, the scripts and styles from build time. */
test("the sign-in page and the dashboard, with every script and stylesheet, arrive compressed", async ({ page, world }) => {
  const uncompressed: string[] = [];
  let scripts = 0;
  page.on("response", async (response) => {
    const type = response.request().resourceType();
    if (!["document", "script", "stylesheet"].includes(type) || response.status() !== 200) return;
    const headers = await response.allHeaders();
    // Small files (under 1 KB) gain nothing from compression and are sent as they are.
    const length = Number(headers["content-length"] ?? Infinity);
    if (type === "script") scripts++;
    const compressed = headers["content-encoding"] === "br" && /Accept-Encoding/i.test(headers.vary ?? "");
    if (!compressed && length >= 1024) uncompressed.push(`${type} ${response.url()}: ${headers["content-encoding"] ?? "none"}, Vary ${headers.vary ?? "none"}`);
  });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
  // The dashboard as a new document: its page streams, with every script and stylesheet it needs.
  await openSignedIn(page, world.user("solo"), "/", "Dashboard");
  expect(scripts).toBeGreaterThan(3);
  expect(uncompressed).toEqual([]);
});
