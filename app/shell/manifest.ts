/**
 * The web app manifest of the installable portal (issue 71, decisions/404): its colours are the portal's
 * (app/app.css's `--color-brand` and `--color-surface`), its icons drawn by scripts/draw-icons.ts.
 * Kept free of any catalogue, so root.tsx's theme colour brings no words with it.
 */
export const THEME_COLOUR = "#005eb8";
export const BACKGROUND_COLOUR = "#f0f4f5";

/** The icons (public/icons/), as the manifest lists them. */
export const ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

/** The manifest, in a build's words and language (`lang` as `<html lang>`). */
export function webManifest(words: { name: string; shortName: string; description: string }, lang: string) {
  return {
    name: words.name,
    short_name: words.shortName,
    description: words.description,
    lang,
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: ICONS,
  };
}
