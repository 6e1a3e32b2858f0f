import { deviceNameTexts as t } from "./texts/devices";

/**
 * A device as the portal keeps it ("Chrome on Windows", the closed lists of .server/portal-store/schema.ts)
 * in the page's language; the kept label stays English, as the access record quotes it. A label of
 * another shape is shown as it is.
 */
export function deviceName(label: string): string {
  const match = /^(.+) on (.+)$/.exec(label);
  if (!match) return label;
  const [, browser, platform] = match;
  return t.browserOn(browser === "Another browser" ? t.anotherBrowser : browser!, platform === "another device" ? t.anotherDevice : platform!);
}
