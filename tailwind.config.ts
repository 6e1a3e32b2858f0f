import type { Config } from "tailwindcss";

/**
 * Tailwind v4 reads its theme from app/app.css (`@theme`); this file, loaded there with `@config`,
 * only names the sources so the scan stays inside the portal.
 */
export default {
  content: ["./app/**/*.{ts,tsx}"],
} satisfies Config;
