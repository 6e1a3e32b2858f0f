import { expect, type Page } from "@playwright/test";

/** What a focused element shows: its text's colour against what is painted behind it. */
export interface FocusReading {
  /** The focused element, as a person would name it. */
  name: string;
  /** The text (of the element or one of its descendants) whose contrast was the lowest. */
  text: string;
  ratio: number;
}

/**
 * Reads the contrast of the element that has the focus now: every visible piece of text inside it,
 * its colour against the background painted behind it (the ancestors' backgrounds composited, as a
 * browser paints them). Colours are read through a canvas, so any CSS colour syntax (hex, oklch,
 * color-mix) is measured as the pixels it becomes.
 */
export async function focusedContrast(page: Page): Promise<FocusReading | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return null;
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    const rgba = (colour: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "#000";
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: [number, number, number, number], under: [number, number, number]): [number, number, number] => [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])) as [number, number, number];
    const background = (el: Element): [number, number, number] => {
      const layers: [number, number, number, number][] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const layer = rgba(getComputedStyle(node).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      return layers.reduceRight<[number, number, number]>((under, layer) => over(layer, under), [255, 255, 255]);
    };
    const luminance = ([r, g, b]: [number, number, number]) => {
      const c = [r, g, b].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const ratio = (a: [number, number, number], b: [number, number, number]) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (l1! + 0.05) / (l2! + 0.05);
    };
    // Text a person sees: elements with their own non-blank text, drawn larger than a pixel (not sr-only).
    const carriers = [focused, ...focused.querySelectorAll("*")].filter((el) => {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== "");
      if (!own) return false;
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== "hidden";
    });
    const name = (focused.getAttribute("aria-label") ?? focused.textContent ?? focused.tagName).trim().slice(0, 60) || focused.tagName;
    // A field's own text is what the user types: it is read against the field itself.
    if (carriers.length === 0 || focused.matches("input, select, textarea")) {
      if (!focused.matches("input:not([type=checkbox]):not([type=radio]), select, textarea")) return { name, text: "", ratio: 21 };
      return { name, text: "(field)", ratio: ratio(over(rgba(getComputedStyle(focused).color), background(focused)), background(focused)) };
    }
    let worst = { name, text: "", ratio: 21 };
    for (const el of carriers) {
      const bg = background(el);
      const r = ratio(over(rgba(getComputedStyle(el).color), bg), bg);
      if (r < worst.ratio) worst = { name, text: (el.textContent ?? "").trim().slice(0, 40), ratio: r };
    }
    return worst;
  });
}

/**
 * Tabs through the page from the top, up to `limit` stops or until the focus comes back round, and
 * expects every focused element's text to read at 4.5:1 or more (WCAG 1.4.3, NHS.UK's focus style).
 * Returns the names of the elements visited, so a test can also say which ones it must have met.
 */
export async function expectReadableFocusThroughout(page: Page, limit = 80): Promise<string[]> {
  // Tab starts from where the focus last was: a stand-in at the top of the page makes it start there.
  await page.evaluate(() => {
    const start = document.createElement("span");
    start.tabIndex = -1;
    start.dataset.tabStart = "";
    document.body.prepend(start);
    start.focus();
  });
  const visited: string[] = [];
  const low: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (i === 0) await page.evaluate(() => document.querySelector("[data-tab-start]")?.remove());
    const reading = await focusedContrast(page);
    if (!reading) break;
    if (visited.length > 0 && reading.name === visited[0] && i > 2) break;
    visited.push(reading.name);
    if (reading.ratio < 4.5) low.push(`${reading.name} / "${reading.text}": ${reading.ratio.toFixed(2)}:1`);
  }
  expect(low, "focused elements whose text reads below 4.5:1").toEqual([]);
  return visited;
}
