import { defineConfig } from "drizzle-kit";

/**
 * drizzle-kit writes the portal store's migrations from its schema (`npm run db:generate`), offline:
 * it compares the schema with the last snapshot in the migrations folder, never with a database.
 * The portal applies them itself at start-up (app/.server/portal-store.server.ts, decisions/270).
 */
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/.server/portal-store/schema.ts",
  out: "./app/.server/portal-store/migrations",
});
